package gol.runtime;

import java.util.concurrent.atomic.AtomicReference;

/*
 * A coroutine (Go's runtime.coro, coro.go): two goroutines that take turns, one running while the
 * other waits, control passing only by an explicit switch. iter.Pull is built on it: the
 * iterator runs on the coroutine's own G and every next() is a switch to it and back.
 *
 * Concepts
 *   gp is the G that is not running: right after create, the coroutine's G (parked with wait
 *   reason "coroutine", its first frame ready to call f(c)); after a switch, the G that switched.
 *   A switch by the running G swaps itself into gp, parks itself and readies the old gp into its
 *   P's runnext: the M takes it at its very next scheduling round and it inherits the time slice,
 *   as a channel hand-off's receiver does. So a switch is one gopark plus one goready on the same
 *   M — no thread is woken, and the coroutine owns no Java thread.
 *   When the coroutine's function returns (or the G calls runtime.Goexit) the scheduler ends the
 *   G and readies gp, the G that switched to it last (Go's coroexit): Sched.execute calls
 *   exited().
 *
 * Invariants
 *   - At most one of the two Gs runs; gp is WAITING (or, between the switcher's park and its
 *     unlock function, about to be readied by it).
 *   - After the coroutine's G ended, gp is null: a switch then is Go's fatal error.
 *
 * Locking / ownership
 *   gp is swapped atomically (getAndSet), as Go's CAS loop does, so two Gs that misuse one
 *   coroutine concurrently cannot both take the same waiting G. Readying happens in the unlock
 *   function, after the switcher is WAITING, so the other G may switch back at once.
 */
public final class Coro {
  private final AtomicReference<G> gp;

  private Coro(G gp) {
    this.gp = new AtomicReference<>(gp);
  }

  /** The wait reason of a G parked in a coroutine (Go's waitReasonCoroutine). */
  public static final String WAIT_COROUTINE = "coroutine";

  /**
   * Go's newcoro: a coroutine whose G will call the func value {@code f} with the new Coro as its
   * one argument. The G is created parked; the first {@link #switchTo} runs it.
   */
  public static Coro create(G parent, Object f) {
    Sched s = parent.sched;
    if (s == null) {
      throw new IllegalStateException("coroutine outside a scheduler (Interp.run runs one goroutine)");
    }
    G ng = s.newG(parent);
    Coro c = new Coro(ng);
    s.exec.prepare(ng, parent, f, c);
    ng.coro = c;
    s.startParked(ng, WAIT_COROUTINE);
    return c;
  }

  /**
   * Go's coroswitch, called from a native on the running G {@code self}: self becomes the waiting
   * side and the other G runs. The native must return at once (self is parked: g.stop).
   */
  public void switchTo(G self) {
    G next = gp.getAndSet(self);
    if (next == null) {
      gp.set(null);
      throw new Fatal("coroswitch on exited coro");
    }
    if (next == self) {
      throw new Fatal("coroswitch of a goroutine to itself");
    }
    Sched s = self.sched;
    Sched.park(self, () -> s.goready(next), WAIT_COROUTINE);
  }

  /** The coroutine's G has ended: ready the G waiting on it. Called by the scheduler. */
  void exited(Sched s) {
    G next = gp.getAndSet(null);
    if (next != null) {
      s.goready(next);
    }
  }
}
