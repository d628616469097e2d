package gol.stdlib.exec;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;
import gol.stdlib.os.Procs;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * The natives of package os/exec (exec.gol): starting a child with java.lang.ProcessBuilder
 * and moving bytes through its pipes. The gol side copies between the pipes and the Cmd's
 * io.Readers and io.Writers in goroutines, as Go's exec does for non-file streams; every
 * blocking read, write and wait here runs between enterSyscall and exitSyscall, so a
 * goroutine waiting on a child holds no P.
 *
 * Streams: mode 0 connects the child's stream to the null device (Go's nil Stdin/Stdout/
 * Stderr), mode 1 to a pipe the gol side serves. mergeErr sends the child's stderr into its
 * stdout pipe (Go shares one descriptor when Stdout and Stderr are the same writer).
 */
public final class ExecPkg {
  private ExecPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "start" -> ExecPkg::start;
      case "pipeRead" -> ExecPkg::pipeRead;
      case "pipeWrite" -> ExecPkg::pipeWrite;
      case "pipeClose" -> ExecPkg::pipeClose;
      case "isExecutable" -> ExecPkg::isExecutable;
      default -> null;
    };
  }

  /** os.StartProcess's natives: this package's, under os.gol's names. */
  public static Native linkForOs(String name) {
    return switch (name) {
      case "procStart" -> ExecPkg::start;
      case "procPipeRead" -> ExecPkg::pipeRead;
      case "procPipeWrite" -> ExecPkg::pipeWrite;
      case "procPipeClose" -> ExecPkg::pipeClose;
      default -> null;
    };
  }

  private static final Pattern ERRNO = Pattern.compile("error=(\\d+)");
  private static final File NULL = new File("/dev/null");

  /**
   * func start(path string, argv []string, env []string, dir string, stdin, stdout, stderr int,
   * mergeErr bool) (pid int, errno int): errno is Linux's (from the JDK's "error=N" message).
   */
  static void start(G g, int base) {
    String path = g.rs[base].toString();
    Slice argv = (Slice) g.rs[base + 1];
    Slice env = (Slice) g.rs[base + 2];
    String dir = g.rs[base + 3].toString();
    long in = g.ls[base + 4];
    long out = g.ls[base + 5];
    long err = g.ls[base + 6];
    boolean merge = g.ls[base + 7] != 0;
    for (int i = 0; i < 8; i++) {
      g.rs[base + i] = null;
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(path);
    for (int i = 1; argv != null && i < argv.len; i++) {
      cmd.add(((Object[]) argv.array)[argv.off + i].toString());
    }
    for (String arg : cmd) {
      if (arg.indexOf(0) >= 0) { // execve's strings end at a NUL: Go refuses them (EINVAL)
        g.ls[base] = 0;
        g.ls[base + 1] = 22;
        return;
      }
    }
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Map<String, String> penv = pb.environment();
    penv.clear();
    if (env == null) {
      Map<String, String> m = g.machine.env();
      synchronized (m) {
        penv.putAll(m);
      }
    } else {
      for (int i = 0; i < env.len; i++) {
        String kv = ((Object[]) env.array)[env.off + i].toString();
        int eq = kv.indexOf('=', 1);
        if (eq > 0) {
          penv.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
      }
    }
    Path wd = dir.isEmpty() ? g.machine.workDir() : g.machine.workDir().resolve(dir);
    pb.directory(wd.toFile());
    pb.redirectInput(in == 0 ? ProcessBuilder.Redirect.from(NULL) : ProcessBuilder.Redirect.PIPE);
    pb.redirectOutput(out == 0 ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.PIPE);
    if (merge) {
      pb.redirectErrorStream(true);
    } else {
      pb.redirectError(err == 0 ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.PIPE);
    }
    if (!Files.isDirectory(wd)) {
      g.ls[base] = 0;
      g.ls[base + 1] = Files.exists(wd) ? 20 : 2; // chdir fails in the child: ENOTDIR or ENOENT
      return;
    }
    g.sched.enterSyscall(g);
    try {
      Process p = pb.start();
      Procs.CHILDREN.put(p.pid(), new Procs.Child(p));
      g.ls[base] = p.pid();
      g.ls[base + 1] = 0;
    } catch (IOException e) {
      Matcher m = ERRNO.matcher(String.valueOf(e.getMessage()));
      g.ls[base] = 0;
      g.ls[base + 1] = m.find() ? Integer.parseInt(m.group(1)) : 2;
    } finally {
      g.sched.exitSyscall(g);
    }
  }

  /**
   * func pipeRead(pid int, which int, b []byte) (n int, eof bool): reads the child's stdout
   * (which 1) or stderr (2); eof at the end of the stream or if the child is gone.
   */
  static void pipeRead(G g, int base) {
    Procs.Child c = Procs.CHILDREN.get(g.ls[base]);
    int which = (int) g.ls[base + 1];
    Slice b = (Slice) g.rs[base + 2];
    g.rs[base + 2] = null;
    g.ls[base + 1] = 1;
    g.ls[base] = 0;
    if (c == null || b == null || b.len == 0) {
      return;
    }
    InputStream s = which == 1 ? c.stdout : c.stderr;
    int n;
    g.sched.enterSyscall(g);
    try {
      n = s.read((byte[]) b.array, b.off, b.len);
    } catch (IOException e) {
      n = -1;
    } finally {
      g.sched.exitSyscall(g);
    }
    g.ls[base] = Math.max(n, 0);
    g.ls[base + 1] = n < 0 ? 1 : 0;
  }

  /** func pipeWrite(pid int, b []byte) (n int, errno int): writes to the child's stdin. */
  static void pipeWrite(G g, int base) {
    Procs.Child c = Procs.CHILDREN.get(g.ls[base]);
    Slice b = (Slice) g.rs[base + 1];
    g.rs[base + 1] = null;
    if (c == null) {
      g.ls[base] = 0;
      g.ls[base + 1] = 32; // EPIPE
      return;
    }
    int len = b == null ? 0 : b.len;
    g.sched.enterSyscall(g);
    try {
      if (len > 0) {
        c.stdin.write((byte[]) b.array, b.off, len);
      }
      c.stdin.flush();
      g.ls[base] = len;
      g.ls[base + 1] = 0;
    } catch (IOException e) {
      g.ls[base] = 0;
      g.ls[base + 1] = 32; // EPIPE: the child closed its end
    } finally {
      g.sched.exitSyscall(g);
    }
  }

  /** func pipeClose(pid int, which int): closes our end of stdin (0), stdout (1) or stderr (2). */
  static void pipeClose(G g, int base) {
    Procs.Child c = Procs.CHILDREN.get(g.ls[base]);
    if (c == null) {
      return;
    }
    try {
      switch ((int) g.ls[base + 1]) {
        case 0 -> c.stdin.close();
        case 1 -> c.stdout.close();
        default -> c.stderr.close();
      }
    } catch (IOException e) {
      // closing a pipe the child already closed
    }
  }

  /** func isExecutable(path string) (ok bool, errno int): a regular file with an x bit. */
  static void isExecutable(G g, int base) {
    String s = g.rs[base].toString();
    g.rs[base] = null;
    Path p = g.machine.workDir().resolve(s);
    if (!Files.exists(p)) {
      g.ls[base] = 0;
      g.ls[base + 1] = 2;
    } else if (Files.isDirectory(p) || !Files.isExecutable(p)) {
      g.ls[base] = 0;
      g.ls[base + 1] = 13; // EACCES, as Go's findExecutable reports for both
    } else {
      g.ls[base] = 1;
      g.ls[base + 1] = 0;
    }
  }
}
