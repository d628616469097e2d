package gol.interp.compile;

import gol.interp.vm.Jit;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.RType;

/**
 * Range loops over struct elements that need no copy of each element. {@code for _, b := range
 * bodies} gives b a copy of each element ({@code LDX_R e s i; COPYV e e k; MOV_R b e}); a loop
 * body that only reads b's fields, writes no memory and calls nothing cannot tell that copy from
 * the element itself, so the copy is dropped: for a five-field struct it was four fifths of such
 * a loop's time (an allocation and five stores per element).
 *
 * <p>Checked on the function's finished bytecode, as {@link ReadOnlyParams} does for struct
 * parameters: the element type is a struct none of whose fields is a struct or an array (a load
 * of such a field would hand out the element's own nested object); every instruction of the
 * loop, from the element's load to the back edge that jumps to it, is a leaf operation (no call,
 * no channel operation, nothing left to Ext) or an inner loop's counter, and stores nothing; and
 * there the element's register and the loop variable's are only the struct operand of field
 * loads. Another
 * goroutine writing the element while the loop reads it would be a data race in Go, so it is not
 * a difference either.
 */
final class RangeValueCopies {
  private RangeValueCopies() {
  }

  /** Replaces each range loop's element copy that is not needed with NOPs. */
  static void elide(Proto p) {
    int[] code = p.code;
    int prev = -1;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (code[pc] == Op.COPYV && prev >= 0 && unneeded(p, code, prev, pc)) {
        for (int i = 0; i < Op.size(Op.COPYV); i++) {
          code[pc + i] = Op.NOP;
        }
      }
      prev = pc;
    }
  }

  /** Whether the COPYV at copy, after the instruction at load, is a range element copy not needed. */
  private static boolean unneeded(Proto p, int[] code, int load, int copy) {
    int e = code[copy + 1];
    int mov = copy + Op.size(Op.COPYV);
    if (code[load] != Op.LDX_R || code[load + 1] != e || code[copy + 2] != e
        || mov >= code.length || code[mov] != Op.MOV_R || code[mov + 2] != e
        || !(p.kr[code[copy + 3]] instanceof RType t) || !LoadedValueCopies.flat(t)) {
      return false;
    }
    int v = code[mov + 1];
    int backEdge = -1;
    for (int pc = mov; pc < code.length; pc += Op.size(code[pc])) {
      int j = Op.FORMAT[code[pc]].indexOf('j');
      if (j >= 0 && code[pc + 1 + j] == load) {
        backEdge = pc;
      }
    }
    if (backEdge < 0) {
      return false;
    }
    int end = backEdge + Op.size(code[backEdge]);
    int body = mov + Op.size(Op.MOV_R);
    for (int pc = body; pc < end; pc += Op.size(code[pc])) {
      int op = code[pc];
      boolean loop = op == Op.FORLT || op == Op.FORLE || op == Op.FORGT || op == Op.FORGE;
      if (!(Jit.isLeafOp(op) || loop) || ReadOnlyParams.stores(op)) {
        return false;
      }
    }
    return ReadOnlyParams.onlyFieldLoads(code, e, body, end, -1)
        && ReadOnlyParams.onlyFieldLoads(code, v, body, end, -1);
  }
}
