package gol.stdlib.os;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.Registry;

/**
 * The natives of package os (os.gol): Exit, the environment, the source of {@code os.Args},
 * the standard streams and (in {@link FileOps}) files, directories and os.Stdin.
 *
 * <p>{@code os.Args} is {@link gol.runtime.Machine#args}: the script's path as given, then its
 * arguments.
 */
public final class OsPkg {
  private OsPkg() {
  }

  public static void install(Registry r) {
    r.reg("Exit", OsPkg::exit);
    r.reg("runtimeArgs", OsPkg::runtimeArgs);
    r.reg("Getenv", OsPkg::getenv);
    r.reg("LookupEnv", OsPkg::lookupEnv);
    r.reg("Environ", OsPkg::environ);
    r.reg("setenv", OsPkg::setenv);
    r.reg("unsetenv", OsPkg::unsetenv);
    r.reg("Clearenv", (g, b) -> g.machine.env().clear());
    r.reg("Getpid", (g, b) -> g.ls[b] = ProcessHandle.current().pid());
    r.reg("Getppid", (g, b) -> g.ls[b] = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L));
    r.reg("ids", OsPkg::ids);
    r.reg("hostname", OsPkg::hostname);
    r.reg("executable", (g, b) -> g.rs[b] = GoString.of(
        ProcessHandle.current().info().command().orElse("")));
    Procs.install(r);
    r.reg("write", OsPkg::write);
    r.reg("writeString", OsPkg::writeString);
    r.reg("stdinHandle", FileOps::stdinHandle);
    r.reg("openFile", FileOps::openFile);
    r.reg("fdRead", FileOps::read);
    r.reg("fdWrite", FileOps::write);
    r.reg("fdSeek", FileOps::seek);
    r.reg("fdReadAt", FileOps::readAt);
    r.reg("fdClose", FileOps::close);
    r.reg("readFile", FileOps::readFile);
    r.reg("writeFile", FileOps::writeFile);
    r.reg("stat", FileOps::stat);
    r.reg("mkdir", FileOps::mkdir);
    r.reg("remove", FileOps::remove);
    r.reg("removeAll", FileOps::removeAll);
    r.reg("rename", FileOps::rename);
    r.reg("readDirNames", FileOps::readDirNames);
    r.reg("mkdirTemp", FileOps::mkdirTemp);
    r.reg("chmod", FileOps::chmod);
    r.reg("fastrand", FileOps::fastrand);
    r.reg("getwd", FileOps::getwd);
    r.reg("chdir", FileOps::chdir);
    FileExtras.install(r);
  }

  /** func write(fd int, b []byte) int: to the machine's stdout (fd 1) or stderr (else). */
  static void write(G g, int base) {
    Slice b = (Slice) g.rs[base + 1];
    int n = b == null ? 0 : b.len;
    if (n > 0) {
      out(g, g.ls[base], (byte[]) b.array, b.off, n);
    }
    g.rs[base + 1] = null;
    g.ls[base] = n;
  }

  /** func writeString(fd int, s string) int */
  static void writeString(G g, int base) {
    GoString s = (GoString) g.rs[base + 1];
    out(g, g.ls[base], s.bytes, s.off, s.len);
    g.rs[base + 1] = null;
    g.ls[base] = s.len;
  }

  private static void out(G g, long fd, byte[] b, int off, int len) {
    if (fd == 1) {
      g.machine.stdout.write(b, off, len);
    } else {
      g.machine.stderr.write(b, off, len); // after what stdout holds (StderrStream)
    }
  }

  /** func Getenv(key string) string: the variable's value, "" if it is not set. */
  static void getenv(G g, int base) {
    String v = g.machine.env().get(g.rs[base].toString());
    g.rs[base] = v == null ? GoString.EMPTY : GoString.of(v);
  }

  /** func LookupEnv(key string) (string, bool) */
  static void lookupEnv(G g, int base) {
    String v = g.machine.env().get(g.rs[base].toString());
    g.rs[base] = v == null ? GoString.EMPTY : GoString.of(v);
    g.rs[base + 1] = null;
    g.ls[base + 1] = v == null ? 0 : 1;
  }

  /** func Environ() []string: "key=value" for every variable. */
  static void environ(G g, int base) {
    Object[] a;
    java.util.Map<String, String> env = g.machine.env();
    synchronized (env) {
      a = env.entrySet().stream().map(e -> GoString.of(e.getKey() + "=" + e.getValue())).toArray();
    }
    g.rs[base] = new Slice(a, 0, a.length, a.length);
  }

  /**
   * func Exit(code int): the program ends now with {@code code}; deferred calls do not run.
   * Flushing stdout is the loader's job when it catches {@link GoExit}.
   */
  static void exit(G g, int base) {
    throw new GoExit((int) g.ls[base]);
  }

  /** func runtimeArgs() []string: the program name, then the arguments ({@link Machine#args}). */
  static void runtimeArgs(G g, int base) {
    String[] args = g.machine.args;
    Object[] a = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      a[i] = GoString.of(args[i]);
    }
    g.rs[base] = new Slice(a, 0, a.length, a.length);
  }

  /** func setenv(key, value string): sets the program's variable (Go's errors are checked in os.gol). */
  static void setenv(G g, int base) {
    g.machine.env().put(g.rs[base].toString(), g.rs[base + 1].toString());
    g.rs[base] = null;
    g.rs[base + 1] = null;
  }

  /** func unsetenv(key string) */
  static void unsetenv(G g, int base) {
    g.machine.env().remove(g.rs[base].toString());
    g.rs[base] = null;
  }

  /** func ids() (uid, euid, gid, egid int): from /proc/self/status, -1 where unknown. */
  public static void ids(G g, int base) {
    long[] v = {-1, -1, -1, -1};
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
        String[] f = line.split("\\s+");
        if (f[0].equals("Uid:") && f.length >= 3) {
          v[0] = Long.parseLong(f[1]);
          v[1] = Long.parseLong(f[2]);
        } else if (f[0].equals("Gid:") && f.length >= 3) {
          v[2] = Long.parseLong(f[1]);
          v[3] = Long.parseLong(f[2]);
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: leave -1, as Go does on Windows
    }
    for (int i = 0; i < 4; i++) {
      g.ls[base + i] = v[i];
    }
  }

  /** func hostname() (name string, e int): the kernel's host name (/proc/sys/kernel/hostname). */
  static void hostname(G g, int base) {
    String name = null;
    try {
      name = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname")).trim();
    } catch (java.io.IOException e) {
      try {
        name = java.net.InetAddress.getLocalHost().getHostName();
      } catch (java.io.IOException e2) {
        name = null;
      }
    }
    g.rs[base] = GoString.of(name == null ? "" : name);
    g.ls[base + 1] = name == null ? FileOps.ENOENT : 0;
  }
}
