package gol.interp.compile;

import gol.interp.vm.Jit;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.RType;

/**
 * Struct values loaded into a variable that need no copy. {@code e := emps[i]}, a struct field
 * {@code in := o.inner} and {@code v := s.(Shape)} (or a type switch's {@code case Shape:}) give
 * the variable a copy of the loaded struct ({@code LDX_R r s i; COPYV r r k}): the element, field
 * or interface keeps its own object. Where the variable is only read while it holds the value,
 * the copy cannot be told from the original and is dropped: the copy was the whole cost of such
 * a loop (an allocation and a store per field of every element).
 *
 * <p>Checked on the function's finished bytecode, as {@link ReadOnlyParams} does for struct
 * parameters. The loaded type is a struct none of whose fields is a struct or an array (a load of
 * such a field would hand out the original's nested object). Over the instructions the register
 * can reach before something else is put in it, its only uses are field loads, copies (a boxing's,
 * a return's) and calls it is handed to ({@code MOV_R t r} just before a CALL whose frame holds
 * t; the callee copies it or only reads it, by the same rules). An element or field can be written
 * in place ({@code emps[i].Age++}, a pointer to it, a call), so for those no read may come after
 * an instruction that stores or lets other code run; the struct inside an interface is never
 * written, so a type switch's copy goes whatever its case does. (A struct loaded through a pointer
 * keeps its copy: the copy is where a nil pointer faults.)
 */
final class LoadedValueCopies {
  private LoadedValueCopies() {
  }

  /** Replaces each load's copy that is not needed with NOPs. */
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

