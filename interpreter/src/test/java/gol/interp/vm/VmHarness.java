package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.Machine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Builds hand-assembled functions and runs them on a fresh Machine, capturing its output. */
final class VmHarness {
  private VmHarness() {
  }

  static final String FILE = "t.gol";

  /** A function assembled by {@code body}; use {@link #self} for recursive references. */
  static Proto fn(String name, int params, int results, int frame, Consumer<CodeBuilder> body) {
    Proto p = new Proto(name, FILE, 1);
    p.numParams = params;
    p.numResults = results;
    p.frameSize = frame;
    CodeBuilder cb = new CodeBuilder();
    cb.setLine(1);
    CURRENT.set(p);
    try {
      body.accept(cb);
    } finally {
      CURRENT.remove();
    }
    return cb.finish(p);
  }

  private static final ThreadLocal<Proto> CURRENT = new ThreadLocal<>();

  /** The function being assembled (for recursive calls: {@code cb.constR(self())}). */
  static Proto self() {
    return CURRENT.get();
  }

  static final class Result {
    int status;
    String out;
    String err;
    G g;
  }

  static Result run(Proto main) {
    return run(main, Machine.DEFAULT_MAX_STACK, new long[0], new Object[0]);
  }

  static Result run(Proto main, long maxStack, long[] gl, Object[] gr) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Machine m = new Machine(out, false, new PrintStream(err, true, StandardCharsets.UTF_8), new String[0]);
    m.maxStackBytes = maxStack;
    m.globalLs = gl;
    m.globalRs = gr;
    Result r = new Result();
    r.g = m.newG();
    try {
      Interp.start(r.g, main, null);
      r.status = Interp.run(r.g) ? 0 : 2;
    } catch (GoExit e) {
      r.status = e.code;
    }
    m.stdout.flush();
    r.out = out.toString(StandardCharsets.UTF_8);
    r.err = err.toString(StandardCharsets.UTF_8);
    return r;
  }

  /** Runs a function that leaves one result in slot 0 and returns that slot's long half. */
  static long runL(Proto p) {
    Result r = run(p);
    if (r.status != 0) {
      throw new AssertionError("status " + r.status + ": " + r.err);
    }
    return r.g.ls[0];
  }

  static Object runR(Proto p) {
    Result r = run(p);
    if (r.status != 0) {
      throw new AssertionError("status " + r.status + ": " + r.err);
    }
    return r.g.rs[0];
  }
}
