package gol.stdlib.signal;

import gol.runtime.Chan;
import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Sched;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The natives of package os/signal (signal.gol) and of syscall.Kill: the JVM's signal handling
 * (sun.misc.Signal) behind Go's API.
 *
 * <p>Delivery. gol's handler runs on a thread the JVM's signal dispatcher starts for each
 * signal (not an M) and only makes a non-blocking send of the signal's number on each program's
 * queue channel ({@link Chan#offer}, which readies the loop goroutine through the scheduler's
 * no-P path); signal.gol's loop goroutine, parked on that channel like any receiver (no thread
 * is held), relays the signal to the channels Notify registered, as Go's signal loop does. The
 * JVM reserves some signals for itself (SIGQUIT, SIGSEGV, SIGFPE, SIGILL, SIGKILL, SIGSTOP, and
 * SIGBUS, SIGUSR2, SIGPIPE, SIGXFSZ, which HotSpot handles natively): {@link #set} reports that
 * it cannot catch them.
 *
 * <p>State. Handlers are the JVM's, so they are shared by every program the JVM runs (the REPL,
 * the test suite): the handler relays to every program still running that watches signals, and
 * the handler the JVM had before gol's first change is put back when a signal is no longer
 * caught or ignored.
 *
 * <p>Sending a signal to the own process. The JVM runs a handler later, on a thread of its own
 * (the native handler only counts the signal for the JVM's dispatcher thread), while kill(2)
 * delivers a signal a process sends itself before it returns. So {@link #kill} to the own pid
 * waits, when one of gol's handlers is installed, until a gol handler has run for that signal
 * (at most {@link #RAISE_WAIT_MS}): otherwise a signal sent while ignored could reach the
 * handler only after the program had put the JVM's default handler back, and end the process
 * (seen under load: {@code syscall.Kill(pid, SIGINT)} while ignored, then Notify and Stop, and
 * the JVM exited with status 130). The count is per signal and includes signals from other
 * processes, so a wait may end early when one arrives meanwhile.
 */
public final class SignalPkg {
  private SignalPkg() {
  }

  /** Linux's signal names by number (as sun.misc.Signal names them: no SIG prefix). */
  private static final String[] NAMES = {null, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE",
      "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP",
      "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS"};

  private record Watcher(Sched sched, Chan queue) {
  }

  private static final List<Watcher> WATCHERS = new CopyOnWriteArrayList<>();
  /** The JVM's own handlers of the signals gol changed, to put back. */
  private static final Map<Integer, SignalHandler> ORIGINAL = new HashMap<>();
  private static final Set<Integer> IGNORED = new HashSet<>();
  /** Per signal number: whether one of gol's handlers (RELAY or DROP) is installed. */
  private static final boolean[] OURS = new boolean[65];

  /** How long kill to the own pid waits for gol's handler to have run. */
  static final long RAISE_WAIT_MS = 2000;
  /** Per signal number: how many times gol's handlers ran (guarded by its own monitor). */
  private static final long[] HANDLED = new long[65];

  private static final SignalHandler RELAY = s -> {
    try {
      if (ignored(s.getNumber())) {
        return;
      }
      for (Watcher w : WATCHERS) {
        if (w.sched.exiting()) {
          WATCHERS.remove(w);
        } else {
          Chan.offer(w.sched, w.queue, s.getNumber(), null);
        }
      }
    } finally {
      handled(s.getNumber());
    }
  };

  /** The handler put back by Reset and Stop for a signal ignored when gol started: it drops it. */
  private static final SignalHandler DROP = s -> handled(s.getNumber());

  /**
   * Called at start-up with the signals that were ignored when the launcher started gol (bit
   * n-1 for signal n), which the launcher started the JVM with at their default action because
   * HotSpot never lets a program catch an ignored SIGHUP, SIGINT or SIGTERM. SIGHUP and SIGINT
   * stay ignored, as Go keeps an inherited SIG_IGN for these two: gol's handler drops them,
   * {@code Ignored} reports them, {@code Notify} catches them, and {@code Reset} or
   * {@code Stop} drop them again (Go puts SIG_IGN back). SIGTERM keeps its default action, as
   * Go installs its handler for it whatever the program inherited.
   */
  public static synchronized void inheritIgnored(long mask) {
    for (int n = 1; n <= 2; n++) { // SIGHUP, SIGINT
      if ((mask & 1L << (n - 1)) != 0 && set(n)) {
        ORIGINAL.put(n, DROP);
        IGNORED.add(n);
      }
    }
  }

  public static Native link(String name) {
    return switch (name) {
      case "watch" -> SignalPkg::watch;
      case "enableSignal" -> (g, b) -> g.ls[b] = enable((int) g.ls[b]) ? 1 : 0;
      case "disableSignal" -> (g, b) -> restore((int) g.ls[b]);
      case "ignoreSignal" -> (g, b) -> ignore((int) g.ls[b]);
      case "signalIgnored" -> (g, b) -> g.ls[b] = ignored((int) g.ls[b]) ? 1 : 0;
      default -> null;
    };
  }

  /** syscall's natives: kill, and the process's identity (as package os reports it). */
  public static Native linkSyscall(String name) {
    return switch (name) {
      case "kill" -> (g, b) -> g.ls[b] = kill(g, g.ls[b], (int) g.ls[b + 1]);
      case "Getpid" -> (g, b) -> g.ls[b] = ProcessHandle.current().pid();
      case "Getppid" -> (g, b) -> g.ls[b] = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
      case "ids" -> gol.stdlib.os.OsPkg::ids;
      case "groups" -> gol.stdlib.os.OsPkg::groups;
      default -> null;
    };
  }

  /** func watch(q chan int): this program's signals go to q from now on. */
  private static void watch(G g, int b) {
    Chan q = (Chan) g.rs[b];
    g.rs[b] = null;
    g.sched.signalsWatched = true;
    WATCHERS.add(new Watcher(g.sched, q));
  }

  private static Signal signal(int n) {
    return n > 0 && n < NAMES.length ? new Signal(NAMES[n]) : null;
  }

  /**
   * Installs gol's handler for signal n (to relay it, or to drop it while n is ignored); false
   * if the JVM does not let programs handle n. Ignoring is done by gol's handler, never by
   * SIG_IGN: HotSpot refuses to install a handler for a shutdown signal (SIGINT, SIGTERM,
   * SIGHUP) that is ignored, so an ignored signal could never be caught or reset again.
   */
  private static synchronized boolean set(int n) {
    Signal s = signal(n);
    if (s == null) {
      return false;
    }
    try {
      SignalHandler old = Signal.handle(s, RELAY);
      OURS[n] = true;
      if (ORIGINAL.containsKey(n)) {
        return true;
      }
      if (isVmHandler(old) || old == SignalHandler.SIG_IGN && Signal.handle(s, RELAY) != RELAY) {
        // the VM's own (SIGBUS, SIGUSR2, SIGPIPE, SIGXFSZ), or ignored since the JVM started
        // (nohup): HotSpot keeps it
        Signal.handle(s, old);
        OURS[n] = old == DROP;
        return false;
      }
      ORIGINAL.put(n, old);
      return true;
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** func enableSignal(sig int) bool: relay n; it is no longer ignored. */
  private static synchronized boolean enable(int n) {
    IGNORED.remove(n);
    return set(n);
  }

  /** func ignoreSignal(sig int): gol's handler drops n from now on. */
  private static synchronized void ignore(int n) {
    if (set(n)) {
      IGNORED.add(n);
    }
  }

  private static synchronized boolean ignored(int n) {
    return IGNORED.contains(n);
  }

  private static synchronized boolean ours(int n) {
    return OURS[n];
  }

  /** A gol handler ran for signal n. */
  private static void handled(int n) {
    synchronized (HANDLED) {
      HANDLED[n]++;
      HANDLED.notifyAll();
    }
  }

  private static long handledCount(int n) {
    synchronized (HANDLED) {
      return HANDLED[n];
    }
  }

  /** Waits until a gol handler ran for n since the count was {@code before}, or RAISE_WAIT_MS. */
  private static void awaitHandled(int n, long before) {
    long deadline = System.nanoTime() + RAISE_WAIT_MS * 1_000_000;
    synchronized (HANDLED) {
      while (HANDLED[n] == before) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        try {
          HANDLED.wait(left / 1_000_000 + 1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * Whether h is a handler HotSpot installed natively for its own use (it suspends threads
   * with SIGUSR2, ignores SIGPIPE, turns SIGBUS into errors of mapped files): replacing it
   * could hang or crash the JVM, so those signals count as the JVM's.
   */
  private static boolean isVmHandler(SignalHandler h) {
    return h != null && h != SignalHandler.SIG_DFL && h != SignalHandler.SIG_IGN
        && h.getClass().getName().endsWith("NativeHandler");
  }

  /**
   * Puts back the JVM's handler of signal n (its default action), unless n is ignored: as in
   * Go, Reset and Stop leave an ignored signal ignored (only Notify takes it back).
   */
  private static synchronized void restore(int n) {
    if (IGNORED.contains(n)) {
      return;
    }
    SignalHandler old = ORIGINAL.remove(n);
    if (old != null) {
      try {
        Signal.handle(signal(n), old);
        OURS[n] = old == DROP;
      } catch (IllegalArgumentException | UnsupportedOperationException e) {
        // it was installed once, so it can be again; nothing else to do
      }
    }
  }


  /**
   * Sends signal sig to process pid: this JVM's own process through the JVM (so gol's handlers
   * see it; see the file comment for the wait), another through kill(1), by goroutine g.
   * Returns 0 or an errno (ESRCH, EINVAL, EPERM).
   */
  public static int kill(G g, long pid, int sig) {
    if (sig < 0 || sig > 64) {
      return 22; // EINVAL
    }
    if (pid == ProcessHandle.current().pid() && sig > 0) {
      Signal s = signal(sig);
      if (s != null) {
        try {
          boolean ours = ours(sig);
          long before = handledCount(sig);
          Signal.raise(s);
          if (ours) {
            g.sched.enterSyscall(g);
            try {
              awaitHandled(sig, before);
            } finally {
              g.sched.exitSyscall(g);
            }
          }
          return 0;
        } catch (IllegalArgumentException e) {
          // a signal the JVM keeps for itself: kill(1) below
        }
      }
    } else if (ProcessHandle.of(pid).isEmpty()) {
      return 3; // ESRCH
    }
    try {
      Process p = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start();
      if (p.waitFor() != 0) {
        return 1;
      }
      gol.stdlib.os.Procs.noteSignal(pid, sig); // a child's 128+sig exit then reads as this signal
      return 0;
    } catch (java.io.IOException e) {
      return 1; // EPERM: no way to send it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 4; // EINTR
    }
  }
}
