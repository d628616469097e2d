package gol.stdlib.os;

import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.GoExit;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;

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

  /**
   * The natives' names; a native is a Call of its index, told apart by a switch: one class for the
   * package instead of a lambda linkage per native, a fraction of a millisecond of cold
   * java.lang.invoke code each at the start-up of every program that imports the package.
   */
  private static final String[] NAMES = {
      "Exit", "runtimeArgs", "Getenv", "LookupEnv", "Environ", "setenv", "unsetenv", "Clearenv",
      "Getpid", "Getppid", "ids", "hostname", "executable", "write", "writeString", "stdinHandle",
      "openFile", "fdRead", "fdWrite", "fdSeek", "fdReadAt", "fdClose", "readFile", "writeFile",
      "stat", "mkdir", "remove", "removeAll", "rename", "readDirNames", "mkdirTemp", "chmod",
      "fastrand", "getwd", "chdir", "setStdoutHook", "setStdinHook", "stdClosed"
  };

  public static Native link(String name) {
    int which = IndexedNative.indexOf(NAMES, name);
    if (which >= 0) {
      return new Call(which);
    }
    Native n = Procs.link(name);
    if (n == null) {
      n = gol.stdlib.exec.ExecPkg.linkForOs(name);
    }
    return n != null ? n : FileExtras.link(name);
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> exit(g, b); // Exit
        case 1 -> runtimeArgs(g, b); // runtimeArgs
        case 2 -> getenv(g, b); // Getenv
        case 3 -> lookupEnv(g, b); // LookupEnv
        case 4 -> environ(g, b); // Environ
        case 5 -> setenv(g, b); // setenv
        case 6 -> unsetenv(g, b); // unsetenv
        case 7 -> g.machine.env().clear(); // Clearenv
        case 8 -> g.ls[b] = ProcessHandle.current().pid(); // Getpid
        case 9 -> g.ls[b] = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L); // Getppid
        case 10 -> ids(g, b); // ids
        case 11 -> hostname(g, b); // hostname
        case 12 -> g.rs[b] = GoString.of(ProcessHandle.current().info().command().orElse("")); // executable
        case 13 -> write(g, b); // write
        case 14 -> writeString(g, b); // writeString
        case 15 -> FileOps.stdinHandle(g, b); // stdinHandle
        case 16 -> FileOps.openFile(g, b); // openFile
        case 17 -> FileOps.read(g, b); // fdRead
        case 18 -> FileOps.write(g, b); // fdWrite
        case 19 -> FileOps.seek(g, b); // fdSeek
        case 20 -> FileOps.readAt(g, b); // fdReadAt
        case 21 -> FileOps.close(g, b); // fdClose
        case 22 -> FileOps.readFile(g, b); // readFile
        case 23 -> FileOps.writeFile(g, b); // writeFile
        case 24 -> FileOps.stat(g, b); // stat
        case 25 -> FileOps.mkdir(g, b); // mkdir
        case 26 -> FileOps.remove(g, b); // remove
        case 27 -> FileOps.removeAll(g, b); // removeAll
        case 28 -> FileOps.rename(g, b); // rename
        case 29 -> FileOps.readDirNames(g, b); // readDirNames
        case 30 -> FileOps.mkdirTemp(g, b); // mkdirTemp
        case 31 -> FileOps.chmod(g, b); // chmod
        case 32 -> FileOps.fastrand(g, b); // fastrand
        case 33 -> FileOps.getwd(g, b); // getwd
        case 34 -> FileOps.chdir(g, b); // chdir
        case 35 -> { // setStdoutHook
          g.machine.stdoutRedirect = new gol.runtime.StdRedirect(g.rs[b], g.rs[b + 1]);
          g.rs[b] = g.rs[b + 1] = null;
        }
        case 36 -> { // setStdinHook
          g.machine.stdinRedirect = new gol.runtime.StdRedirect(g.rs[b], g.rs[b + 1]);
          g.rs[b] = g.rs[b + 1] = null;
        }
        case 37 -> { // stdClosed
          if (g.machine.stdoutRedirect != null) {
            g.machine.stdoutRedirect.closed(g.rs[b]);
          }
          if (g.machine.stdinRedirect != null) {
            g.machine.stdinRedirect.closed(g.rs[b]);
          }
          g.rs[b] = null;
        }
        default -> throw new IllegalStateException(NAMES[which]);
      }
    }
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
    int code = (int) g.ls[base];
    if (code == 0 && g.machine.panicOnExit0) {
      throw new GoPanic(new Iface(new RType(RType.Kind.STRING, "string", false), 0,
          GoString.of("unexpected call to os.Exit(0) during test")));
    }
    throw new GoExit(code);
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

  /**
   * syscall's func groups() []int: the supplementary group ids, from the Groups line of
   * /proc/self/status (what getgroups(2) returns); nil when there are none, as Go's Getgroups.
   */
  public static void groups(G g, int base) {
    long[] ids = new long[0];
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
        if (line.startsWith("Groups:")) {
          String rest = line.substring(7).trim();
          ids = rest.isEmpty() ? ids : java.util.Arrays.stream(rest.split("\\s+")).mapToLong(Long::parseLong).toArray();
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: no groups
    }
    g.rs[base] = ids.length == 0 ? null : new gol.runtime.Slice(ids, 0, ids.length, ids.length);
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
