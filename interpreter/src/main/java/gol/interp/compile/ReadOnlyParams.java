package gol.interp.compile;

import gol.interp.vm.Jit;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.Native;

/**
 * Struct parameters that need no copy. A function owns its struct parameters: the caller passes
 * its own object and the callee copies it on entry (COPYV), so that writes to the parameter do
 * not reach the caller's variable, nor the caller's writes the parameter. A function that only
 * reads the parameter's fields, and that writes no memory but the struct it makes, calls nothing
 * and has no loop (so no other code runs while it does), cannot tell the copy from the original:
 * value-receiver getters and small methods such as {@code func (r Rect) Area() float64} or
 * {@code func (a Vec) Add(b Vec) Vec}, which otherwise allocate a copy of each at every call.
 * Nor can one that loads all the fields it reads before anything that could run other code or
 * write memory, whatever it does afterwards (reflect.Value's methods: a load, then a native).
 *
 * <p>The check is on the function's finished bytecode: every instruction is a leaf operation
 * (Jit.isLeafOp) that stores nothing, or only into a fresh struct (a register NEWV sets and that
 * is otherwise only stored into, read or moved out), every jump goes forward, the instructions
 * after the entry copies that can fault or jump begin with a load of a field of the parameter,
 * possibly after loads of the other parameters' fields (so a nil one still faults there, before
 * any effect: constants, allocations and arithmetic that cannot panic may come first), and the
 * parameter's register is only read: the struct operand of field loads (GETF, and the arithmetic
 * ops that load a float field, such as MULF_FL), the source of a copy, or handed to a gol callee
 * (readPoints). Where the function does more than read, no read may come after an effect
 * (readBeforeEffects). The struct's own fields must not be structs or
 * arrays (the compiler only records such parameters): a field load of one would hand out the
 * caller's nested object.
 */
final class ReadOnlyParams {
  private ReadOnlyParams() {
  }

  /** Replaces the entry copy {@code COPYV r r} at each pc of copyPcs that is not needed with NOPs. */
  static void elide(Proto p, int[] copyPcs) {
    int[] code = p.code;
    boolean readsOnly = readsOnly(code, p.numParams);
    int first = 0; // the first instruction after the entry copies
    while (first < code.length && (code[first] == Op.NOP
        || code[first] == Op.COPYV && code[first + 1] == code[first + 2] && code[first + 1] < p.numParams)) {
      first += Op.size(code[first]);
    }
    boolean[][] reads = new boolean[copyPcs.length][];
    for (int i = 0; i < copyPcs.length; i++) {
      reads[i] = readPoints(code, code[copyPcs[i] + 1], copyPcs[i]);
    }
    for (int i = 0; i < copyPcs.length; i++) {
      if (reads[i] != null && firstFaultReads(code, first, i, reads, copyPcs)
          && (readsOnly || readBeforeEffects(p, first, reads[i], copyPcs[i]))) {
        for (int k = 0; k < Op.size(Op.COPYV); k++) {
          code[copyPcs[i] + k] = Op.NOP;
        }
      }
    }
  }

