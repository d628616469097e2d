package gol.stdlib.runtime;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.nio.charset.StandardCharsets;

/** The natives of package runtime/debug (debug.gol): Stack's trace and SetMaxStack. */
public final class DebugPkg {
  private DebugPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "stack" -> DebugPkg::stack;
      case "SetMaxStack" -> DebugPkg::setMaxStack;
      default -> null;
    };
  }

  /** func stack(buf []byte) int: the trace from debug.Stack's own frame (Go shows it too). */
  static void stack(G g, int base) {
    Slice buf = (Slice) g.rs[base];
    g.rs[base] = null;
    byte[] t = Callers.trace(g, 0).getBytes(StandardCharsets.UTF_8);
    int n = Math.min(buf.len, t.length);
    System.arraycopy(t, 0, (byte[]) buf.array, buf.off, n);
    g.ls[base] = t.length > buf.len ? buf.len : n;
  }

  /** func SetMaxStack(bytes int) int: sets the stack limit, returns the previous one. */
  static void setMaxStack(G g, int base) {
    long old = g.machine.maxStackBytes;
    g.machine.maxStackBytes = g.ls[base];
    g.ls[base] = old;
  }
}
