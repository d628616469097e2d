package gol.stdlib.os;

import gol.runtime.G;
import gol.runtime.Native;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentHashMap;

/*
 * Child processes (java.lang.Process) by pid, for os.Process/ProcessState (os.gol) and
 * os/exec (gol.stdlib.exec.ExecPkg, which starts them).
 *
 * Concepts
 *   A child started by os/exec is registered here under its pid until it is released (after
 *   Wait has reaped it and its pipes are drained). Waiting
 *   and pipe reads/writes block their thread, so they run between enterSyscall and
 *   exitSyscall: the goroutine holds an M but no P while the child runs.
 *   Java reports a child killed by signal n as exit status 128+n; a child this program
 *   signalled (Process.Signal/Kill, CommandContext's cancel, syscall.Kill) that exits with
 *   exactly 128+n is reported as killed by n (Go's "signal: killed").
 *
 * Why not the real wait status
 *   Go reads the raw wait status (WIFSIGNALED) and so tells "killed by SIGKILL" from "exit
 *   137". The JDK cannot: its reaper thread waitpid()s each child the moment it exits and
 *   keeps only WEXITSTATUS or 0x80+WTERMSIG (ProcessHandleImpl_unix.c), so the zombie's
 *   /proc/<pid>/stat (whose exit_code field holds the raw status) is gone before any gol
 *   thread could read it, and every Process/ProcessHandle API returns the collapsed value.
 *   A wrapper cannot help either: one the child is exec'd from leaves no process behind to
 *   see the status, and one that stays as the child's parent makes Process.Pid the wrapper's,
 *   must itself report the status (sh's $? is 128+n as well, and sh starts background
 *   commands with SIGINT and SIGQUIT ignored). So the status is a guess: a signal counts only
 *   when this program sent it and the code is 128+n. Known misses (Go's answer in brackets):
 *   a child killed by someone else ("signal: killed", here "exit status 137"), and a child
 *   that catches the signal we sent and exits with 128+n itself ("exit status 143", here
 *   "signal: terminated").
 *
 * Locking / ownership
 *   The table is a ConcurrentHashMap; a Child's fields are set before it is published, except
 *   lastSignal (volatile).
 */
public final class Procs {
  private Procs() {
  }

  /** A running (or finished, not yet waited for) child process. */
  public static final class Child {
    public final Process p;
    public final OutputStream stdin;
    public final InputStream stdout;
    public final InputStream stderr;
    volatile int lastSignal;
    /** Set once Wait has reaped it: a second Wait fails as Go's does (ECHILD). */
    volatile boolean waited;

    public Child(Process p) {
      this.p = p;
      this.stdin = p.getOutputStream();
      this.stdout = p.getInputStream();
      this.stderr = p.getErrorStream();
    }
  }

  /** Children not yet waited for, by pid. Pids are the OS's, unique across programs in a JVM. */
  public static final ConcurrentHashMap<Long, Child> CHILDREN = new ConcurrentHashMap<>();

  static final int ECHILD = 10;
  static final int ESRCH = 3;
  /** os.ErrProcessDone. */
  static final int EDONE = -3;

  /**
   * Notes that this program sent signal sig to process pid (syscall.Kill's path): if pid is a
   * child not yet waited for, an exit status of 128+sig reads as death by sig.
   */
  public static void noteSignal(long pid, int sig) {
    Child c = CHILDREN.get(pid);
    if (c != null && sig != 0 && !c.waited) {
      c.lastSignal = sig;
    }
  }

  static Native link(String name) {
    return switch (name) {
      case "procWait" -> Procs::procWait;
      case "procSignal" -> Procs::procSignal;
      case "procRelease" -> (g, b) -> CHILDREN.remove(g.ls[b]);
      default -> null;
    };
  }

  /** func procWait(pid int) (code, sig, e int): waits for the child to exit and reaps it. */
  static void procWait(G g, int base) {
    long pid = g.ls[base];
    Child c = CHILDREN.get(pid);
    if (c == null || c.waited) {
      g.ls[base + 2] = ECHILD;
      return;
    }
    int code = -1;
    g.sched.enterSyscall(g);
    try {
      while (true) {
        try {
          code = c.p.waitFor();
          break;
        } catch (InterruptedException e) {
          // an M is never interrupted on purpose; wait on
        }
      }
    } finally {
      g.sched.exitSyscall(g);
    }
    c.waited = true; // stays in the table until released: its pipes may still hold output
    int sig = 0;
    int sent = c.lastSignal;
    if (sent != 0 && code == 128 + sent) {
      sig = sent;
      code = -1;
    }
    g.ls[base] = code;
    g.ls[base + 1] = sig;
    g.ls[base + 2] = 0;
  }

  /**
   * func procSignal(pid, sig int) int: sends sig to the child (SIGKILL and SIGTERM through
   * Process.destroyForcibly/destroy, others through kill(1)); EDONE if it has exited.
   */
  static void procSignal(G g, int base) {
    long pid = g.ls[base];
    int sig = (int) g.ls[base + 1];
    if (pid == ProcessHandle.current().pid()) { // the JVM cannot destroy itself: raise it
      g.ls[base] = gol.stdlib.signal.SignalPkg.kill(g, pid, sig);
      return;
    }
    Child c = CHILDREN.get(pid);
    ProcessHandle h = c != null ? c.p.toHandle() : ProcessHandle.of(pid).orElse(null);
    if (h == null || !h.isAlive() || (c != null && c.waited)) {
      g.ls[base] = c != null ? EDONE : ESRCH;
      return;
    }
    noteSignal(pid, sig);
    if (sig == 9) {
      h.destroyForcibly();
    } else if (sig == 15) {
      h.destroy();
    } else if (sig != 0) {
      try {
        new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor();
      } catch (IOException | InterruptedException e) {
        g.ls[base] = 1; // EPERM: no way to send it
        return;
      }
    }
    g.ls[base] = 0;
  }
}
