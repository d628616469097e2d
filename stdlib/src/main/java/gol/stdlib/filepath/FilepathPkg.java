package gol.stdlib.filepath;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import java.io.IOException;
import java.nio.file.InvalidPathException;

/** The one native of path/filepath: EvalSymlinks' resolution (the JDK's toRealPath). */
public final class FilepathPkg {
  private static final int ENOENT = 2;

  private FilepathPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "evalSymlinks" -> FilepathPkg::evalSymlinks;
      default -> null;
    };
  }

  /** func evalSymlinks(path string) (string, int): the real path, or errno ENOENT. */
  static void evalSymlinks(G g, int b) {
    String p = ((GoString) g.rs[b]).toString();
    String real = null;
    g.sched.enterSyscall(g);
    try {
      real = g.machine.workDir().resolve(p).toRealPath().toString(); // the program's working directory
    } catch (IOException | InvalidPathException e) {
      real = null;
    } finally {
      g.sched.exitSyscall(g);
    }
    g.rs[b] = real == null ? GoString.EMPTY : GoString.of(real);
    g.rs[b + 1] = null;
    g.ls[b + 1] = real == null ? ENOENT : 0;
  }
}
