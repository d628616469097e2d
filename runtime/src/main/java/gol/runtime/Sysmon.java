package gol.runtime;

import java.util.concurrent.locks.LockSupport;

/*
 * The system monitor (Go's sysmon, retake, preemptone and schedtrace in proc.go).
 *
 * Concepts
 *   A daemon thread that runs without a P. It sleeps 20 µs, doubling after 50 idle cycles up to
 *   10 ms — a cycle is idle unless it retook a P from a system call (Go's rule: preempting a G
 *   or waking an M for a runnext G is not a reason to look again sooner; counting the runnext
 *   wakes kept sysmon at 20 µs under a busy server, 0.15-0.3 wake-ups per HTTP request) — and on
 *   each wake-up:
 *     - marks for preemption the G of every P that has been running the same time slice (same
 *       schedtick) for more than 10 ms while another G waits in that P's queue or the global
 *       one: the VM sees g.preempt at its next call or loop back-edge and the G goes to the
 *       global queue;
 *     - retakes a P that has sat in a system call for a whole sysmon tick (>= 20 µs) when there
 *       is other work or nobody else looking, handing it to another M (handoffP);
 *     - prints the schedtrace line when GOLDEBUG=schedtrace=MS asks for it.
 *   When every P has been idle at each of its wake-ups for SYSMON_PARK_AFTER_NS (20 ms) and
 *   nobody is in a syscall (and no schedtrace is wanted) it parks until the scheduler takes a P
 *   off the idle list (sysmonWait): an idle program uses no CPU, and a busy server whose Ps all
 *   go idle for a moment between requests does not pay a park/unpark pair each time. The
 *   delay is not reset by that wake-up (Go resets it only when a system call's end woke it).
 *
 * Invariants
 *   - sysmon never holds a P and never runs gol code.
 *   - Its per-P observations (P.sys*) are written by sysmon only.
 *
 * Locking / ownership
 *   Reads P and M fields racily (heuristics: a stale read costs one early preemption or one
 *   late retake). CASes P.status SYSCALL -> IDLE to retake; exitSyscall's CAS races with it and
 *   exactly one wins. sysmonWait is set and cleared under sched.lock.
 *
 * State transitions
 *   running (sleep/retake loop) <-> waiting (all Ps idle) ; -> ended when the program exits.
 */
final class Sysmon extends Thread {
  private final Sched sched;
  private final java.util.List<G> netReady = new java.util.ArrayList<>();

  Sysmon(Sched sched) {
    super(null, null, "gol-sysmon", 1 << 18);
    this.sched = sched;
    setDaemon(true);
  }

  @Override
  public void run() {
    long delay = Tunables.SYSMON_MIN_DELAY_NS;
    int idle = 0;
    long lastTrace = System.nanoTime();
    int trace = sched.opt.schedtrace;
    long idleSince = 0; // when sysmon first saw every P idle, 0 if one ran since
    try {
      while (!sched.exiting) {
        if (idle == 0) {
          delay = Tunables.SYSMON_MIN_DELAY_NS;
        } else if (idle > Tunables.SYSMON_IDLE_CYCLES) {
          delay = Math.min(delay * 2, Tunables.SYSMON_MAX_DELAY_NS);
        }
        if (trace > 0) {
          delay = Math.min(delay, trace * 1_000_000L);
        }
        LockSupport.parkNanos(delay);
        if (sched.exiting) {
          return;
        }
        long now = System.nanoTime();
        if (trace > 0 && now - lastTrace >= trace * 1_000_000L) {
          lastTrace = now;
          String s = sched.schedtrace(sched.opt.scheddetail);
          java.io.PrintStream out = sched.opt.traceOut != null ? sched.opt.traceOut : sched.machine.stderr;
          out.print(s);
          out.flush();
        }
        if (trace <= 0 && sched.npidle == sched.gomaxprocs && sched.nsyscall.get() == 0) {
          // Every P idle: park until the scheduler takes a P off the idle list, but only once
          // they have looked idle at every tick for SYSMON_PARK_AFTER_NS. A server whose Ps all
          // go idle between bursts of requests (hundreds of times a second) otherwise paid a
          // park here and an unpark in pidleGet per burst, and the unpark is a futex wake-up
          // in the path of the M that takes the P.
          if (idleSince == 0) {
            idleSince = now;
          }
          if (now - idleSince >= Tunables.SYSMON_PARK_AFTER_NS) {
            idleSince = 0;
            sched.lock.lock();
            boolean wait = sched.npidle == sched.gomaxprocs && sched.nsyscall.get() == 0;
            sched.sysmonWait = wait;
            sched.lock.unlock();
            if (wait) {
              while (sched.sysmonWait && !sched.exiting) {
                LockSupport.park(this);
              }
              // As Go's sysmon: back to 20 us only when a system call may need its P retaken.
              if (sched.nsyscall.get() > 0) {
                idle = 0;
              }
              continue;
            }
          }
        } else {
          idleSince = 0;
        }
        sched.sysmonNetpoll(now, netReady);
        if (retake(System.nanoTime()) != 0) { // Ps retaken from system calls only
          idle = 0;
        } else {
          idle++;
        }
      }
    } catch (Throwable t) {
      sched.machine.stderr.println("fatal error: sysmon: " + t);
      sched.exit(2);
    }
  }

