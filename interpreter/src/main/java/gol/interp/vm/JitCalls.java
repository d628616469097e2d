package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import gol.runtime.G;
import org.objectweb.asm.Label;

/**
 * The call protocol of a translation: direct calls of compiled callees and inlined leaf callees,
 * natives, {@code go} and channel operations, Ext's opcodes, and the ways out to the VM that a
 * call or a stop needs (frame write-back, resume pcs, faults below a call).
 */
abstract class JitCalls extends JitEmitter {
  JitCalls(Proto p, boolean inlining, boolean regs, boolean copies, boolean frameless) {
    super(p, inlining, regs, copies, frameless);
  }

  /**
   * CALL k b / CALLC a b: when the callee is compiled (and the Java stack not too deep), a
   * direct Java call of its run, with this frame's index + 1 and the callee's cells: the callee
   * puts its own frame on g's arrays (unless it is frameless) and its RET takes it off; this
   * frame records its resume pc first (unless it is frameless: see ownFrameAt). The stack and
   * the frame arrays must have room for the callee, else the VM makes the call (and grows
   * them). A callee that stops (a safe point, or an instruction left to the interpreter)
   * leaves its frame on top: this frame returns too, its framePc the pc after the call, and
   * the VM resumes the callee.
   */
  void call(int pc, int op, int k, int base) {
    Label viaVm = new Label();
    cur(pc);
    boolean self = op == Op.CALL && inlineK < 0 && p.kr[k] == p;
    Proto known = op == Op.CALL && inlineK < 0 && p.kr[k] instanceof Proto q ? q : null;
    // the callee reads its arguments and cannot see the slots below them: those stay in
    // locals across a call that returns, and are written back only where the VM takes over;
    // nor past its arguments (the registers from the base up are the call's)
    spillRange(base, known != null ? Math.min(frameSlots, base + known.numParams) : frameSlots);
    mv.visitVarInsn(ILOAD, NEST);
    iconst(Compiled.MAX_NEST);
    mv.visitJumpInsn(IF_ICMPGE, viaVm);
    if (op == Op.CALL) {
      mv.visitInsn(ACONST_NULL);
      mv.visitVarInsn(ASTORE, TMP_A); // cells
      if (!self) {
        kr(k, PROTO);
      }
    } else { // a nil func value: NullPointerException here, as in exec
      ldRCast(k, CLOSURE);
      mv.visitInsn(DUP);
      mv.visitFieldInsn(GETFIELD, CLOSURE, "cells", "[Ljava/lang/Object;");
      mv.visitVarInsn(ASTORE, TMP_A);
      mv.visitFieldInsn(GETFIELD, CLOSURE, "proto", "L" + PROTO + ";");
    }
    if (!self) { // the callee's proto on the stack: its compiled code, or the VM calls
      if (known == null) {
        mv.visitInsn(DUP);
        mv.visitVarInsn(ASTORE, TMP_B);
      }
      mv.visitFieldInsn(GETFIELD, PROTO, "jit", "L" + COMPILED + ";");
      mv.visitInsn(DUP);
      mv.visitVarInsn(ASTORE, TMP_C);
      mv.visitJumpInsn(IFNULL, viaVm);
    }
    slot(base); // the callee's frame must fit in the stack...
    if (known != null) {
      iconst(known.frameSize);
    } else {
      mv.visitVarInsn(ALOAD, TMP_B);
      mv.visitFieldInsn(GETFIELD, PROTO, "frameSize", "I");
    }
    mv.visitInsn(IADD);
    mv.visitVarInsn(ALOAD, LS);
    mv.visitInsn(ARRAYLENGTH);
    mv.visitJumpInsn(IF_ICMPGT, viaVm);
    mv.visitVarInsn(ALOAD, G); // ...and the frame arrays have room for it
    mv.visitFieldInsn(GETFIELD, G_, "frameFp", "[I");
    mv.visitInsn(ARRAYLENGTH);
    mv.visitVarInsn(ILOAD, D);
    iconst(1);
    mv.visitInsn(IADD);
    mv.visitJumpInsn(IF_ICMPLE, viaVm);
    mv.visitVarInsn(ILOAD, D); // ...and its index fits in the nest argument
    iconst(Compiled.MAX_DEPTH);
    mv.visitJumpInsn(IF_ICMPGE, viaVm);
    if (!frameless) {
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "framePc", "[I");
      mv.visitVarInsn(ILOAD, D);
      iconst(pc + 3);
      mv.visitInsn(IASTORE);
    }
    cur(pc + 3); // from here a fault is the callee's; this frame reports the call (pc-1 rule)
    Label tryStart = new Label();
    Label tryEnd = new Label();
    mv.visitLabel(tryStart);
    mv.visitVarInsn(ALOAD, self ? THIS : TMP_C);
    mv.visitVarInsn(ALOAD, G);
    slot(base);
    iconst(0);
    mv.visitVarInsn(ILOAD, D); // the callee's nest argument: its index D + 1, and NEST + 1
    iconst(1);
    mv.visitInsn(IADD);
    iconst(Compiled.NEST_BITS);
    mv.visitInsn(ISHL);
    mv.visitVarInsn(ILOAD, NEST);
    iconst(1);
    mv.visitInsn(IADD);
    mv.visitInsn(IOR);
    mv.visitVarInsn(ALOAD, TMP_A);
    mv.visitMethodInsn(INVOKEVIRTUAL, self ? className : COMPILED, "run", RUN_DESC, false);
    mv.visitLabel(tryEnd);
    boolean below = regs && base > 0; // slots below the callee's frame live in locals
    if (below) {
      // A panic through the callee: a deferred call above this frame may recover it, and
      // then the VM returns to this frame and runs it from its slots (belowCalls).
      mv.visitTryCatchBlock(tryStart, tryEnd, belowFault, null);
      belowCalls.put(pc, base);
    }
    mv.visitInsn(DUP);
    iconst(Compiled.RETURNED);
    Label returned = new Label();
    mv.visitJumpInsn(IF_ICMPEQ, returned);
    if (frameless) { // the callee stopped: this frame resumes after the call (CUR)
      mv.visitJumpInsn(GOTO, ownStopped);
      ownWaysOut = true;
    } else if (below) { // the VM resumes this frame from its slots
      mv.visitJumpInsn(GOTO, belowStopped);
    } else {
      mv.visitVarInsn(ALOAD, G);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "stopped", "(IL" + G_ + ";)I", false);
      mv.visitInsn(IRETURN);
    }
    mv.visitLabel(returned);
    mv.visitInsn(POP);
    mv.visitVarInsn(ALOAD, G); // the call may have moved the stack
    mv.visitFieldInsn(GETFIELD, G_, "ls", "[J");
    mv.visitVarInsn(ASTORE, LS);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "rs", "[Ljava/lang/Object;");
    mv.visitVarInsn(ASTORE, RS);
    // the results; the slots above them are the callee's leftovers, which the caller's code
    // never reads before writing (the interpreter leaves them as garbage too)
    if (known != null) {
      reloadRange(base, Math.min(base + known.numResults, frameSlots));
    } else {
      reloadFrom(base);
    }
    Label done = new Label();
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(viaVm);
    if (below) { // the VM makes the call: it reads the frame
      mv.visitJumpInsn(GOTO, belowToVm);
    } else if (frameless) { // (CUR is the call's pc)
      mv.visitJumpInsn(GOTO, ownToVm);
      ownWaysOut = true;
    } else {
      iconst(pc);
      mv.visitInsn(IRETURN);
    }
    mv.visitLabel(done);
  }

  /**
   * The three ways out of a call that hand this frame to the VM in register mode: each writes
   * back the slots below the call's argument base (those from the base up are the callee's,
   * or written already), found from CUR by a switch into a chain that writes back slot
   * base-1, then base-2, ..., then 0 — one copy of the write-backs for all the calls, where a
   * copy per call made big functions too big to compile as they were.
   *   - belowToVm (CUR = the call's pc): the VM makes the call; returns that pc.
   *   - belowStopped (CUR = pc+3, the status on the stack): the callee stopped.
   *   - belowFault (CUR = pc+3, the exception on the stack): a panic unwinds the call.
   */
  void emitBelowCalls() {
    if (belowCalls.isEmpty()) {
      return;
    }
    mv.visitLabel(belowToVm);
    belowChain(0, () -> {
      mv.visitVarInsn(ILOAD, CUR);
      mv.visitInsn(IRETURN);
    });
    mv.visitLabel(belowStopped);
    belowChain(3, () -> {
      mv.visitVarInsn(ALOAD, G);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "stopped", "(IL" + G_ + ";)I", false);
      mv.visitInsn(IRETURN);
    });
    mv.visitLabel(belowFault);
    // the fault handler's code again, not a jump to it: C1 refuses a method whose exception
    // handler is also reached by a jump ("COMPILE SKIPPED: Exception handler can be reached by
    // both normal and exceptional control flow"), which left such functions in HotSpot's
    // bytecode interpreter until C2 compiled them (bench/spectralnorm: 0.15 s of warm-up)
    belowChain(3, this::reportFault);
  }

  /**
   * A frameless function's ways out of its calls, shared by them (each is a jump here, so that
   * small functions stay small enough for HotSpot to inline): the callee stopped (its status
   * on the operand stack), or the VM is to make the call; CUR is the pc this frame resumes at.
   */
  void emitOwnWaysOut() {
    if (!ownWaysOut) {
      return;
    }
    mv.visitLabel(ownStopped);
    mv.visitVarInsn(ILOAD, CUR);
    ownFrameAt();
    mv.visitVarInsn(ALOAD, G);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "stopped", "(IL" + G_ + ";)I", false);
    mv.visitInsn(IRETURN);
    mv.visitLabel(ownToVm);
    mv.visitVarInsn(ILOAD, CUR);
    ownFrameAt();
    mv.visitVarInsn(ILOAD, CUR);
    mv.visitInsn(IRETURN);
  }

  /**
   * A fault (the throwable on the operand stack): report it at this frame's pc and rethrow;
   * the interpreter's fault handler does the rest.
   */
  void reportFault() {
    if (frameless) {
      mv.visitVarInsn(ILOAD, CUR);
      ownFrameAt();
    } else {
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "framePc", "[I");
      mv.visitVarInsn(ILOAD, D);
      mv.visitVarInsn(ILOAD, CUR);
      mv.visitInsn(IASTORE);
    }
    mv.visitInsn(ATHROW);
  }

  /** switch (CUR - delta) { case call: write back slots base-1 .. 0 }, then then. */
  void belowChain(int delta, Runnable then) {
    mv.visitVarInsn(ALOAD, G); // a callee may have moved the stack
    mv.visitFieldInsn(GETFIELD, G_, "ls", "[J");
    mv.visitVarInsn(ASTORE, LS);
    int top = java.util.Collections.max(belowCalls.values());
    Label[] entry = new Label[top + 1];
    for (int b = 0; b <= top; b++) {
      entry[b] = new Label();
    }
    int[] keys = new int[belowCalls.size()];
    Label[] targets = new Label[keys.length];
    int i = 0;
    for (java.util.Map.Entry<Integer, Integer> e : belowCalls.entrySet()) {
      keys[i] = e.getKey() + delta;
      targets[i++] = entry[e.getValue()];
    }
    mv.visitVarInsn(ILOAD, CUR);
    mv.visitLookupSwitchInsn(entry[0], keys, targets);
    for (int b = top; b > 0; b--) {
      mv.visitLabel(entry[b]);
      spill(b - 1);
    }
    mv.visitLabel(entry[0]);
    then.run();
  }

  /**
   * CALLN k b: the native runs here, as in exec; if it asks the VM to stop the G (it parked,
   * yielded or exits), the frame records the pc past the call and run() returns STOPPED.
   */
  void native_(int pc, int k, int base) {
    cur(pc);
    int width = NativeWidths.of(p.kr[k]);
    int end = width < 0 ? frameSlots : Math.min(frameSlots, base + width);
    spillRange(base, end); // its arguments: a native sees nothing below them, nor past its width
    kr(k, "gol/runtime/Native");
    mv.visitVarInsn(ALOAD, G);
    slot(base);
    mv.visitMethodInsn(INVOKEINTERFACE, "gol/runtime/Native", "call", "(L" + G_ + ";I)V", true);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "stop", "I");
    Label carryOn = new Label();
    mv.visitJumpInsn(IFEQ, carryOn);
    if (regs && base > 0) { // the VM resumes this frame from its slots
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "ls", "[J");
      mv.visitVarInsn(ASTORE, LS);
      spillRange(0, base);
    }
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "framePc", "[I");
    mv.visitVarInsn(ILOAD, D);
    iconst(pc + 3);
    mv.visitInsn(IASTORE);
    iconst(Compiled.STOPPED);
    mv.visitInsn(IRETURN);
    mv.visitLabel(carryOn);
    mv.visitVarInsn(ALOAD, G); // a native may move the stack
    mv.visitFieldInsn(GETFIELD, G_, "ls", "[J");
    mv.visitVarInsn(ASTORE, LS);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "rs", "[Ljava/lang/Object;");
    mv.visitVarInsn(ASTORE, RS);
    reloadRange(base, end);
  }

  /**
   * RET a b to a compiled caller, as the VM's RET does it: results to slots 0.., this frame
   * popped (its index D is the new depth; a frameless one was not pushed), the stack shrunk
   * if a deep call grew it.
   */
  void leave(int a, int b) {
    for (int i = 0; i < b; i++) {
      if (a == 0) {
        spill(i);
        spillR(i);
        continue;
      }
      addrL(i);
      ldL(a + i);
      mv.visitInsn(LASTORE);
      addrR(i);
      ldR(a + i);
      mv.visitInsn(AASTORE);
    }
    if (frameless) { // (no frame was pushed)
      return;
    }
    mv.visitVarInsn(ALOAD, G);
    mv.visitVarInsn(ILOAD, D);
    mv.visitFieldInsn(PUTFIELD, G_, "depth", "I");
    mv.visitVarInsn(ILOAD, D);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "shrinkDepth", "I");
    Label keep = new Label();
    mv.visitJumpInsn(IF_ICMPGT, keep);
    mv.visitVarInsn(ALOAD, G);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Interp", "shrinkOnReturn", "(L" + G_ + ";)V", false);
    mv.visitLabel(keep);
  }

  /** RET a b's results written back to the slots, and (g, fp, a, b) pushed for Interp.finish. */
  void returnArgs(int a, int b) {
    for (int i = 0; i < b; i++) {
      spill(a + i);
      spillR(a + i);
    }
    mv.visitVarInsn(ALOAD, G);
    mv.visitVarInsn(ILOAD, FP);
    iconst(a);
    iconst(b);
  }

  /**
   * go f(args) / go c(args): a direct call of Conc.go, not Conc.exec's switch — a program that
   * starts goroutines in a loop then never makes HotSpot compile all of Conc.exec (nor a
   * second copy of Conc.go inlined in a helper). It reads its arguments from the slots and
   * never parks or writes the frame.
   */
  void go(int pc, int op, int a, int b, int c) {
    cur(pc);
    spillAll();
    mv.visitVarInsn(ALOAD, G);
    if (op == Op.GO) {
      kr(a, PROTO);
      mv.visitInsn(ACONST_NULL);
    } else { // the func value's proto and cells; nil is Conc.goNil's fatal error
      ldR(a);
      mv.visitInsn(DUP);
      Label some = new Label();
      mv.visitJumpInsn(IFNONNULL, some);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Conc", "goNil", "()Ljava/lang/RuntimeException;", false);
      mv.visitInsn(ATHROW);
      mv.visitLabel(some);
      mv.visitTypeInsn(CHECKCAST, CLOSURE);
      mv.visitInsn(DUP);
      mv.visitFieldInsn(GETFIELD, CLOSURE, "proto", "L" + PROTO + ";");
      mv.visitInsn(SWAP);
      mv.visitFieldInsn(GETFIELD, CLOSURE, "cells", "[Ljava/lang/Object;");
    }
    slot(b);
    iconst(c);
    iconst(pc);
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Conc", "go",
        "(L" + G_ + ";L" + PROTO + ";[Ljava/lang/Object;III)V", false);
  }

  /**
   * A channel instruction: Conc.exec runs it, as exec's case does. If it parked
   * the G (it saved the pc, and the G may already be running elsewhere) run() returns PARKED
   * at once, touching nothing; the instruction re-executes in the VM when the G resumes.
   */
  void conc(int pc, int next) {
    cur(pc);
    countExt(pc);
    spillAll(); // the operation reads its operands, and a parked G resumes from the slots
    execOne("gol/interp/vm/Conc", pc);
    mv.visitInsn(DUP);
    mv.visitVarInsn(ISTORE, TMP_I);
    Label ran = new Label();
    mv.visitJumpInsn(IFGE, ran);
    iconst(Compiled.PARKED);
    mv.visitInsn(IRETURN);
    mv.visitLabel(ran);
    mv.visitVarInsn(ILOAD, TMP_I);
    iconst(next);
    Label onward = new Label();
    mv.visitJumpInsn(IF_ICMPEQ, onward);
    mv.visitVarInsn(ILOAD, TMP_I); // (no Conc op jumps today) any other pc: the VM goes on there
    mv.visitInsn(IRETURN);
    mv.visitLabel(onward);
    reloadFrom(0); // a receive wrote its destination
  }

  /** The callee of CALL KR[k] if it is to be inlined here, else null. */
  Proto inlinee(int k) {
    return inlining && p.kr[k] instanceof Proto q && inlinable(q, p) ? q : null;
  }

  /** Whether q can be inlined into p: small, with no calls, loops, cells or Ext ops. */
  static boolean inlinable(Proto q, Proto p) {
    if (q == p || q.nativeFn != null || q.deferReg >= 0 || q.code.length > MAX_INLINE_INTS) {
      return false;
    }
    int[] c = q.code;
    for (int pc = 0; pc < c.length; pc += Op.size(c[pc])) {
      int op = c[pc];
      if (!isLeafOp(op)) {
        return false;
      }
      String f = Op.FORMAT[op];
      int j = f.indexOf('j');
      if (j >= 0 && c[pc + 1 + j] <= pc) {
        return false;
      }
    }
    return true;
  }

  /**
   * CALL k b of a small leaf q, inlined: q's instructions run on q's frame slots (at b) with no
   * frame pushed. If q faults, its handler pushes the frame it would have had (Jit.materialize)
   * so the panic and its traceback are the interpreter's. Needs q's frame to fit in the stack
   * as it is; otherwise the call is an ordinary one.
   */
  void inlineCall(int pc, int k, int base, Proto q) {
    Label ordinary = new Label();
    Label after = new Label();
    Label start = new Label();
    Label end = new Label();
    Label handler = new Label();
    mv.visitVarInsn(ILOAD, FP);
    iconst(base + q.frameSize);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ALOAD, LS);
    mv.visitInsn(ARRAYLENGTH);
    mv.visitJumpInsn(IF_ICMPGT, ordinary);
    cur(pc + 3);
    Proto savedP = p;
    int[] savedCode = code;
    Label[] savedAt = at;
    p = q;
    code = q.code;
    at = labels(code);
    off = base;
    inlineK = k;
    curVar = CUR_INLINED;
    inlineReturn = after;
    mv.visitTryCatchBlock(start, end, handler, null);
    mv.visitLabel(start);
    for (int qpc = 0; qpc < code.length; qpc += Op.size(code[qpc])) {
      mv.visitLabel(at[qpc]);
      instruction(qpc);
    }
    mv.visitLabel(end);
    p = savedP;
    code = savedCode;
    at = savedAt;
    off = 0;
    inlineK = -1;
    curVar = CUR;
    inlineReturn = null;
    inlineHandlers.add(() -> {
      mv.visitLabel(handler);
      ownFrameAt(pc + 3); // (a frameless function's own entry first: the callee's goes above it)
      mv.visitVarInsn(ALOAD, G);
      kr(k, PROTO);
      slot(base);
      iconst(pc + 3);
      mv.visitVarInsn(ILOAD, CUR_INLINED);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "materialize",
          "(L" + G_ + ";L" + PROTO + ";III)V", false);
      mv.visitInsn(ATHROW);
    });
    mv.visitLabel(ordinary);
    call(pc, Op.CALL, k, base);
    mv.visitLabel(after);
  }

  /** Calls Jit.ownFrame(g, p, cells, fp, depth, pc): this frame's entry, its pc from TMP_I or 0. */
  void ownFrameCall(boolean pcFromTmp) {
    mv.visitVarInsn(ALOAD, G);
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "p", "L" + PROTO + ";");
    mv.visitVarInsn(ALOAD, CELLS);
    mv.visitVarInsn(ILOAD, FP);
    mv.visitVarInsn(ILOAD, D);
    if (pcFromTmp) {
      mv.visitVarInsn(ILOAD, TMP_I);
    } else {
      iconst(0);
    }
    mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/Jit", "ownFrame", "(L" + G_ + ";L" + PROTO + ";[Ljava/lang/Object;III)V", false);
  }

  /** Calls owner.exec(g, p, code, kr, pc, fp) (Ext's or Conc's), leaving its int result. */
  void execOne(String owner, int pc) {
    mv.visitVarInsn(ALOAD, G);
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "p", "L" + PROTO + ";");
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "code", "[I");
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "kr", "[Ljava/lang/Object;");
    iconst(pc);
    mv.visitVarInsn(ILOAD, FP);
    mv.visitMethodInsn(INVOKESTATIC, owner, "exec",
        "(L" + G_ + ";L" + PROTO + ";[I[Ljava/lang/Object;II)I", false);
  }

  /** Under GOLDEBUG=jitext=1, counts the instruction at pc as handed to Ext or Conc. */
  void countExt(int pc) {
    int site = JitExtCounts.ON ? JitExtCounts.site(p, pc, code[pc]) : -1;
    if (site >= 0) {
      iconst(site);
      mv.visitMethodInsn(INVOKESTATIC, "gol/interp/vm/JitExtCounts", "count", "(I)V", false);
    }
  }

  /** One of Ext's opcodes: Ext.exec runs it; a jump operand decides the successor. */
  void ext(int pc, int next) {
    cur(pc);
    countExt(pc);
    int[] operands = extRegisters(pc);
    for (int r : operands) { // Ext reads its operand registers from the slots...
      spill(r);
    }
    execOne("gol/interp/vm/Ext", pc);
    int j = jumpTarget(pc);
    if (j < 0) {
      mv.visitInsn(POP);
      reload(operands);
    } else {
      mv.visitVarInsn(ISTORE, TMP_I);
      reload(operands);
      mv.visitVarInsn(ILOAD, TMP_I);
      iconst(next);
      mv.visitJumpInsn(IF_ICMPNE, target(pc, j));
    }
  }

  /**
   * The slots an Ext op may read or write: its register operands (FORMAT letters a-e), the
   * n registers from c for ops with a count (APPEND), and a+1 (the comma-ok forms and MAPNEXT
   * write a pair). Ext touches no other slot of the frame.
   */
  int[] extRegisters(int pc) {
    String f = Op.FORMAT[code[pc]];
    java.util.TreeSet<Integer> rs = new java.util.TreeSet<>();
    for (int i = 0; i < f.length(); i++) {
      char ch = f.charAt(i);
      int v = code[pc + 1 + i];
      if (ch >= 'a' && ch <= 'e' && v >= 0) {
        rs.add(v);
        if (ch == 'a') {
          rs.add(v + 1);
        }
      }
      if (ch == 'n') {
        int c = code[pc + 1 + f.indexOf('c')];
        for (int k = 0; k < v; k++) {
          rs.add(c + k);
        }
      }
    }
    return rs.stream().mapToInt(r -> r + off).filter(r -> r < frameSlots).toArray();
  }

  /** ...and writes some of them back: read them again. */
  void reload(int[] slots) {
    if (!regs) {
      return;
    }
    for (int r : slots) {
      if (!kept(r)) {
        continue;
      }
      mv.visitVarInsn(ALOAD, LS);
      absSlot(r);
      mv.visitInsn(LALOAD);
      mv.visitVarInsn(LSTORE, local(r));
    }
  }
}
