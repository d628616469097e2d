package gol.runtime;

import java.util.List;

/*
 * The scheduler's side of the network poller (Go's netpoll calls in findRunnable and sysmon):
 * an idle M blocks in the Selector (one at a time), sysmon polls when every M is busy, and the
 * Gs a poll readied are run here or queued globally.
 *
 * Invariants
 *   - At most one M is blocked in the Selector (Poller.claimBlocking); while there it counts as
 *     idle for checkdead (Sched.nmpoll).
 *   - Gs a poll returned stop counting as network waiters (netpollDone) only once they are
 *     queued or running, so checkdead never sees them nowhere.
 *
 * Locking / ownership
 *   sched.lock guards nmpoll and pidle; the readied list is the polling M's own (M.netReady) or
 *   sysmon's.
 */
final class SchedNetpoll {
  private SchedNetpoll() {
  }

  /**
   * The Gs a poll readied, for an M that holds a P: the first is returned to run here, the rest
   * go to the global queue (with an M each while a P is idle); then they stop counting as
   * network waiters.
   */
  static G takeReady(Sched sched, Sched.Poller pl, List<G> ready) {
    int n = ready.size();
    G gp = ready.get(0);
    sched.injectGList(ready, 1);
    gp.casStatus(G.WAITING, G.RUNNABLE);
    ready.clear();
    pl.netpollDone(n);
    return gp;
  }

  /**
   * mp has no P and nothing to run, and some G waits on the network: unless another M is
   * already there, block in the Selector (Go's findRunnable: netpoll(delay) by one M at a time)
   * until a socket is ready, then take an idle P and return the first readied G (the rest are
   * queued). Returns null when there is nothing (mp then parks in acquireNextP), when no P was
   * idle (the Gs went to the global queue for the busy Ps), or the program is ending. While
   * blocked, mp counts as idle for checkdead (nmpoll), as if parked.
   */
  static G netpollBlock(Sched sched, M mp, Sched.Poller pl) {
    if (!pl.claimBlocking()) {
      return null; // another M is in the Selector; park
    }
    boolean dead;
    sched.lock.lock();
    try {
      sched.nmpoll++;
      dead = Deadlock.checkdead(sched);
      if (dead) {
        sched.nmpoll--;
      }
    } finally {
      sched.lock.unlock();
    }
    if (dead) {
      pl.releaseBlocking();
      return null; // stopM finds the deadlock again and reports it
    }
    List<G> ready = mp.netReady;
    while (ready.isEmpty() && !sched.exiting && pl.netpollWanted()) {
      pl.netpollBlock(ready);
    }
    pl.releaseBlocking();
    if (Debug.NETPOLLDELAY) {
      stampReady(ready, NetpollDelay.BY_BLOCKED_M);
    }
    P pp = null;
    sched.lock.lock();
    try {
      sched.nmpoll--;
      if (!ready.isEmpty() && !sched.exiting) {
        pp = sched.pidleGet();
      }
    } finally {
      sched.lock.unlock();
    }
    if (ready.isEmpty()) {
      return null;
    }
    if (pp == null) {
      int n = ready.size();
      sched.injectGList(ready, 0); // every P is busy: they take the Gs from the global queue
      ready.clear();
      pl.netpollDone(n);
      return null;
    }
    sched.acquireP(mp, pp);
    return takeReady(sched, pl, ready);
  }

  /**
   * sysmon's network poll (Go's sysmon: "poll network if not polled for more than 10ms"): when
   * every M is busy nobody blocks in the Selector, so a readied socket would wait until an M
   * runs out of work. The Gs go to the global queue.
   */
  static void sysmonNetpoll(Sched sched, long now, List<G> ready) {
    Sched.Poller pl = sched.poller;
    if (pl == null || !pl.netpollWanted() || now - pl.lastPoll() < Tunables.SYSMON_NETPOLL_NS) {
      return;
    }
    pl.netpollNow(ready);
    if (Debug.NETPOLLDELAY) {
      stampReady(ready, NetpollDelay.BY_SYSMON);
    }
    int n = ready.size();
    if (n > 0) {
      sched.injectGList(ready, 0);
      ready.clear();
      pl.netpollDone(n);
    }
  }

  /** GOLDEBUG=netpolldelay: notes when and by whom the Gs in ready were readied. */
  static void stampReady(List<G> ready, int by) {
    long now = System.nanoTime();
    for (int i = 0, n = ready.size(); i < n; i++) {
      ready.get(i).readyAt = now;
    }
    NetpollDelay.polled(by, ready.size());
  }
}
