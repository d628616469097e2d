package gol.interp.compile;

import gol.interp.vm.Jit;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.RType;
import java.util.BitSet;

/**
 * Struct values loaded into a variable that need no copy. {@code e := emps[i]}, {@code for _, e
 * := range emps}, a struct field {@code l := t.Lead} and {@code v := s.(Shape)} (or a type
 * switch's {@code case Shape:}) give the variable a copy of the loaded struct ({@code LDX_R r s
 * i; COPYV r r k}): the element, field or interface keeps its own object. Where the variable is
 * only read while it holds the value, the copy cannot be told from the original and is dropped:
 * the copy was most of such a loop's cost (an allocation and a store per field of every element).
 *
 * <p>Checked on the function's finished bytecode, as {@link ReadOnlyParams} does for struct
 * parameters. The loaded type is a struct none of whose fields is a struct or an array (a load of
 * such a field would hand out the original's nested object). A forward dataflow follows the
 * registers that may hold a loaded struct (the copy's, and those it is moved to, such as a range
 * loop's variable) until something else is put in them; their only uses may be field loads,
 * copies (a boxing's, a return's), moves and hand-overs to gol callees (a register in a CALL's
 * frame: the callee copies its parameter or only reads it as it arrives). An element or a field
 * can be written in place ({@code emps[i].Age++}, through a pointer, by a call), so none of those
 * reads may come after an instruction that stores or lets other code run since the load; the
 * struct inside an interface is never written, so a type switch's copy goes whatever its case
 * does. A struct loaded through a pointer keeps its copy: the copy is where a nil pointer faults.
 * A range loop whose body only computes (no call, no store) drops its element copy by a simpler
 * rule, whatever follows the loop (leafRangeBody).
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

  /**
   * Whether the COPYV at copy, right after the load at def, can go: a forward dataflow over the
   * code after it. At each pc, holds is the set of registers that may hold a struct some run of
   * the load gave (the copy's register, and those it was moved to), and written the subset that
   * may have seen, since that load, an instruction that stores or lets other code run. A use of
   * a holder other than a read, or a read by a written one (of an element or field; an
   * interface's struct is never written), keeps the copy.
   */
  private static boolean unneeded(Proto p, int[] code, int def, int copy) {
    int r = code[copy + 1];
    int op = code[def];
    if (code[copy + 2] != r || code[def + 1] != r || !(op == Op.LDX_R || op == Op.GETF_R || op == Op.ASSERT)
        || !(p.kr[code[copy + 3]] instanceof RType t) || !flat(t)) {
      return false;
    }
    if (leafRangeBody(code, def, copy)) {
      return true;
    }
    boolean neverWritten = op == Op.ASSERT;
    BitSet[] holdsIn = new BitSet[code.length];
    BitSet[] writtenIn = new BitSet[code.length];
    int[] work = new int[code.length];
    boolean[] queued = new boolean[code.length];
    int n = 0;
    int first = copy + Op.size(Op.COPYV);
    if (first >= code.length) {
      return false;
    }
    holdsIn[first] = new BitSet();
    holdsIn[first].set(r);
    writtenIn[first] = new BitSet();
    work[n++] = first;
    queued[first] = true;
    while (n > 0) {
      int pc = work[--n];
      queued[pc] = false;
      BitSet holds = (BitSet) holdsIn[pc].clone();
      BitSet written = (BitSet) writtenIn[pc].clone();
      int o = code[pc];
      if (o == Op.SWITCH_S) {
        return false; // (its targets are in a table)
      }
      if (!usesOnlyReading(p, code, pc, holds, neverWritten ? new BitSet() : written)) {
        return false;
      }
      step(p, code, pc, holds, written);
      if (!neverWritten && writesOrRuns(o) && !ReadOnlyParams.readingNative(p, pc)) {
        written.or(holds);
      }
      if (pc == copy) { // the load ran again: r holds a new struct, not yet written
        holds.set(r);
        written.clear(r);
      }
      for (int s : Op.successors(code, pc)) {
        if (s < 0) {
          continue;
        }
        boolean changed;
        if (holdsIn[s] == null) {
          holdsIn[s] = (BitSet) holds.clone();
          writtenIn[s] = (BitSet) written.clone();
          changed = true;
        } else {
          changed = grows(holdsIn[s], holds) | grows(writtenIn[s], written);
        }
        if (changed && !queued[s]) {
          queued[s] = true;
          work[n++] = s;
        }
      }
    }
    return true;
  }

  /** Adds the bits of more to into; whether into gained any. */
  private static boolean grows(BitSet into, BitSet more) {
    int before = into.cardinality();
    into.or(more);
    return into.cardinality() != before;
  }

  /**
   * Whether the copy is a range loop's element copy ({@code LDX_R e s i; COPYV e e k; MOV_R v e})
   * and the loop's body, up to the back edge to the load, is leaf operations and inner loops
   * that store nothing, with e and v only field-loaded there. The dataflow would follow e and v
   * past the loop, where their registers are dead but may sit in a later call's frame; the body
   * is their scope.
   */
  private static boolean leafRangeBody(int[] code, int load, int copy) {
    int e = code[copy + 1];
    int mov = copy + Op.size(Op.COPYV);
    if (code[load] != Op.LDX_R || mov >= code.length || code[mov] != Op.MOV_R || code[mov + 2] != e) {
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
    return onlyFieldLoads(code, e, body, end) && onlyFieldLoads(code, v, body, end);
  }

  /**
   * Whether register r appears in the instructions from pc {@code from} up to {@code to} only as
   * the struct of field loads (never written, passed, returned, boxed or compared).
   */
  private static boolean onlyFieldLoads(int[] code, int r, int from, int to) {
    for (int pc = from; pc < to; pc += Op.size(code[pc])) {
      int op = code[pc];
      String f = Op.FORMAT[op];
      for (int i = 0; i < f.length(); i++) {
        char ch = f.charAt(i);
        if (ch >= 'a' && ch <= 'e' && code[pc + 1 + i] == r && !ReadOnlyParams.fieldLoad(op, ch)
            || ReadOnlyParams.inRange(code, pc, i, r)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The instruction at pc's effect on which registers hold the struct (moves, redefinitions). */
  private static void step(Proto p, int[] code, int pc, BitSet holds, BitSet written) {
    int op = code[pc];
    if (op == Op.MOV_R) {
      int a = code[pc + 1];
      int b = code[pc + 2];
      holds.set(a, b >= 0 && holds.get(b));
      written.set(a, b >= 0 && written.get(b));
    } else if (op == Op.CALL) { // the results come back at the frame's base
      int b = code[pc + 2];
      int results = p.kr[code[pc + 1]] instanceof Proto q ? q.numResults : 0;
      holds.clear(b, b + results);
      written.clear(b, b + results);
    } else if (!Op.FORMAT[op].isEmpty() && Op.FORMAT[op].charAt(0) == 'a' && redefines(op) && code[pc + 1] >= 0) {
      holds.clear(code[pc + 1]);
      written.clear(code[pc + 1]);
    }
  }

  /**
   * Whether op stores or lets other code run (a call, a channel operation, what is left to Ext):
   * either could write an element or a field. Copies, assertions and map lookups run no gol
   * code; a panic they raise ends the reads.
   */
  private static boolean writesOrRuns(int op) {
    return ReadOnlyParams.stores(op) || !(Jit.isLeafOp(op) || op == Op.COPYV || op == Op.ASSERT
        || op == Op.ASSERT2 || op == Op.MAPGET || op == Op.MAPGET2);
  }

  /** Whether op puts a new reference into its operand a (a destination it does not read first). */
  private static boolean redefines(int op) {
    return switch (op) {
      case Op.MOV_R, Op.MOV, Op.LOADK_R, Op.NIL_R, Op.LDX_R, Op.LDA_R, Op.ASSERT, Op.NEWV, Op.NEWH,
          Op.GETF_R, Op.LDP_R, Op.LDCELL_R, Op.LDUP_R, Op.LDG_R, Op.BOX, Op.COPYV, Op.MAPGET,
          Op.CONCAT, Op.SLICE_S, Op.RUNE2S, Op.MAKESL, Op.SLICE_SL, Op.MAKEMAP, Op.CLOSURE -> true;
      default -> false;
    };
  }

  /**
   * Whether the instruction at pc uses the registers that hold the struct (holds) only to read
   * it, with no read by a register that may have seen a write (written): a field load, a copy (a
   * boxing's, a return's), a move, a hand-over to a gol callee (which copies or only reads its
   * parameter as it arrives, by the rules of ReadOnlyParams), or not at all (their integer halves).
   */
  private static boolean usesOnlyReading(Proto p, int[] code, int pc, BitSet holds, BitSet written) {
    int op = code[pc];
    if ((op == Op.CALL || op == Op.CALLN || op == Op.CALLC) && holds.nextSetBit(Math.max(0, code[pc + 2])) >= 0
        && (op != Op.CALL || intersects(written, holds, code[pc + 2]))) {
      return false; // a native's or a func value's argument may be kept; a written one is read
    }
    String f = Op.FORMAT[op];
    for (int i = 0; i < f.length(); i++) {
      char ch = f.charAt(i);
      int v = code[pc + 1 + i];
      if (ch >= 'a' && ch <= 'e' && v >= 0 && holds.get(v) && !ReadOnlyParams.rangeStart(f, i)) {
        boolean read = ReadOnlyParams.fieldLoad(op, ch) || op == Op.COPYV && ch == 'b';
        if (read ? written.get(v)
            : !(op == Op.MOV_R && ch == 'b' || longOnly(op) || readsLong(op, ch)
                || ch == 'a' && (redefines(op) || writesLongOnly(op)) || op == Op.CALL && ch == 'b')) {
          return false;
        }
      } else if (ch == 'n' && i > 0 && f.charAt(i - 1) >= 'a' && f.charAt(i - 1) <= 'e') {
        int from = code[pc + i];
        int x = holds.nextSetBit(Math.max(0, from));
        if (x >= 0 && x < from + v) {
          return false; // in an operand range: passed, returned, packed
        }
      }
    }
    return true;
  }

  /** Whether a and b have a register at or above from in common. */
  private static boolean intersects(BitSet a, BitSet b, int from) {
    for (int x = a.nextSetBit(Math.max(0, from)); x >= 0; x = a.nextSetBit(x + 1)) {
      if (b.get(x)) {
        return true;
      }
    }
    return false;
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

  /** Whether operand ch of op is read from its integer half (an index, a stored integer). */
  private static boolean readsLong(int op, char ch) {
    return switch (op) {
      case Op.LDX_L, Op.LDX_B, Op.LDX_R, Op.LDA_L, Op.LDA_B, Op.LDA_R, Op.INDEX_S, Op.SETF_L -> ch == 'c';
      case Op.STX_L, Op.STX_B, Op.STA_L, Op.STA_B -> ch == 'b' || ch == 'c';
      case Op.STX_R, Op.STA_R -> ch == 'b';
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