  /** Whether the COPYV at copy, right after the load at def, can go. */
  private static boolean unneeded(Proto p, int[] code, int def, int copy) {
    int r = code[copy + 1];
    int op = code[def];
    if (code[copy + 2] != r || code[def + 1] != r || !(op == Op.LDX_R || op == Op.GETF_R || op == Op.ASSERT)
        || !(p.kr[code[copy + 3]] instanceof RType t) || !flat(t)) {
      return false;
    }
    boolean[] live = holding(code, r, copy + Op.size(Op.COPYV));
    if (live == null) {
      return false;
    }
    boolean[] reads = new boolean[code.length];
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (live[pc] && !usesOnlyReading(code, pc, r, live, reads)) {
        return false;
      }
    }
    return op == Op.ASSERT || !readAfterEffect(code, live, reads);
  }

  /**
   * The pcs reachable from pc start (along fall-throughs and jumps) before an instruction that
   * puts another value in register r; null where that cannot be followed (a string switch's
   * targets are in a table).
   */
  private static boolean[] holding(int[] code, int r, int start) {
    boolean[] live = new boolean[code.length];
    int[] work = new int[code.length];
    int n = 0;
    if (start < code.length) {
      live[start] = true;
      work[n++] = start;
    }
    while (n > 0) {
      int pc = work[--n];
      int op = code[pc];
      if (op == Op.SWITCH_S) {
        return null;
      }
      if (redefines(code, pc, r)) {
        continue; // live[pc] stays: its reads of r (GETF_R r r i) come before its write
      }
      int next = pc + Op.size(op);
      int j = Op.FORMAT[op].indexOf('j');
      int[] succ = {Op.fallsThrough(op) && next < code.length ? next : -1, j < 0 ? -1 : code[pc + 1 + j]};
      for (int s : succ) {
        if (s >= 0 && !live[s]) {
          live[s] = true;
          work[n++] = s;
        }
      }
    }
    return live;
  }

  /**
   * Whether the instruction at pc writes a new reference into register r (operand a), or is a
   * call whose frame holds r.
   */
  private static boolean redefines(int[] code, int pc, int r) {
    if (code[pc] == Op.CALL && code[pc + 2] <= r) {
      return true;
    }
    if (code[pc + 1] != r || Op.FORMAT[code[pc]].isEmpty() || Op.FORMAT[code[pc]].charAt(0) != 'a') {
      return false;
    }
    return switch (code[pc]) {
      case Op.MOV_R, Op.MOV, Op.LOADK_R, Op.NIL_R, Op.LDX_R, Op.LDA_R, Op.ASSERT, Op.NEWV, Op.NEWH,
          Op.GETF_R, Op.LDP_R, Op.LDCELL_R, Op.LDUP_R, Op.LDG_R, Op.BOX, Op.COPYV, Op.MAPGET,
          Op.CONCAT, Op.SLICE_S, Op.RUNE2S, Op.MAKESL, Op.SLICE_SL, Op.MAKEMAP, Op.CLOSURE -> true;
      default -> false;
    };
  }

  /**
   * Whether the instruction at pc, which register r reaches holding the loaded struct, only reads
   * it (recording in reads where: the pc of a field load or copy, the call's for a hand-over) or
   * does not touch r's reference half at all.
   */
  private static boolean usesOnlyReading(int[] code, int pc, int r, boolean[] live, boolean[] reads) {
    int op = code[pc];
    if ((op == Op.CALL || op == Op.CALLN || op == Op.CALLC) && code[pc + 2] <= r) {
      // r is in the callee's frame: a gol callee's parameter (read or copied as it arrives, by
      // these rules) or a slot it writes; a native's or a func value's argument may be kept
      reads[pc] = true;
      return op == Op.CALL;
    }
    String f = Op.FORMAT[op];
    for (int i = 0; i < f.length(); i++) {
      char ch = f.charAt(i);
      if (ch >= 'a' && ch <= 'e' && code[pc + 1 + i] == r) {
        if (ReadOnlyParams.fieldLoad(op, ch) || op == Op.COPYV && ch == 'b') {
          reads[pc] = true;
        } else if (op == Op.MOV_R && ch == 'b') {
          int at = ReadOnlyParams.handedAt(code, pc);
          if (at < 0 || !live[at]) {
            return false;
          }
          reads[at] = true;
        } else if (!(longOnly(op) || ch == 'a' && (redefines(code, pc, r) || writesLongOnly(op)))) {
          return false;
        }
      } else if (ReadOnlyParams.inRange(code, pc, i, r)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether every register operand of op is an integer half (arithmetic on integers and floats,
   * their comparisons and jumps): r's reference half is neither read nor written.
   */
  private static boolean longOnly(int op) {
    return switch (op) {
      case Op.LOADI, Op.LOADK_L, Op.MOV_L, Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I,
          Op.DIV_U, Op.REM_U, Op.ADDI, Op.MULI, Op.DIVI, Op.REMI, Op.NEG_I, Op.AND, Op.OR, Op.XOR,
          Op.ANDNOT, Op.ANDI, Op.ORI, Op.XORI, Op.SHLI, Op.SHRI, Op.SHRUI, Op.NOT_I, Op.NOT, Op.SHL,
          Op.SHR_I, Op.SHR_U, Op.WRAP, Op.ADD_F, Op.SUB_F, Op.MUL_F, Op.DIV_F, Op.NEG_F, Op.F32,
          Op.SQRT_F, Op.I2F, Op.U2F, Op.F2I, Op.F2U, Op.F2I32, Op.I2F32, Op.U2F32, Op.EQ_I, Op.NE_I,
          Op.LT_I, Op.LE_I, Op.LT_U, Op.LE_U, Op.EQ_F, Op.NE_F, Op.LT_F, Op.LE_F, Op.JT, Op.JF,
          Op.JLT_I, Op.JLE_I, Op.JGE_I, Op.JGT_I, Op.JEQ_I, Op.JNE_I, Op.JLTI, Op.JLEI, Op.JGTI,
          Op.JGEI, Op.JEQI, Op.JNEI, Op.FORLT, Op.FORLE, Op.FORGT, Op.FORGE -> true;
      default -> false;
    };
  }

  /** Whether op's operand a is a destination in the integer half only (r's reference stays). */
  private static boolean writesLongOnly(int op) {
    return switch (op) {
      case Op.GETF_L, Op.LDX_L, Op.LDX_B, Op.LDA_L, Op.LDA_B, Op.LDP_L, Op.LDCELL_L, Op.LDUP_L,
          Op.LDG_L, Op.LEN_S, Op.LEN_SL, Op.CAP_SL, Op.LEN_MAP, Op.ADDF_FL, Op.SUBF_FL, Op.MULF_FL,
          Op.EQ_S, Op.NE_S, Op.LT_S, Op.LE_S, Op.ISTYPE, Op.INDEX_S -> true;
      default -> false;
    };
  }

  /**
   * Whether a read (reads) is reachable, among the live pcs, from an instruction that stores or
   * lets other code run: either could write the element or field the register shares.
   */
  private static boolean readAfterEffect(int[] code, boolean[] live, boolean[] reads) {
    boolean[] after = new boolean[code.length];
    int[] work = new int[code.length];
    int n = 0;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      if (live[pc] && (!Jit.isLeafOp(op) || ReadOnlyParams.stores(op))) {
        work[n++] = pc;
      }
    }
    while (n > 0) {
      int pc = work[--n];
      int op = code[pc];
      int next = pc + Op.size(op);
      int j = Op.FORMAT[op].indexOf('j');
      int[] succ = {Op.fallsThrough(op) && next < code.length ? next : -1, j < 0 ? -1 : code[pc + 1 + j]};
      for (int s : succ) {
        if (s >= 0 && live[s] && !after[s]) {
          after[s] = true;
          work[n++] = s;
        }
      }
    }
    for (int pc = 0; pc < code.length; pc++) {
      if (reads[pc] && after[pc]) {
        return true;
      }
    }
    return false;
  }

  /** A struct none of whose fields is a struct or an array. */
  static boolean flat(RType t) {
    if (t.kind != RType.Kind.STRUCT) {
      return false;
    }
    for (RType f : t.fieldTypes) {
      if (f.isValue()) {
        return false;
      }
    }
    return true;
  }
}
