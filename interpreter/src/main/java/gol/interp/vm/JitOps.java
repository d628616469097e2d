package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import gol.runtime.G;
import org.objectweb.asm.Label;

/**
 * Families of instructions of a translation (arithmetic, comparisons, jumps, map and slice
 * operations, conversions, element and field access, cells), each emitted the way the
 * interpreter's case does it, with the same helpers and panics.
 */
abstract class JitOps extends JitCalls {
  JitOps(Proto p, boolean inlining, boolean regs, boolean copies, boolean frameless) {
    super(p, inlining, regs, copies, frameless);
  }

  void binL(int a, int b, int c, int insn) {
    beginL(a);
    ldL(b);
    ldL(c);
    mv.visitInsn(insn);
    endL();
  }

  void immL(int a, int b, int i, int insn) {
    beginL(a);
    ldL(b);
    lconst(i);
    mv.visitInsn(insn);
    endL();
  }

  /**
   * L[a] := L[b] / d, or % d (DIVI, REMI; d != 0). By a power of two, with shifts: the quotient
   * truncated toward zero is (x + bias) >> k, where bias = (x >> 63) >>> (64 - k) is 2^k - 1 for
   * a negative x and 0 otherwise, and the remainder x - ((x + bias) & -2^k). C2 does this itself
   * for a constant divisor, but until it compiles a loop the division runs in the interpreter and
   * C1's code, which divide (a call of SharedRuntime::lrem in C1's). Other divisors as a constant.
   */
  void divImmediate(int a, int b, int d, boolean rem) {
    if (d < 2 || (d & (d - 1)) != 0) {
      immL(a, b, d, rem ? LREM : LDIV);
      return;
    }
    int k = Integer.numberOfTrailingZeros(d);
    beginL(a);
    if (rem) {
      ldL(b);
    }
    ldL(b);
    ldL(b);
    iconst(63);
    mv.visitInsn(LSHR);
    iconst(64 - k);
    mv.visitInsn(LUSHR);
    mv.visitInsn(LADD);
    if (rem) {
      lconst(-d);
      mv.visitInsn(LAND);
      mv.visitInsn(LSUB);
    } else {
      iconst(k);
      mv.visitInsn(LSHR);
    }
    endL();
  }

  void binD(int a, int b, int c, int insn) {
    beginL(a);
    ldD(b);
    ldD(c);
    mv.visitInsn(insn);
    d2l();
    endL();
  }

