package gol.interp.vm;

/*
 * Which compiled functions run without their frame on the goroutine's frame arrays when compiled
 * code calls them (JitCompiler: "frameless" translations).
 *
 * A compiled call used to push the callee's frame (function, cells, frame pointer, the caller's
 * resume pc, the new depth) and its return popped it: 9-15 ns of a call even when HotSpot
 * inlined the callee. Nothing reads those entries while a function that only computes runs: the
 * frames are read by the VM when it takes the goroutine over (a safe point, a call or an
 * instruction left to the interpreter), by the panic machinery and tracebacks after a fault has
 * unwound the compiled Java frames, and by what natives, channel operations and Ext's opcodes do
 * (park the goroutine, recover, defer, runtime.Callers). So a function whose instructions are
 * all of the first kind is called with no frame pushed, and writes its own entry (and raises the
 * depth) only on its ways out to the VM: each compiled frame, on the way out, writes its own
 * entry (it knows its function, cells, frame pointer and pc), so by the time the VM or the panic
 * machinery looks, every frame is there, as if it had been pushed.
 *
 * Frameless, for a function p: no defer, no loop (a loop's safe points and register mode are
 * left as they were), only the inliner's leaf instructions, captured variables' cells, and CALLs
 * of constant callees that are p itself or themselves frameless with no call but to themselves.
 * So a frameless function only ever calls frameless functions, and the frames below a
 * non-frameless one are always on the arrays (which it checks at its entry, to be safe: see
 * JitCompiler's prologue). Only p's code and its direct callees' code are read, which JitCache's
 * description of p covers.
 */
final class Frameless {
  private Frameless() {
  }

  /** Whether compiled code calls p without pushing its frame (see above). */
  static boolean test(Proto p) {
    if (!ownOps(p)) {
      return false;
    }
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (code[pc] == Op.CALL) {
        Object k = p.kr[code[pc + 1]];
        if (k != p && !(k instanceof Proto q && ownOps(q) && callsOnlyItself(q))) {
          return false;
        }
      }
    }
    return true;
  }

  /** p's own instructions allow it (calls not looked into). */
  private static boolean ownOps(Proto p) {
    if (p.nativeFn != null || p.deferReg >= 0 || p.wrapper || p.deferredRecover || JitCompiler.hasLoop(p)) {
      return false;
    }
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      switch (op) {
        case Op.CALL, Op.GETUP, Op.LDUP_L, Op.LDUP_R, Op.STUP_L, Op.STUP_R -> {
        }
        default -> {
          if (!JitCompiler.isLeafOp(op)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean callsOnlyItself(Proto q) {
    int[] code = q.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (code[pc] == Op.CALL && q.kr[code[pc + 1]] != q) {
        return false;
      }
    }
    return true;
  }
}
