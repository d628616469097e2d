package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import gol.runtime.G;
import org.objectweb.asm.Label;

/** The last layer of a translation: one case per opcode, dispatching to the families below. */
final class JitInstructions extends JitOps {
  JitInstructions(Proto p, boolean inlining, boolean regs, boolean copies, boolean frameless) {
    super(p, inlining, regs, copies, frameless);
  }

  // ---- one instruction ----

  void instruction(int pc) {
    int op = code[pc];
    int a = op == Op.NOP || Op.FORMAT[op].isEmpty() ? 0 : code[pc + 1];
    int b = Op.FORMAT[op].length() > 1 ? code[pc + 2] : 0;
    int c = Op.FORMAT[op].length() > 2 ? code[pc + 3] : 0;
    int next = pc + Op.size(op);
    switch (op) {
      case Op.NOP -> {
      }
      case Op.MOV_L -> {
        beginL(a);
        ldL(b);
        endL();
      }
      case Op.MOV_R -> {
        beginR(a);
        ldR(b);
        endR();
      }
      case Op.MOV -> {
        beginL(a);
        ldL(b);
        endL();
        beginR(a);
        ldR(b);
        endR();
      }
      case Op.LOADI -> {
        beginL(a);
        lconst(b);
        endL();
      }
      case Op.LOADK_L -> {
        beginL(a);
        lconst(p.kl[b]);
        endL();
      }
      case Op.LOADK_R -> {
        beginR(a);
        kr(b, null);
        endR();
      }
      case Op.NIL_R -> {
        beginR(a);
        mv.visitInsn(ACONST_NULL);
        endR();
      }
      case Op.ADD_I -> binL(a, b, c, LADD);
      case Op.SUB_I -> binL(a, b, c, LSUB);
      case Op.MUL_I -> binL(a, b, c, LMUL);
      case Op.DIV_I -> {
        cur(pc);
        binL(a, b, c, LDIV);
      }
      case Op.REM_I -> {
        cur(pc);
        binL(a, b, c, LREM);
      }
      case Op.DIV_U, Op.REM_U -> {
        cur(pc);
        beginL(a);
        ldL(b);
        ldL(c);
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long",
            op == Op.DIV_U ? "divideUnsigned" : "remainderUnsigned", "(JJ)J", false);
        endL();
      }
      case Op.AND -> binL(a, b, c, LAND);
      case Op.OR -> binL(a, b, c, LOR);
      case Op.XOR -> binL(a, b, c, LXOR);
      case Op.ANDNOT -> {
        beginL(a);
        ldL(b);
        ldL(c);
        lconst(-1);
        mv.visitInsn(LXOR);
        mv.visitInsn(LAND);
        endL();
      }
      case Op.ADDI -> immL(a, b, c, LADD);
      case Op.ANDI -> immL(a, b, c, LAND);
      case Op.ORI -> immL(a, b, c, LOR);
      case Op.XORI -> immL(a, b, c, LXOR);
      case Op.MULI -> immL(a, b, c, LMUL);
      case Op.DIVI, Op.REMI -> divImmediate(a, b, c, op == Op.REMI);
      case Op.SHLI, Op.SHRI, Op.SHRUI -> {
        beginL(a);
        ldL(b);
        iconst(c);
        mv.visitInsn(op == Op.SHLI ? LSHL : op == Op.SHRI ? LSHR : LUSHR);
        endL();
      }
      case Op.NEG_I -> {
        beginL(a);
        ldL(b);
        mv.visitInsn(LNEG);
        endL();
      }
      case Op.NOT_I -> {
        beginL(a);
        ldL(b);
        lconst(-1);
        mv.visitInsn(LXOR);
        endL();
      }
      case Op.NOT -> {
        beginL(a);
        ldL(b);
        lconst(1);
        mv.visitInsn(LXOR);
        endL();
      }
      case Op.SHL, Op.SHR_I, Op.SHR_U -> shift(pc, op, a, b, c);
      case Op.WRAP -> {
        beginL(a);
        ldL(b);
        iconst(c);
        slow("wrap", "(JI)J");
        endL();
      }
      case Op.ADD_F -> binD(a, b, c, DADD);
      case Op.SUB_F -> binD(a, b, c, DSUB);
      case Op.MUL_F -> binD(a, b, c, DMUL);
      case Op.DIV_F -> binD(a, b, c, DDIV);
      case Op.NEG_F -> {
        beginL(a);
        ldL(b);
        lconst(Long.MIN_VALUE);
        mv.visitInsn(LXOR);
        endL();
      }
      case Op.ADDF_FL, Op.SUBF_FL, Op.MULF_FL -> {
        cur(pc);
        beginL(a);
        ldD(b);
        ldRCast(c, STRUCT);
        mv.visitFieldInsn(GETFIELD, STRUCT, "l", "[J");
        iconst(code[pc + 4]);
        mv.visitInsn(LALOAD);
        l2d();
        mv.visitInsn(op == Op.ADDF_FL ? DADD : op == Op.SUBF_FL ? DSUB : DMUL);
        d2l();
        endL();
      }
      case Op.SQRT_F -> {
        beginL(a);
        ldD(b);
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "sqrt", "(D)D", false);
        d2l();
        endL();
      }
      case Op.F32, Op.U2F, Op.F2U, Op.F2I, Op.F2I32, Op.I2F32, Op.U2F32 -> {
        beginL(a);
        ldL(b);
        slow(switch (op) {
          case Op.F32 -> "f32";
          case Op.U2F -> "u2f";
          case Op.F2U -> "f2u";
          case Op.F2I -> "f2i";
          case Op.F2I32 -> "f2i32";
          case Op.I2F32 -> "i2f32";
          default -> "u2f32";
        }, "(J)J");
        endL();
      }
      case Op.I2F -> {
        beginL(a);
        ldL(b);
        mv.visitInsn(L2D);
        d2l();
        endL();
      }
      case Op.EQ_I -> cmpL(a, b, c, IFNE, false);
      case Op.NE_I -> cmpL(a, b, c, IFEQ, false);
      case Op.LT_I -> cmpL(a, b, c, IFGE, false);
      case Op.LE_I -> cmpL(a, b, c, IFGT, false);
      case Op.LT_U -> cmpL(a, b, c, IFGE, true);
      case Op.LE_U -> cmpL(a, b, c, IFGT, true);
      case Op.EQ_F -> cmpD(a, b, c, DCMPL, IFNE);
      case Op.NE_F -> cmpD(a, b, c, DCMPL, IFEQ);
      case Op.LT_F -> cmpD(a, b, c, DCMPG, IFGE);
      case Op.LE_F -> cmpD(a, b, c, DCMPG, IFGT);
      case Op.EQ_S, Op.NE_S -> {
        cur(pc);
        beginL(a);
        ldR(b);
        ldR(c);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Object", "equals", "(Ljava/lang/Object;)Z", false);
        boolUnless(op == Op.EQ_S ? IFEQ : IFNE);
        endL();
      }
      case Op.LT_S, Op.LE_S -> {
        cur(pc);
        beginL(a);
        ldRCast(b, GOSTRING);
        ldRCast(c, GOSTRING);
        mv.visitMethodInsn(INVOKEVIRTUAL, GOSTRING, "compareTo", "(L" + GOSTRING + ";)I", false);
        boolUnless(op == Op.LT_S ? IFGE : IFGT);
        endL();
      }
      case Op.EQ_REF, Op.NE_REF -> {
        beginL(a);
        ldR(b);
        ldR(c);
        Label f = new Label();
        Label e = new Label();
        mv.visitJumpInsn(op == Op.EQ_REF ? IF_ACMPNE : IF_ACMPEQ, f);
        mv.visitInsn(LCONST_1);
        mv.visitJumpInsn(GOTO, e);
        mv.visitLabel(f);
        mv.visitInsn(LCONST_0);
        mv.visitLabel(e);
        endL();
      }
      case Op.JMP -> mv.visitJumpInsn(GOTO, target(pc, a));
      case Op.JT, Op.JF -> {
        ldL(a);
        lconst(0);
        mv.visitInsn(LCMP);
        mv.visitJumpInsn(op == Op.JT ? IFNE : IFEQ, target(pc, b));
      }
      case Op.JLT_I -> jumpL(pc, a, b, c, IFLT);
      case Op.JLE_I -> jumpL(pc, a, b, c, IFLE);
      case Op.JGE_I -> jumpL(pc, a, b, c, IFGE);
      case Op.JGT_I -> jumpL(pc, a, b, c, IFGT);
      case Op.JEQ_I -> jumpL(pc, a, b, c, IFEQ);
      case Op.JNE_I -> jumpL(pc, a, b, c, IFNE);
      case Op.JLTI -> jumpI(pc, a, b, c, IFLT);
      case Op.JLEI -> jumpI(pc, a, b, c, IFLE);
      case Op.JGTI -> jumpI(pc, a, b, c, IFGT);
      case Op.JGEI -> jumpI(pc, a, b, c, IFGE);
      case Op.JEQI -> jumpI(pc, a, b, c, IFEQ);
      case Op.JNEI -> jumpI(pc, a, b, c, IFNE);
      case Op.FORLT -> forLoop(pc, a, b, c, IFLT);
      case Op.FORLE -> forLoop(pc, a, b, c, IFLE);
      case Op.FORGT -> forLoop(pc, a, b, c, IFGT);
      case Op.FORGE -> forLoop(pc, a, b, c, IFGE);
      case Op.CONCAT -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        ldR(b);
        ldR(c);
        slow("concat", "(L" + G_ + ";Ljava/lang/Object;Ljava/lang/Object;)L" + GOSTRING + ";");
        endR();
      }
      case Op.LEN_S -> {
        beginL(a);
        ldRCast(b, GOSTRING);
        mv.visitFieldInsn(GETFIELD, GOSTRING, "len", "I");
        mv.visitInsn(I2L);
        endL();
      }
      case Op.INDEX_S -> {
        cur(pc);
        beginL(a);
        ldRCast(b, GOSTRING);
        ldL(c);
        slow("indexS", "(L" + GOSTRING + ";J)J");
        endL();
      }
      case Op.SLICE_S -> {
        cur(pc);
        for (int r : new int[] {c, code[pc + 4]}) {
          if (r >= 0) {
            spill(r + off);
          }
        }
        beginR(a);
        ldRCast(b, GOSTRING);
        mv.visitVarInsn(ALOAD, LS);
        slot(0);
        iconst(c);
        iconst(code[pc + 4]);
        slow("sliceS", "(L" + GOSTRING + ";[JIII)L" + GOSTRING + ";");
        endR();
      }
      case Op.RUNE2S -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        ldL(b);
        slow("runeToString", "(L" + G_ + ";J)L" + GOSTRING + ";");
        endR();
      }
      case Op.CALL -> {
        Proto q = inlineK < 0 ? inlinee(a) : null;
        if (q != null) {
          inlineCall(pc, a, b, q);
        } else {
          call(pc, op, a, b);
        }
      }
      case Op.CALLC -> call(pc, op, a, b);
      case Op.CALLN -> native_(pc, a, b);
      case Op.RET -> {
        if (inlineK >= 0) { // an inlined callee returns: results to its slots 0.., go on
          for (int i = 0; i < b; i++) {
            beginL(i);
            ldL(a + i);
            endL();
            beginR(i);
            ldR(a + i);
            endR();
          }
          mv.visitJumpInsn(GOTO, inlineReturn);
          return;
        }
        Label viaVm = new Label();
        mv.visitVarInsn(ILOAD, NEST);
        mv.visitJumpInsn(IFEQ, viaVm); // the VM called: its RET pops the frame
        leave(a, b);
        iconst(Compiled.RETURNED);
        mv.visitInsn(IRETURN);
        mv.visitLabel(viaVm);
        if (!regs) { // (the frame is on g's arrays: the VM called)
          for (int i = 0; i < b; i++) {
            spillR(a + i);
          }
          mv.visitVarInsn(ALOAD, G);
          mv.visitVarInsn(ILOAD, FP);
          iconst(a);
          iconst(b);
          iconst(pc);
          mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "vmReturn", "(L" + G_ + ";IIII)I", false);
          mv.visitInsn(IRETURN);
          return;
        }
        returnArgs(a, b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Interp", "finish", "(L" + G_ + ";III)Z", false);
        Label notLast = new Label();
        mv.visitJumpInsn(IFEQ, notLast); // a caller's frame is left: the VM's RET returns to it
        iconst(Compiled.FINISHED);
        mv.visitInsn(IRETURN);
        mv.visitLabel(notLast);
        // the VM's RET reads only the results, which returnArgs wrote back: not exit(pc)'s
        // write-back of every register, which made each return a few hundred bytes (less and
        // other small functions then missed HotSpot's inlining limit by that much more)
        ownFrameAt(pc);
        iconst(pc);
        mv.visitInsn(IRETURN);
      }
      case Op.CLOSURE -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        kr(b, PROTO);
        mv.visitVarInsn(ALOAD, RS);
        mv.visitVarInsn(ILOAD, FP);
        mv.visitVarInsn(ALOAD, CELLS);
        slow("closure", "(L" + G_ + ";Ljava/lang/Object;[Ljava/lang/Object;I[Ljava/lang/Object;)Lgol/interp/vm/Closure;");
        endR();
      }
      case Op.NEWCELL_L -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        slow("newCellL", "(L" + G_ + ";)L" + LCELL + ";");
        endR();
      }
      case Op.NEWCELL_R -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        slow("newCellR", "(L" + G_ + ";)L" + RCELL + ";");
        endR();
      }
      case Op.LDCELL_L -> {
        cur(pc);
        beginL(a);
        ldRCast(b, LCELL);
        mv.visitFieldInsn(GETFIELD, LCELL, "v", "J");
        endL();
      }
      case Op.LDCELL_R -> {
        cur(pc);
        beginR(a);
        ldRCast(b, RCELL);
        mv.visitFieldInsn(GETFIELD, RCELL, "v", "Ljava/lang/Object;");
        endR();
      }
      case Op.STCELL_L -> {
        cur(pc);
        ldRCast(a, LCELL);
        ldL(b);
        mv.visitFieldInsn(PUTFIELD, LCELL, "v", "J");
      }
      case Op.STCELL_R -> {
        cur(pc);
        ldRCast(a, RCELL);
        ldR(b);
        mv.visitFieldInsn(PUTFIELD, RCELL, "v", "Ljava/lang/Object;");
      }
      case Op.GETUP -> {
        beginR(a);
        cell(b, null);
        endR();
      }
      case Op.LDUP_L -> {
        beginL(a);
        cell(b, LCELL);
        mv.visitFieldInsn(GETFIELD, LCELL, "v", "J");
        endL();
      }
      case Op.LDUP_R -> {
        beginR(a);
        cell(b, RCELL);
        mv.visitFieldInsn(GETFIELD, RCELL, "v", "Ljava/lang/Object;");
        endR();
      }
      case Op.STUP_L -> {
        cell(a, LCELL);
        ldL(b);
        mv.visitFieldInsn(PUTFIELD, LCELL, "v", "J");
      }
      case Op.STUP_R -> {
        cell(a, RCELL);
        ldR(b);
        mv.visitFieldInsn(PUTFIELD, RCELL, "v", "Ljava/lang/Object;");
      }
      case Op.LDG_L -> {
        beginL(a);
        mv.visitVarInsn(ALOAD, GL);
        iconst(b);
        mv.visitInsn(LALOAD);
        endL();
      }
      case Op.LDG_R -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, GR);
        iconst(b);
        mv.visitInsn(AALOAD);
        endR();
      }
      case Op.STG_L -> {
        mv.visitVarInsn(ALOAD, GL);
        iconst(a);
        ldL(b);
        mv.visitInsn(LASTORE);
      }
      case Op.STG_R -> {
        mv.visitVarInsn(ALOAD, GR);
        iconst(a);
        ldR(b);
        mv.visitInsn(AASTORE);
      }
      case Op.BOX -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        kr(c, RTYPE);
        ldL(b);
        ldR(b);
        slow("box", "(L" + G_ + ";Ljava/lang/Object;JLjava/lang/Object;)Lgol/runtime/Iface;");
        endR();
      }
      case Op.VARARGS -> {
        for (int i = 0; i < c; i++) {
          spillR(b + i + off);
        }
        beginR(a);
        mv.visitVarInsn(ALOAD, RS);
        slot(b);
        iconst(c);
        slow("varargs", "([Ljava/lang/Object;II)L" + SLICE + ";");
        endR();
      }
      case Op.VARARGS_L -> {
        for (int i = 0; i < c; i++) {
          spill(b + i + off);
        }
        beginR(a);
        mv.visitVarInsn(ALOAD, LS);
        slot(b);
        iconst(c);
        slow("varargsL", "([JII)L" + SLICE + ";");
        endR();
      }
      case Op.LEN_SL, Op.CAP_SL -> {
        beginL(a);
        ldRCast(b, SLICE);
        slow(op == Op.LEN_SL ? "len" : "cap", "(L" + SLICE + ";)I");
        mv.visitInsn(I2L);
        endL();
      }
      case Op.LDX_L, Op.LDX_B, Op.LDX_R, Op.LDA_L, Op.LDA_B, Op.LDA_R -> {
        cur(pc);
        char kind = Op.NAMES[op].charAt(4); // L, B or R
        if (kind == 'R') {
          beginR(a);
        } else {
          beginL(a);
        }
        elementOf(op == Op.LDA_L || op == Op.LDA_B || op == Op.LDA_R, b, c, kind);
        if (kind == 'L') {
          mv.visitInsn(LALOAD);
          endL();
        } else if (kind == 'B') {
          mv.visitInsn(BALOAD);
          iconst(0xFF);
          mv.visitInsn(IAND);
          mv.visitInsn(I2L);
          endL();
        } else {
          mv.visitInsn(AALOAD);
          endR();
        }
      }
      case Op.STX_L, Op.STX_B, Op.STX_R, Op.STA_L, Op.STA_B, Op.STA_R -> {
        cur(pc);
        char kind = Op.NAMES[op].charAt(4);
        elementOf(op == Op.STA_L || op == Op.STA_B || op == Op.STA_R, a, b, kind);
        if (kind == 'L') {
          ldL(c);
          mv.visitInsn(LASTORE);
        } else if (kind == 'B') {
          ldL(c);
          mv.visitInsn(L2I);
          mv.visitInsn(BASTORE);
        } else {
          ldR(c);
          mv.visitInsn(AASTORE);
        }
      }
      case Op.DECRUNE -> {
        cur(pc);
        ldRCast(b, GOSTRING);
        ldL(c);
        slow("decodeRune", "(L" + GOSTRING + ";J)J");
        mv.visitVarInsn(LSTORE, TMP_J);
        beginL(a);
        mv.visitVarInsn(LLOAD, TMP_J);
        mv.visitInsn(L2I);
        mv.visitInsn(I2L);
        endL();
        beginL(a + 1);
        mv.visitVarInsn(LLOAD, TMP_J);
        iconst(32);
        mv.visitInsn(LUSHR);
        endL();
      }
      case Op.STR2BYTES, Op.STR2RUNES -> {
        cur(pc);
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        ldR(b);
        slow(op == Op.STR2BYTES ? "strToBytes" : "strToRunes", "(L" + G_ + ";Ljava/lang/Object;)L" + SLICE + ";");
        endR();
      }
      case Op.BYTES2STR, Op.RUNES2STR -> {
        cur(pc);
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        ldR(b);
        slow(op == Op.BYTES2STR ? "bytesToStr" : "runesToStr", "(L" + G_ + ";Ljava/lang/Object;)L" + GOSTRING + ";");
        endR();
      }
      case Op.GETF_L -> {
        cur(pc);
        beginL(a);
        ldRCast(b, STRUCT);
        mv.visitFieldInsn(GETFIELD, STRUCT, "l", "[J");
        iconst(c);
        mv.visitInsn(LALOAD);
        endL();
      }
      case Op.GETF_R -> {
        cur(pc);
        beginR(a);
        ldRCast(b, STRUCT);
        mv.visitFieldInsn(GETFIELD, STRUCT, "r", "[Ljava/lang/Object;");
        iconst(c);
        mv.visitInsn(AALOAD);
        endR();
      }
      case Op.SETF_L -> {
        cur(pc);
        ldRCast(a, STRUCT);
        mv.visitFieldInsn(GETFIELD, STRUCT, "l", "[J");
        iconst(b);
        ldL(c);
        mv.visitInsn(LASTORE);
      }
      case Op.SETF_R -> {
        cur(pc);
        ldRCast(a, STRUCT);
        mv.visitFieldInsn(GETFIELD, STRUCT, "r", "[Ljava/lang/Object;");
        iconst(b);
        ldR(c);
        mv.visitInsn(AASTORE);
      }
      case Op.PANIC -> {
        cur(pc);
        ldR(a);
        slow("panic", "(Ljava/lang/Object;)Lgol/runtime/GoPanic;");
        mv.visitInsn(ATHROW);
      }
      case Op.UNREACHABLE -> {
        cur(pc);
        protoRef();
        iconst(pc);
        slow("unreachable", "(L" + PROTO + ";I)Ljava/lang/RuntimeException;");
        mv.visitInsn(ATHROW);
      }
      case Op.NEWV -> {
        beginR(a);
        kr(b, RTYPE);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Values", "zeroRef", "(L" + RTYPE + ";)Ljava/lang/Object;", false);
        endR();
      }
      case Op.SWITCH_S -> strSwitch(pc, a, b);
      case Op.IMETH -> imeth(pc, a, b, c, code[pc + 4]);
      case Op.MAPGET, Op.MAPGET2 -> mapGet(pc, op, a, b, c, code[pc + 4]);
      case Op.MAPGET_CAT -> mapGetConcat(pc, a, b, c, code[pc + 4], code[pc + 5], code[pc + 6]);
      case Op.CONCATN -> {
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        mv.visitVarInsn(ALOAD, RS);
        slot(b);
        iconst(c);
        mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Ext", "concat", "(L" + G_ + ";[Ljava/lang/Object;II)L" + GOSTRING + ";", false);
        endR();
      }
      case Op.MAPSET -> {
        cur(pc);
        mv.visitVarInsn(ALOAD, G);
        ldRCast(a, GOMAP);
        ldL(b);
        ldR(b);
        ldL(c);
        ldR(c);
        mv.visitMethodInsn(INVOKESTATIC, GOMAP, "put", "(L" + G_ + ";L" + GOMAP + ";JLjava/lang/Object;JLjava/lang/Object;)V", false);
      }
      case Op.APPEND -> append(pc, a, b, c, code[pc + 4], code[pc + 5]);
      case Op.SLICE_SL -> sliceSlice(pc, a, b, c, code[pc + 4], code[pc + 5]);
      case Op.DEFER, Op.DEFERPOP -> deferOp(pc, op, a, b, c, next);
      case Op.COPYV -> {
        cur(pc);
        beginR(a);
        kr(c, RTYPE);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Values", "copy", "(L" + RTYPE + ";Ljava/lang/Object;)Ljava/lang/Object;", false);
        endR();
      }
      case Op.ASSIGNV -> {
        cur(pc);
        kr(c, RTYPE);
        ldR(a);
        ldR(b);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Values", "assign", "(L" + RTYPE + ";Ljava/lang/Object;Ljava/lang/Object;)V", false);
      }
      case Op.EQ_P, Op.NE_P -> {
        beginL(a);
        ldR(b);
        ldR(c);
        mv.visitMethodInsn(INVOKESTATIC, "gol/runtime/Ref", "same", "(Ljava/lang/Object;Ljava/lang/Object;)Z", false);
        if (op == Op.NE_P) {
          iconst(1);
          mv.visitInsn(IXOR);
        }
        mv.visitInsn(I2L);
        endL();
      }
      case Op.APPENDSL -> {
        cur(pc);
        beginR(a);
        mv.visitVarInsn(ALOAD, G);
        ldRCast(b, SLICE);
        ldR(c);
        kr(code[pc + 4], RTYPE);
        mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Slices", "appendSlice",
            "(L" + G_ + ";L" + SLICE + ";Ljava/lang/Object;L" + RTYPE + ";)L" + SLICE + ";", false);
        endR();
      }
      case Op.NEWH, Op.MAKESL, Op.MAKEMAP, Op.COPYSL, Op.SLICE_A -> made(pc, op, a, b, c);
      case Op.EQ_V, Op.NE_V, Op.ISTYPE, Op.ASSERT, Op.ASSERT2 -> compared(pc, op, a, b, c);
      case Op.MAPDEL, Op.LEN_MAP, Op.MAPITER, Op.MAPNEXT -> mapOp(pc, op, a, b, c);
      case Op.LDP_L, Op.LDP_R, Op.STP_L, Op.STP_R -> throughPointer(pc, op, a, b);
      case Op.ADDR_FL, Op.ADDR_FR, Op.ADDR_GL, Op.ADDR_GR, Op.ADDR_X, Op.ADDR_A -> address(pc, op, a, b, c);
      case Op.GO, Op.GOC -> go(pc, op, a, b, c);
      case Op.MKCHAN, Op.SEND, Op.RECV, Op.RECV2, Op.CLOSE, Op.LEN_CH, Op.CAP_CH, Op.SELECT -> conc(pc, next);
      default -> ext(pc, next);
    }
  }
}