  void cmpL(int a, int b, int c, int falseIf, boolean unsigned) {
    beginL(a);
    ldL(b);
    ldL(c);
    if (unsigned) {
      mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "compareUnsigned", "(JJ)I", false);
    } else {
      mv.visitInsn(LCMP);
    }
    boolUnless(falseIf);
    endL();
  }

  void cmpD(int a, int b, int c, int cmp, int falseIf) {
    beginL(a);
    ldD(b);
    ldD(c);
    mv.visitInsn(cmp);
    boolUnless(falseIf);
    endL();
  }

  void jumpL(int pc, int b, int c, int j, int takenIf) {
    ldL(b);
    ldL(c);
    mv.visitInsn(LCMP);
    mv.visitJumpInsn(takenIf, target(pc, j));
  }

  void jumpI(int pc, int b, int i, int j, int takenIf) {
    ldL(b);
    lconst(i);
    mv.visitInsn(LCMP);
    mv.visitJumpInsn(takenIf, target(pc, j));
  }

  /** FORxx a i c j: L[a] += i; if L[a] cmp L[c] then pc := j. */
  void forLoop(int pc, int a, int i, int c, int takenIf) {
    ldL(a);
    lconst(i);
    mv.visitInsn(LADD);
    mv.visitVarInsn(LSTORE, TMP_J);
    beginL(a);
    mv.visitVarInsn(LLOAD, TMP_J);
    endL();
    mv.visitVarInsn(LLOAD, TMP_J);
    ldL(c);
    mv.visitInsn(LCMP);
    mv.visitJumpInsn(takenIf, target(pc, code[pc + 4]));
  }

  /**
   * IMETH a b c k: R[a] := the method of interface R[b]'s dynamic type (the call site's
   * cache), and its receiver to register c; as Ext does, without going through Ext's switch.
   */
  void imeth(int pc, int a, int b, int c, int k) {
    cur(pc);
    ldRCast(b, IFACE);
    mv.visitVarInsn(ASTORE, TMP_A);
    beginR(a);
    kr(k, "gol/interp/vm/Sites$Method");
    mv.visitVarInsn(ALOAD, TMP_A); // a nil interface: NullPointerException, as in Ext
    mv.visitFieldInsn(GETFIELD, IFACE, "type", "L" + RTYPE + ";");
    mv.visitMethodInsn(INVOKEVIRTUAL, "gol/interp/vm/Sites$Method", "find",
        "(L" + RTYPE + ";)L" + CLOSURE + ";", false);
    endR();
    beginL(c);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitFieldInsn(GETFIELD, IFACE, "bits", "J");
    endL();
    beginR(c);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitFieldInsn(GETFIELD, IFACE, "ref", "Ljava/lang/Object;");
    endR();
  }

  /** MAPGET(2) a b c k: GoMap.get writes the element to slot a; the comma-ok form sets a+1. */
  void mapGet(int pc, int op, int a, int b, int c, int k) {
    cur(pc);
    ldRCast(b, GOMAP);
    ldL(c);
    ldR(c);
    mv.visitVarInsn(ALOAD, LS);
    mv.visitVarInsn(ALOAD, RS);
    slot(a);
    kr(k, RTYPE);
    mv.visitFieldInsn(GETFIELD, RTYPE, "elem", "L" + RTYPE + ";");
    mv.visitMethodInsn(INVOKESTATIC, GOMAP, "get",
        "(L" + GOMAP + ";JLjava/lang/Object;[J[Ljava/lang/Object;IL" + RTYPE + ";)Z", false);
    if (op == Op.MAPGET2) {
      mv.visitInsn(I2L);
      mv.visitVarInsn(LSTORE, TMP_J);
      beginL(a + 1);
      mv.visitVarInsn(LLOAD, TMP_J);
      endL();
    } else {
      mv.visitInsn(POP);
    }
    if (a + off < frameSlots) {
      reload(new int[] {a + off});
    }
  }

  /**
   * MAPGET_CAT a b c n d k: Ext.mapGetConcat reads the n parts from the slots and writes the
   * element to slot a and the key to slot d (a string: no local holds it).
   */
  void mapGetConcat(int pc, int a, int b, int c, int n, int d, int k) {
    cur(pc);
    for (int i = 0; i < n; i++) {
      spillR(c + i + off);
    }
    mv.visitVarInsn(ALOAD, G);
    ldRCast(b, GOMAP);
    mv.visitVarInsn(ALOAD, LS);
    mv.visitVarInsn(ALOAD, RS);
    slot(a);
    slot(c);
    iconst(n);
    slot(d);
    kr(k, RTYPE);
    mv.visitFieldInsn(GETFIELD, RTYPE, "elem", "L" + RTYPE + ";");
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Ext", "mapGetConcat",
        "(L" + G_ + ";L" + GOMAP + ";[J[Ljava/lang/Object;IIIIL" + RTYPE + ";)V", false);
    if (a + off < frameSlots) {
      reload(new int[] {a + off});
    }
  }

  /**
   * APPEND a b c n k: Slices.append reads the n values from the slots (so a value kept in a
   * local is written back first); the result is a slice, which no local holds.
   */
  void append(int pc, int a, int b, int c, int n, int k) {
    cur(pc);
    for (int i = 0; i < n; i++) {
      spill(c + i + off);
      spillR(c + i + off);
    }
    beginR(a);
    mv.visitVarInsn(ALOAD, G);
    ldRCast(b, SLICE);
    mv.visitVarInsn(ALOAD, LS);
    mv.visitVarInsn(ALOAD, RS);
    slot(c);
    iconst(n);
    kr(k, RTYPE);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Slices", "append",
        "(L" + G_ + ";L" + SLICE + ";[J[Ljava/lang/Object;IIL" + RTYPE + ";)L" + SLICE + ";", false);
    endR();
  }

  /**
   * DEFER a b c n / DEFERPOP a b c j: Panics.defer / Panics.pop on the slots. A function with
   * defer is never in register mode, so its slots are current; in one that is (none today),
   * Ext does them with its write-back.
   */
  void deferOp(int pc, int op, int a, int b, int c, int next) {
    if (regs) {
      ext(pc, next);
      return;
    }
    cur(pc);
    if (op == Op.DEFER) {
      beginR(a);
      ldR(b);
      mv.visitVarInsn(ALOAD, LS);
      mv.visitVarInsn(ALOAD, RS);
      slot(c);
      iconst(code[pc + 4]);
      ldR(a);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Panics", "defer",
          "(Ljava/lang/Object;[J[Ljava/lang/Object;IILjava/lang/Object;)L" + PANICS_DEFER + ";", false);
      endR();
    } else {
      mv.visitVarInsn(ALOAD, LS);
      mv.visitVarInsn(ALOAD, RS);
      slot(b);
      slot(a);
      slot(c);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Panics", "pop", "([J[Ljava/lang/Object;III)Z", false);
      mv.visitJumpInsn(IFEQ, target(pc, code[pc + 4]));
    }
  }

  // Ext's frequent opcodes, compiled as direct calls of the helpers Ext's cases call (or
  // inline): no spill of the operands to the slots, no second switch (GOLDEBUG=jitext=1
  // counts what is still handed to Ext).

  /** NEWH a k, MAKESL a b c k, MAKEMAP a b k, COPYSL a b c k, SLICE_A a b c d e. */
  void made(int pc, int op, int a, int b, int c) {
    cur(pc);
    switch (op) {
      case Op.NEWH -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        kr(b, RTYPE);
        mv.visitMethodInsn(INVOKESTATIC, EXT, "newHeap", "(L" + G_ + ";L" + RTYPE + ";)Ljava/lang/Object;", false);
        endR();
      }
      case Op.MAKESL -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        kr(code[pc + 4], RTYPE);
        ldL(b);
        ldL(c < 0 ? b : c);
        mv.visitMethodInsn(INVOKESTATIC, EXT, "makeSlice", "(L" + G_ + ";L" + RTYPE + ";JJ)L" + SLICE + ";", false);
        endR();
      }
      case Op.MAKEMAP -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        kr(c, RTYPE);
        if (b < 0) {
          lconst(0);
        } else {
          ldL(b);
        }
        mv.visitMethodInsn(INVOKESTATIC, EXT, "makeMap", "(L" + G_ + ";L" + RTYPE + ";J)L" + GOMAP + ";", false);
        endR();
      }
      case Op.COPYSL -> {
        beginL(a);
        ldRCast(b, SLICE);
        ldR(c);
        kr(code[pc + 4], RTYPE);
        mv.visitFieldInsn(GETFIELD, RTYPE, "elem", "L" + RTYPE + ";");
        mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Slices", "copy", "(L" + SLICE + ";Ljava/lang/Object;L" + RTYPE + ";)I", false);
        mv.visitInsn(I2L);
        endL();
      }
      default -> { // SLICE_A
        beginR(a);
        ldR(b);
        sliceBounds(c, code[pc + 4], code[pc + 5]);
        mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Slices", "sliceArray", "(Ljava/lang/Object;JJJZZ)L" + SLICE + ";", false);
        endR();
      }
    }
  }

  /**
   * EQ_V/NE_V a b c k (an interface's compared by Values.equalIface, other types by
   * Values.equal), ISTYPE a b k, ASSERT(2) a b k (Types.assertType writes slot a, and a+1).
   */
  void compared(int pc, int op, int a, int b, int c) {
    cur(pc);
    if (op == Op.ASSERT || op == Op.ASSERT2) {
      int last = op == Op.ASSERT2 ? a + 1 : a;
      spillRange(a + off, last + off + 1); // slots it leaves alone are read back unchanged
      mv.visitVarInsn(ALOAD, LS);
      mv.visitVarInsn(ALOAD, RS);
      slot(a);
      ldRCast(b, IFACE);
      kr(c, "gol/interp/vm/Sites$Assert");
      iconst(op == Op.ASSERT2 ? 1 : 0);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Types", "assertType",
          "([J[Ljava/lang/Object;IL" + IFACE + ";Lgol/interp/vm/Sites$Assert;Z)V", false);
      reloadRange(a + off, Math.min(last + off + 1, frameSlots));
      return;
    }
    beginL(a);
    if (op == Op.ISTYPE) {
      ldRCast(b, IFACE);
      kr(c, RTYPE);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Types", "is", "(L" + IFACE + ";L" + RTYPE + ";)Z", false);
    } else if (((gol.runtime.RType) p.kr[code[pc + 4]]).kind == gol.runtime.RType.Kind.INTERFACE) {
      ldRCast(b, IFACE);
      ldRCast(c, IFACE);
      mv.visitMethodInsn(INVOKESTATIC, VALUES, "equalIface", "(L" + IFACE + ";L" + IFACE + ";)Z", false);
    } else {
      kr(code[pc + 4], RTYPE);
      ldL(b);
      ldR(b);
      ldL(c);
      ldR(c);
      mv.visitMethodInsn(INVOKESTATIC, VALUES, "equal", "(L" + RTYPE + ";JLjava/lang/Object;JLjava/lang/Object;)Z", false);
    }
    if (op == Op.NE_V) {
      iconst(1);
      mv.visitInsn(IXOR);
    }
    mv.visitInsn(I2L);
    endL();
  }

  /** MAPDEL a b, LEN_MAP a b, MAPITER a b, MAPNEXT a b j (writes slots a and a+1). */
  void mapOp(int pc, int op, int a, int b, int c) {
    cur(pc);
    switch (op) {
      case Op.MAPDEL -> {
        ldRCast(a, GOMAP);
        ldL(b);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, EXT, "mapDelete", "(L" + GOMAP + ";JLjava/lang/Object;)V", false);
      }
      case Op.LEN_MAP -> {
        beginL(a);
        ldRCast(b, GOMAP);
        mv.visitMethodInsn(INVOKESTATIC, GOMAP, "len", "(L" + GOMAP + ";)I", false);
        mv.visitInsn(I2L);
        endL();
      }
      case Op.MAPITER -> {
        beginR(a);
        ldRCast(b, GOMAP);
        mv.visitMethodInsn(INVOKESTATIC, EXT, "mapIter", "(L" + GOMAP + ";)L" + GOMAP + "$Iter;", false);
        endR();
      }
      default -> { // MAPNEXT: nothing is written at the end
        spillRange(a + off, a + off + 2); // a value's half it does not write is read back unchanged
        ldRCast(b, GOMAP + "$Iter");
        mv.visitVarInsn(ALOAD, LS);
        mv.visitVarInsn(ALOAD, RS);
        slot(a);
        mv.visitMethodInsn(INVOKESTATIC, EXT, "mapNext", "(L" + GOMAP + "$Iter;[J[Ljava/lang/Object;I)Z", false);
        mv.visitJumpInsn(IFEQ, target(pc, c));
        reloadRange(a + off, Math.min(a + off + 2, frameSlots));
      }
    }
  }

  /** LDP_L/LDP_R a b: *R[b] into register a; STP_L/STP_R a b: register b into *R[a] (Ref's helpers). */
  void throughPointer(int pc, int op, int a, int b) {
    cur(pc); // a nil pointer: NullPointerException in Ref, Go's nil dereference
    switch (op) {
      case Op.LDP_L -> {
        beginL(a);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Ref", "loadL", "(Ljava/lang/Object;)J", false);
        endL();
      }
      case Op.LDP_R -> {
        beginR(a);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Ref", "loadR", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        endR();
      }
      case Op.STP_L -> {
        ldR(a);
        ldL(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Ref", "storeL", "(Ljava/lang/Object;J)V", false);
      }
      default -> {
        ldR(a);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Ref", "storeR", "(Ljava/lang/Object;Ljava/lang/Object;)V", false);
      }
    }
  }

  /** ADDR_FL/FR a b i, ADDR_GL/GR a i: a new Ref to the slot; ADDR_X/ADDR_A a b c: Ext's helpers. */
  void address(int pc, int op, int a, int b, int c) {
    cur(pc);
    beginR(a);
    if (op == Op.ADDR_X || op == Op.ADDR_A) {
      if (op == Op.ADDR_X) {
        ldRCast(b, SLICE);
      } else {
        ldR(b);
      }
      ldL(c);
      mv.visitMethodInsn(INVOKESTATIC, EXT, op == Op.ADDR_X ? "sliceElemAddr" : "arrayElemAddr",
          "(" + (op == Op.ADDR_X ? "L" + SLICE + ";" : "Ljava/lang/Object;") + "J)Lgol/runtime/Ref;", false);
      endR();
      return;
    }
    mv.visitTypeInsn(NEW, "gol/runtime/Ref");
    mv.visitInsn(DUP);
    if (op == Op.ADDR_FL || op == Op.ADDR_FR) {
      ldRCast(b, STRUCT); // a nil struct pointer: NullPointerException, as in Ext
      mv.visitFieldInsn(GETFIELD, STRUCT, op == Op.ADDR_FL ? "l" : "r", op == Op.ADDR_FL ? "[J" : "[Ljava/lang/Object;");
      iconst(c);
    } else {
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "machine", "Lgol/runtime/Machine;");
      mv.visitFieldInsn(GETFIELD, "gol/runtime/Machine", op == Op.ADDR_GL ? "globalLs" : "globalRs",
          op == Op.ADDR_GL ? "[J" : "[Ljava/lang/Object;");
      iconst(b);
    }
    mv.visitMethodInsn(INVOKESPECIAL, "gol/runtime/Ref", "<init>", "(Ljava/lang/Object;I)V", false);
    endR();
  }

  /** SLICE_SL a b c d e: Slices.sliceSlice with the absent bounds (-1) as 0 and false. */
  void sliceSlice(int pc, int a, int b, int lo, int hi, int max) {
    cur(pc);
    beginR(a);
    ldRCast(b, SLICE);
    sliceBounds(lo, hi, max);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Slices", "sliceSlice", "(L" + SLICE + ";JJJZZ)L" + SLICE + ";", false);
    endR();
  }

  /** A slice expression's bounds as Slices takes them: absent ones (-1) as 0 and false. */
  void sliceBounds(int lo, int hi, int max) {
    for (int r : new int[] {lo, hi, max}) {
      if (r < 0) {
        lconst(0);
      } else {
        ldL(r);
      }
    }
    iconst(hi >= 0 ? 1 : 0);
    iconst(max >= 0 ? 1 : 0);
  }

  /** SWITCH_S a k: the case number from the table, then a tableswitch to its clause. */
  void strSwitch(int pc, int a, int k) {
    int[] targets = ((StrSwitch) p.kr[k]).targets;
    Label none = new Label();
    Label[] clauses = new Label[targets.length];
    for (int i = 0; i < targets.length; i++) {
      clauses[i] = target(pc, targets[i]);
    }
    kr(k, "gol/interp/vm/StrSwitch");
    ldRCast(a, GOSTRING);
    mv.visitMethodInsn(INVOKEVIRTUAL, "gol/interp/vm/StrSwitch", "caseOf", "(L" + GOSTRING + ";)I", false);
    mv.visitTableSwitchInsn(0, targets.length - 1, none, clauses);
    mv.visitLabel(none);
  }

  /** SHL/SHR_I/SHR_U: the fast path for counts 0..63, Slow.shift for the rest (as exec). */
  void shift(int pc, int op, int a, int b, int c) {
    cur(pc);
    ldL(b);
    mv.visitVarInsn(LSTORE, TMP_J);
    ldL(c);
    mv.visitVarInsn(LSTORE, TMP_K);
    beginL(a);
    mv.visitVarInsn(LLOAD, TMP_K);
    iconst(6);
    mv.visitInsn(LUSHR);
    lconst(0);
    mv.visitInsn(LCMP);
    Label slowPath = new Label();
    Label done = new Label();
    mv.visitJumpInsn(IFNE, slowPath);
    mv.visitVarInsn(LLOAD, TMP_J);
    mv.visitVarInsn(LLOAD, TMP_K);
    mv.visitInsn(L2I);
    mv.visitInsn(op == Op.SHL ? LSHL : op == Op.SHR_I ? LSHR : LUSHR);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(slowPath);
    iconst(op);
    mv.visitVarInsn(LLOAD, TMP_J);
    mv.visitVarInsn(LLOAD, TMP_K);
    slow("shift", "(IJJ)J");
    mv.visitLabel(done);
    endL();
  }

  /** Pushes the backing array (cast to arrayType) and the checked index of R[s][L[i]]. */
  void element(int s, int i, String arrayType) {
    ldRCast(s, SLICE);
    mv.visitVarInsn(ASTORE, TMP_A);
    mv.visitVarInsn(ALOAD, TMP_A);
    ldL(i);
    slow("ix", "(L" + SLICE + ";J)I");
    mv.visitVarInsn(ISTORE, TMP_I);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitTypeInsn(CHECKCAST, SLICE);
    mv.visitFieldInsn(GETFIELD, SLICE, "array", "Ljava/lang/Object;");
    mv.visitTypeInsn(CHECKCAST, arrayType);
    mv.visitVarInsn(ILOAD, TMP_I);
  }

  /**
   * Leaves an array value's element place on the stack: the array (register arr, of JVM type
   * arrayType) and the index in register i, checked as Ext.index does (Go's panic); a nil
   * *[N]T fails at ARRAYLENGTH, a nil dereference, as in the interpreter.
   */
  void arrayElement(int arr, int i, String arrayType) {
    ldRCast(arr, arrayType);
    mv.visitVarInsn(ASTORE, TMP_A);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitTypeInsn(CHECKCAST, arrayType);
    mv.visitInsn(ARRAYLENGTH);
    ldL(i);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Ext", "index", "(IJ)I", false);
    mv.visitVarInsn(ISTORE, TMP_I);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitTypeInsn(CHECKCAST, arrayType);
    mv.visitVarInsn(ILOAD, TMP_I);
  }

  /**
   * Leaves the place of element i of a slice (or, for an array op, of an array value) in
   * register x on the stack, for an element of kind L (long[]), B (byte[]) or R (Object[]).
   */
  void elementOf(boolean array, int x, int i, char kind) {
    String type = kind == 'L' ? "[J" : kind == 'B' ? "[B" : "[Ljava/lang/Object;";
    if (array) {
      arrayElement(x, i, type);
    } else {
      element(x, i, type);
    }
  }

  void cell(int i, String type) {
    Integer local = cellLocals.get(i);
    if (local != null) {
      mv.visitVarInsn(ALOAD, local);
      return;
    }
    mv.visitVarInsn(ALOAD, CELLS);
    iconst(i);
    mv.visitInsn(AALOAD);
    if (type != null) {
      mv.visitTypeInsn(CHECKCAST, type);
    }
  }

  /**
   * The captured variables' cells the function reads or writes, each loaded once into a local
   * at entry (cellLocals): a cell is the same object for the whole call, but C2 had to load it
   * from the cells array again at every use, since each store into the stack's slot array
   * might have changed that array.
   */
  void loadCells() {
    java.util.Map<Integer, String> types = new java.util.TreeMap<>();
    java.util.Set<Integer> mixed = new java.util.HashSet<>();
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      String t = op == Op.LDUP_L || op == Op.STUP_L ? LCELL : op == Op.LDUP_R || op == Op.STUP_R ? RCELL : null;
      if (t != null) {
        int i = op == Op.LDUP_L || op == Op.LDUP_R ? code[pc + 2] : code[pc + 1];
        if (!t.equals(types.getOrDefault(i, t))) {
          mixed.add(i);
        }
        types.put(i, t);
      }
    }
    int local = REGS + 2 * Math.max(nregs, frameSlots);
    for (java.util.Map.Entry<Integer, String> e : types.entrySet()) {
      if (mixed.contains(e.getKey())) {
        continue;
      }
      cell(e.getKey(), e.getValue());
      mv.visitVarInsn(ASTORE, local);
      cellLocals.put(e.getKey(), local++);
    }
    rbase = local; // the R halves' locals (rregs) come after the cells'
  }
}