  /**
   * The pcs at which the function reads the contents of register r, outside the copy at copyPc:
   * its field loads and copies (a boxing's, a return's), and the calls it is handed to. A struct handed to a call is the
   * callee's parameter, which the callee copies on entry or reads as this class allows; so
   * handing it over is a read at the call ({@code return a.Sub(b).Len()} copies neither a nor
   * b). It is handed over by {@code MOV_R t r} followed by a CALL whose frame holds t, or by
   * {@code COPYV t t} (a return's copy), with nothing between that jumps, calls out or touches t.
   * Null when r has any other use (written, returned, boxed, compared, passed to a native).
   */
  private static boolean[] readPoints(int[] code, int r, int copyPc) {
    boolean[] reads = new boolean[code.length];
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (pc == copyPc) {
        continue;
      }
      int op = code[pc];
      String f = Op.FORMAT[op];
      for (int i = 0; i < f.length(); i++) {
        char ch = f.charAt(i);
        if (isReg(ch) && code[pc + 1 + i] == r && !rangeStart(f, i)) {
          int at = fieldLoad(op, ch) || op == Op.COPYV && ch == 'b' ? pc
              : op == Op.MOV_R && ch == 'b' ? handedAt(code, pc) : -1;
          if (at < 0) {
            return null;
          }
          reads[at] = true;
        } else if (inRange(code, pc, i, r)) {
          return null;
        }
      }
    }
    return reads;
  }

  /**
   * For {@code MOV_R t r} at pc: the pc of the CALL whose callee's frame holds t, or of
   * {@code COPYV t t}, that next uses t, when the instructions between fall through, are leaf
   * operations or calls whose frames begin above t, and do not use t; -1 otherwise.
   */
  static int handedAt(int[] code, int pc) {
    int t = code[pc + 1];
    for (int at = pc + Op.size(code[pc]); at < code.length; at += Op.size(code[at])) {
      int op = code[at];
      if (op == Op.CALL && code[at + 2] <= t || op == Op.COPYV && code[at + 1] == t && code[at + 2] == t) {
        return at;
      }
      if (uses(code, at, t) || !Op.fallsThrough(op) || Op.FORMAT[op].indexOf('j') >= 0
          || op == Op.SWITCH_S || !Jit.isLeafOp(op) && op != Op.CALL) {
        return -1;
      }
    }
    return -1;
  }

  /** Whether the instruction at pc has register t as an operand or in an operand range. */
  private static boolean uses(int[] code, int pc, int t) {
    String f = Op.FORMAT[code[pc]];
    for (int i = 0; i < f.length(); i++) {
      if (isReg(f.charAt(i)) && code[pc + 1 + i] == t && !rangeStart(f, i) || inRange(code, pc, i, t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether operand i of format f is the first register of a range (a register letter followed by
   * n): the range check covers it, and an empty range ({@code RET r 0}) names no register.
   */
  static boolean rangeStart(String f, int i) {
    return i + 1 < f.length() && f.charAt(i + 1) == 'n';
  }

  private static boolean isReg(char ch) {
    return ch >= 'a' && ch <= 'e';
  }

  /** Whether operand i of the instruction at pc is a range length (FORMAT letter n after a register) covering r. */
  static boolean inRange(int[] code, int pc, int i, int r) {
    String f = Op.FORMAT[code[pc]];
    if (f.charAt(i) != 'n' || i == 0 || !isReg(f.charAt(i - 1))) {
      return false;
    }
    int from = code[pc + i];
    return r >= from && r < from + code[pc + 1 + i];
  }

  /**
   * Whether no read of a parameter (reads: its field loads and the calls it is handed to) can
   * run after anything that could let other code run or write memory: no read is reachable,
   * along jumps and fall-throughs, from an instruction that is not a leaf operation or that
   * stores (but into a fresh struct). Then the
   * reads see what the copy would have held, whatever the function does after them:
   * reflect.Value's methods ({@code func (v Value) Type() Type}: a nil check that panics, a
   * load, a native).
   */
  private static boolean readBeforeEffects(Proto p, int first, boolean[] reads, int copyPc) {
    int[] code = p.code;
    int params = p.numParams;
    boolean[] after = new boolean[code.length]; // reachable from an effect, by pc
    boolean[] queued = new boolean[code.length]; // each pc is worked on once
    int[] work = new int[code.length];
    int n = 0;
    for (int pc = first; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      if (op == Op.SWITCH_S) {
        return false; // (its targets are in a table, not operands)
      }
      if (op != Op.NOP && (!Jit.isLeafOp(op) && !readingNative(p, pc) || stores(op) && !storesFresh(code, pc, params))) {
        queued[pc] = true;
        work[n++] = pc;
      }
    }
    while (n > 0) {
      int pc = work[--n];
      for (int t : Op.successors(code, pc)) {
        if (t >= 0 && !after[t]) {
          after[t] = true;
          if (!queued[t]) {
            queued[t] = true;
            work[n++] = t;
          }
        }
      }
    }
    for (int pc = first; pc < code.length; pc += Op.size(code[pc])) {
      if (pc != copyPc && after[pc] && reads[pc]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the code only has leaf operations that store nothing but fresh structs' fields, with
   * forward jumps only; registers below {@code params} are the parameters'.
   */
  private static boolean readsOnly(int[] code, int params) {
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      if (op != Op.COPYV && (!Jit.isLeafOp(op) || stores(op) && !storesFresh(code, pc, params))) {
        return false;
      }
      String f = Op.FORMAT[op];
      int j = f.indexOf('j');
      if (j >= 0 && code[pc + 1 + j] <= pc) {
        return false;
      }
    }
    return true;
  }

  /** Whether the instruction at pc calls a native that only reads (Native.readsOnly). */
  static boolean readingNative(Proto p, int pc) {
    return p.code[pc] == Op.CALLN && p.kr[p.code[pc + 1]] instanceof Native n && n.readsOnly();
  }

  /** Whether op writes memory: a field, an element, a global, a cell, through a pointer. */
  static boolean stores(int op) {
    return op == Op.SETF_L || op == Op.SETF_R || op == Op.STX_L || op == Op.STX_B || op == Op.STX_R
        || op == Op.STG_L || op == Op.STG_R || op == Op.STCELL_L || op == Op.STCELL_R
        || op == Op.STA_L || op == Op.STA_B || op == Op.STA_R || op == Op.STP_L || op == Op.STP_R
        || op == Op.COPYSL || op == Op.APPEND || op == Op.APPENDSL; // (append writes into the backing array)
  }

  /**
   * Whether the instruction at pc is SETF_L or SETF_R into a fresh struct: a register that is
   * not a parameter, that only a NEWV before any other use sets, and that appears elsewhere only
   * as the struct stored into or loaded from or as the source of a MOV_R (the result's move), so
   * that it is never the caller's object nor reachable by anything but this function until the
   * function returns it.
   */
  private static boolean storesFresh(int[] code, int pc, int params) {
    int op = code[pc];
    int r = code[pc + 1];
    return (op == Op.SETF_L || op == Op.SETF_R && code[pc + 3] != r) && fresh(code, r, params);
  }

  /** Whether register r holds a fresh struct (see storesFresh). */
  private static boolean fresh(int[] code, int r, int params) {
    if (r < params) {
      return false;
    }
    boolean made = false;
    for (int at = 0; at < code.length; at += Op.size(code[at])) {
      int o = code[at];
      String f = Op.FORMAT[o];
      for (int i = 0; i < f.length(); i++) {
        char ch = f.charAt(i);
        boolean reg = ch >= 'a' && ch <= 'e';
        if (ch == 'n' && i > 0 && f.charAt(i - 1) >= 'a' && f.charAt(i - 1) <= 'e') {
          int from = code[at + i];
          if (r >= from && r < from + code[at + 1 + i]) {
            return false; // in an operand range: passed, returned, packed
          }
        }
        if (!reg || code[at + 1 + i] != r) {
          continue;
        }
        if (!made && ch == 'a' && o == Op.NEWV) {
          made = true;
        } else if (!made || !((o == Op.SETF_L || o == Op.SETF_R) && ch == 'a'
            || (o == Op.GETF_L || o == Op.GETF_R) && ch == 'b' || o == Op.MOV_R && ch == 'b')) {
          return false;
        }
      }
    }
    return made;
  }

  /**
   * Whether, after the entry copies (which end at pc first), the first instruction that can
   * fault, jump or have an effect reads parameter i (reads[i]: a field load, or a call it is
   * handed to, whose callee faults as first on it by this same rule or in its entry copy), or
   * comes after only field loads of the other copied parameters: a nil parameter (the caller's
   * {@code *p} or {@code p.V()} with p nil) then faults before anything is seen.
   */
  private static boolean firstFaultReads(int[] code, int first, int i, boolean[][] reads, int[] copyPcs) {
    for (int pc = afterQuiet(code, first); pc < code.length;
        pc = afterQuiet(code, pc + Op.size(code[pc]))) {
      if (reads[i][pc]) {
        return true;
      }
      boolean other = false;
      for (int copyPc : copyPcs) {
        other |= loadsFieldOf(code, pc, code[copyPc + 1]);
      }
      if (!other) {
        return false;
      }
    }
    return false;
  }

  /**
   * The first instruction at or after pc that can fault, jump or has an effect: constants, moves
   * and arithmetic that cannot panic ({@code 2 * (r.w + r.h)} loads its 2 first) come before the
   * receiver's first field load without changing which instruction faults on a nil one.
   */
  private static int afterQuiet(int[] code, int pc) {
    while (pc < code.length && quiet(code[pc])) {
      pc += Op.size(code[pc]);
    }
    return pc;
  }

  private static boolean quiet(int op) {
    return switch (op) {
      case Op.NOP, Op.LOADI, Op.LOADK_L, Op.LOADK_R, Op.NIL_R, Op.MOV_L, Op.MOV_R, Op.NEWV,
          Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.ADDI, Op.NEG_I,
          Op.ADD_F, Op.SUB_F, Op.MUL_F, Op.DIV_F, Op.NEG_F -> true;
      default -> false;
    };
  }

  /**
   * Whether the instruction at pc loads a field of register r. The copy is also the nil check
   * of a value receiver called through a nil pointer ({@code p.V()} with p nil dereferences p):
   * without it, the function's first instruction must fault the same way.
   */
  private static boolean loadsFieldOf(int[] code, int pc, int r) {
    if (pc >= code.length) {
      return false;
    }
    String f = Op.FORMAT[code[pc]];
    for (int i = 0; i < f.length(); i++) {
      if (code[pc + 1 + i] == r && fieldLoad(code[pc], f.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Whether operand ch of op is the struct a field is loaded from. */
  static boolean fieldLoad(int op, char ch) {
    return (op == Op.GETF_L || op == Op.GETF_R) && ch == 'b'
        || (op == Op.ADDF_FL || op == Op.SUBF_FL || op == Op.MULF_FL) && ch == 'c';
  }

}