  /**
   * Preempts long-running Gs, retakes Ps blocked in syscalls and wakes an M for a stuck runnext
   * G. Returns the number of Ps retaken from syscalls (only they reset sysmon's back-off).
   * Mirrors runtime.retake.
   */
  private int retake(long now) {
    int n = 0;
    boolean wake = false;
    P[] ps = sched.allp;
    for (P pp : ps) {
      int s = pp.status;
      if (s == P.RUNNING) {
        // go and goready do not wake an M for a G that only sits in runnext (the P runs it as
        // soon as its G stops); if it is still there a whole tick later, let an M steal it.
        int seq = pp.runnextSeq;
        G rn = pp.runnextPeek();
        if (rn != null && rn == pp.sysRunnext && seq == pp.sysRunnextSeq && sched.npidle > 0
            && sched.nmSpinning == 0) {
          wake = true;
        }
        pp.sysRunnext = rn;
        pp.sysRunnextSeq = seq;
        long t = pp.schedtick;
        if (pp.sysSchedtick != t) {
          pp.sysSchedtick = t;
          pp.sysSchedwhen = now;
        } else if (now - pp.sysSchedwhen >= Tunables.FORCE_PREEMPT_NS && !sched.opt.preemptOff
            && sched.othersWaiting(pp)) {
          // Only when another G waits: the safe point would let this one carry on otherwise
          // (keepRunning), and the mark is not free: compiled code leaves to the VM for it, and
          // C2, which never saw the mark's branch taken, compiled it as a trap, so the first
          // mark threw the compiled loop away (docs/jit.md, "Seventh pass"). A G readied later
          // is seen at a later tick (sysSchedwhen is not reset). Go's sysmon marks regardless;
          // its compiled code pays nothing for a mark.
          if (preemptone(pp)) {
            pp.sysSchedwhen = now; // do not re-mark every tick while it reaches a safe point
          }
        }
      } else if (s == P.SYSCALL) {
        long t = pp.syscalltick;
        if (pp.sysSyscalltick != t) {
          pp.sysSyscalltick = t;
          pp.sysSyscallwhen = now;
          continue;
        }
        // Leave a P in a short syscall alone when there is no other work and someone else is
        // idle or looking; retake it anyway after 10 ms so sysmon itself can go to sleep.
        if (pp.runqEmpty() && sched.runqSize == 0 && sched.nmSpinning + sched.npidle > 0
            && now - pp.sysSyscallwhen < Tunables.FORCE_PREEMPT_NS) {
          continue;
        }
        if (pp.casStatus(P.SYSCALL, P.IDLE)) {
          n++;
          pp.syscalltick++;
          sched.handoffP(pp);
        }
      }
    }
    if (wake) {
      sched.wakeP();
    }
    return n;
  }

  /** Asks the G running on pp to stop at its next safe point. Mirrors runtime.preemptone. */
  private static boolean preemptone(P pp) {
    M m = pp.m;
    G g = m != null ? m.curg : null;
    if (g == null) {
      return false;
    }
    g.preempt = true;
    return true;
  }
}
