package gol.interp.compile;

import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import java.util.List;

/**
 * A compiled program: the package initialisers to run in order (imported packages first; the main
 * package's initialiser also runs a script's top-level statements), then {@code main} if declared.
 * Globals: {@code globalCount} slots; those listed in {@code stringGlobals} start as "" rather than
 * zero/null.
 */
public record Program(List<Proto> inits, Proto main, int globalCount, int[] stringGlobals,
    gol.runtime.RType.Universe universe) {
  /** A program whose type universe is not needed at run time (see Machine.universe). */
  public Program(List<Proto> inits, Proto main, int globalCount, int[] stringGlobals) {
    this(inits, main, globalCount, stringGlobals, null);
  }

  /**
   * Every descriptor the program's universe holds, closed as gol run's program cache needs for a
   * program that reflects (RTypes.closeForCache); none for a universe made otherwise.
   */
  public java.util.Collection<gol.runtime.RType> typesForCache() {
    return universe instanceof RTypes r ? r.closeForCache() : List.of();
  }

  /**
   * The main goroutine's first function: every package initialiser, then main, as Go's
   * runtime.main does ({@code init...; main(); return}).
   */
  public Proto entry() {
    Proto p = new Proto("runtime.main", "gol", 0);
    CodeBuilder cb = new CodeBuilder();
    for (Proto init : inits) {
      cb.emit(Op.CALL, cb.constR(init), 0);
    }
    if (main != null) {
      cb.emit(Op.CALL, cb.constR(main), 0);
    }
    cb.emit(Op.RET, 0, 0);
    p.frameSize = 1;
    return cb.finish(p);
  }
}
