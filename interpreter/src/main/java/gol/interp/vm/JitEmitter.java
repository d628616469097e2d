package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import gol.runtime.G;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import java.util.TreeSet;
import org.objectweb.asm.MethodVisitor;

/**
 * One translation of a Proto into a JVM class (see {@link JitCompiler}): the translation's state,
 * the class and method it writes, the prologue, how the frame is owned and where its registers
 * live (slots or JVM locals), and the small emitting helpers every instruction uses. The
 * instructions themselves are emitted by the subclasses: {@link JitCalls} (calls and the ways
 * out to the VM), {@link JitOps} (families of instructions) and {@link JitInstructions} (one
 * case per opcode).
 */
abstract class JitEmitter {
  // The function being emitted: the compiled one, or while inlining a callee, the callee
  // (its registers at off, its constants reached through the caller's KR[inlineK]).
  Proto p;
  int[] code;
  Label[] at; // the label of each instruction's pc
  int off;
  int inlineK = -1;
  int curVar = CUR;
  Label inlineReturn;

  MethodVisitor mv;

  /** A jump tail: the safe-point check of a backward jump to pc, which then goes on at dest. */
  record Tail(int pc, Label dest, Label check) {
  }

  /** The jump tails, by destination (the original code's label for pc, or a copy's). */
  final java.util.Map<Label, Tail> tails = new java.util.LinkedHashMap<>();

  /**
   * Entry copies (see LoopNests): an entry point inside a loop nest, other than the nest's
   * header, is entered through a copy of the nest's code from that pc to the nest's end, in
   * which a jump back to an earlier pc of the nest goes to that pc's own copy, and only the
   * nest's header or a pc past its end leads back to the original code. So every loop of
   * the method has one way in, and C2 optimises all of them.
   */
  final boolean copies;
  LoopNests nests;
  /** Each copy's first label, by its start pc. */
  final java.util.Map<Integer, Label> copyLabels = new java.util.HashMap<>();
  final java.util.ArrayDeque<Integer> copyQueue = new java.util.ArrayDeque<>();
  /** While a copy is emitted: its labels (null in the original code) and its nest. */
  Label[] copyAt;
  int copyStart;
  LoopNests.Nest copyNest;
  /** Calls (pc to argument base) whose ways out go through emitBelowCalls, in pc order. */
  final java.util.TreeMap<Integer, Integer> belowCalls = new java.util.TreeMap<>();
  final Label belowToVm = new Label();
  final Label belowStopped = new Label();
  final Label belowFault = new Label();
  final Label ownStopped = new Label();
  final Label ownToVm = new Label();
  boolean ownWaysOut;
  /** Fault handlers of inlined calls (and calls' write-backs), emitted after the body. */
  final java.util.List<Runnable> inlineHandlers = new java.util.ArrayList<>();
  boolean usesGlobals;
  boolean usesCells;
  /** The locals holding captured variables' cells, by cell index (loadCells). */
  final java.util.Map<Integer, Integer> cellLocals = new java.util.HashMap<>();

  final boolean inlining;
  /**
   * Register mode: the L halves of the frame's slots live in JVM locals, so HotSpot keeps
   * them in machine registers; they are written back to the stack (spillAll) wherever
   * something else reads the frame — leaving to the VM, a safe point, a call, a native, an
   * Ext op — and read again where something else may have written it. A fault needs no
   * write-back: a function with defer is never in register mode, so a panic never resumes a
   * frame whose slots are stale.
   */
  boolean regs;
  int nregs;
  final java.util.ArrayDeque<Integer> pendingL = new java.util.ArrayDeque<>();

  /**
   * References in locals: the R halves of the slots live in JVM locals too (from rbase on,
   * which loadCells sets past the cells' locals).
   * Only in a frameless function that makes no call (so it has no loop, no defer and is only
   * ever entered at its start): nothing but its own code reads its slots while it runs, so
   * they are written back only where the VM takes it over (exit) and where a helper reads them
   * (VARARGS, APPEND), and its results go to the slots as it returns. A fault needs none: no
   * frame above it can recover a panic and resume it.
   */
  boolean rregs;
  int rbase;
  final java.util.ArrayDeque<Integer> pendingR = new java.util.ArrayDeque<>();

  /**
   * Whether this function runs without its frame on g's frame arrays when compiled code calls
   * it (see Frameless): it writes its entry only on its ways out to the VM (ownFrame).
   * Otherwise a call from compiled code pushes it in the prologue and its RET pops it.
   */
  final boolean frameless;
  int size;

  /** The compiled function's own frame size (p changes while a callee is inlined). */
  final int frameSlots;
  /**
   * The class's name: the function's, so that profilers (perf with a perf map, JFR) and
   * HotSpot's logs say which function a frame is. A hidden class's references to its own
   * name resolve to itself.
   */
  final String className;

  JitEmitter(Proto p, boolean inlining, boolean regs, boolean copies, boolean frameless) {
    this.p = p;
    this.frameless = frameless;
    this.copies = copies;
    this.frameSlots = p.frameSize;
    this.className = classNameOf(p);
    this.code = p.code;
    this.inlining = inlining;
    this.regs = regs;
  }

  /** The name of p's translated class (see className). */
  static String classNameOf(Proto p) {
    return "gol/interp/vm/Jitted$" + p.name.replaceAll("[^A-Za-z0-9_]", "_");
  }

  byte[] generate() {
    ClassWriter cw = newClass(className);
    if (!emitRun(cw, "run")) {
      return null;
    }
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** A class named className extending Compiled, with its constructor and no method yet. */
  static ClassWriter newClass(String className) {
    // Version 50 without StackMapTable frames: the JVM's type-inferring verifier checks the
    // class, which costs far less than ASM's frame computation running as cold bytecode.
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(V1_6, ACC_FINAL | ACC_SUPER, className, null, COMPILED, null);
    MethodVisitor init = cw.visitMethod(0, "<init>", "(L" + PROTO + ";)V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitVarInsn(ALOAD, 1);
    init.visitMethodInsn(INVOKESPECIAL, COMPILED, "<init>", "(L" + PROTO + ";)V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    return cw;
  }

  /**
   * Region mode (JitRegions): this emitter translates only the instructions in [lo, hi) into a
   * method of a function whose translation as one method would be too big. A jump out of the
   * range returns the target pc with JitRegions.CONTINUE (the dispatcher runs the region that
   * holds it, or the VM), the range's first pc and the targets of jumps into it are entries, and
   * when compiled code calls the function only the first region run pushes its frame.
   */
  boolean region;
  int lo;
  int hi = Integer.MAX_VALUE;
  /** The ways out of a region, by target pc (see region). */
  private final java.util.TreeMap<Integer, Label> continueStubs = new java.util.TreeMap<>();

  /**
   * An outlined loop's region (JitRegions.outline): every TRIPS_PER_CALL-th time round, its
   * back edge to lo leaves it (to the dispatcher, which calls it again), so that HotSpot sees the
   * region called often and compiles it as a method, soon, instead of waiting for an OSR.
   */
  boolean outlined;
  /** The back edge of an outlined region's loop (see outlined), when it has one. */
  private Label trip;
  /** How many times round an outlined loop goes in one call of its region (GOLDEBUG=jittrips). */
  static final int TRIPS_PER_CALL = JitSettings.TRIPS_PER_CALL;

  /** Translates only [lo, hi) (see region). */
  void region(int lo, int hi) {
    this.region = true;
    this.lo = lo;
    this.hi = hi;
  }

  /** Emits the translation as method name of cw; false when it is too big for HotSpot. */
  boolean emitRun(ClassWriter cw, String name) {
    mv = cw.visitMethod(ACC_PUBLIC | ACC_FINAL, name, RUN_DESC, null, null);
    mv.visitCode();
    scan();
    Label start = new Label();
    Label end = new Label();
    Label handler = new Label();
    prologue();
    mv.visitLabel(start);
    entrySwitch();
    int last = Math.min(hi, code.length);
    for (int pc = lo; pc < last; pc += Op.size(code[pc])) {
      mv.visitLabel(at[pc]);
      instruction(pc);
    }
    if (last < code.length) {
      mv.visitJumpInsn(GOTO, dest(last)); // the next region
    }
    // not reached: the compiler ends every function with RET or UNREACHABLE (a throw, not an
    // exit: exit's write-back of every register made a small function too big to inline)
    protoRef();
    iconst(code.length);
    slow("unreachable", "(L" + PROTO + ";I)Ljava/lang/RuntimeException;");
    mv.visitInsn(ATHROW);
    emitCopies();
    for (java.util.Map.Entry<Integer, Label> e : continueStubs.entrySet()) {
      mv.visitLabel(e.getValue());
      spillAll();
      iconst(e.getKey() | JitRegions.CONTINUE);
      mv.visitInsn(IRETURN);
    }
    mv.visitLabel(end);
    inlineHandlers.forEach(Runnable::run);
    emitBelowCalls();
    emitOwnWaysOut();
    mv.visitTryCatchBlock(start, end, handler, null); // after the inlined calls' own: searched last
    if (trip != null) { // an outlined loop's back edge: round again, or leave every so often
      mv.visitLabel(trip);
      mv.visitIincInsn(TRIPS, -1);
      mv.visitVarInsn(ILOAD, TRIPS);
      mv.visitJumpInsn(IFLE, continueStubs.get(lo));
      mv.visitJumpInsn(GOTO, tails.computeIfAbsent(at[lo], d -> new Tail(lo, d, new Label())).check());
    }
    for (Tail t : tails.values()) { // jump tail: a backward jump is a safe point
      mv.visitLabel(t.check());
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "preempt", "Z");
      mv.visitJumpInsn(IFEQ, t.dest());
      spillAll();
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "framePc", "[I");
      mv.visitVarInsn(ILOAD, D);
      iconst(t.pc());
      mv.visitInsn(IASTORE);
      iconst(Compiled.SAFEPOINT);
      mv.visitInsn(IRETURN);
    }
    mv.visitLabel(handler);
    reportFault();
    Label after = new Label();
    mv.visitLabel(after);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    size = after.getOffset();
    return size <= (regs ? MAX_REGS_METHOD_BYTES : MAX_METHOD_BYTES);
  }

  /**
   * The largest translation kept in register mode. C1 gives every value it spills a stack slot
   * of its own and abandons a method that needs more than about 2,000 ("COMPILE SKIPPED: too
   * many stack slots used", -XX:+PrintCompilation): a big method whose registers live in locals
   * across many calls hit that, and ran in HotSpot's interpreter until C2 took it, far later.
   * A bigger function is translated in slot mode, whose values live from one instruction to the
   * next. C2 pays for register mode too: its register allocator's time grows with the values
   * live across the method, and bench/structslice's advance (4,021 bytes in register mode, its
   * float temporaries and the element structs it reloads all in locals) took C2 0.37-0.54 s to
   * compile (105 KB of code) against 0.15-0.17 s in slot mode, a run of under a second spending
   * most of it in C1's code; nbody's advance, 2,890 bytes, compiles in 0.04 s. Hence 3,000.
   */
  static final int MAX_REGS_METHOD_BYTES = JitSettings.MAX_REGS_METHOD_BYTES;

  /** Labels, and which optional state (globals, cells) the prologue loads. */
  void scan() {
    at = labels(code);
    nests = new LoopNests(code);
    scanOps(code);
    nregs = p.frameSize;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      Proto q = code[pc] == Op.CALL ? inlinee(code[pc + 1]) : null;
      if (q != null) {
        scanOps(q.code);
        nregs = Math.max(nregs, code[pc + 2] + q.frameSize);
      }
    }
    if (nregs > MAX_REG_SLOTS) {
      regs = false;
    }
    rregs = refsInLocals(p, frameless) && nregs <= MAX_REG_SLOTS;
    if (region && regs && narrow) {
      touched = touchedIn(lo, Math.min(hi, code.length));
    }
  }

  /**
   * A region in register mode keeps in locals only the registers (below frameSlots) its code
   * uses (null: all): the others are neither read as it starts nor written back as it leaves —
   * their slots stay the truth, since nothing in the region changes them through a local. A
   * region of a long main touches a few of its registers, and loading and writing back all of
   * them made its method several times bigger. Found from the operands (an operand that may
   * start a range — a call's base, VARARGS, RET — counts with every register above it); code
   * that uses a local outside the set throws Untouched, and the region is translated without
   * narrowing (JitRegions.trial).
   */
  boolean[] touched;
  /** Whether a region narrows its registers to those it touches (see touched). */
  boolean narrow = true;

  /** A region's code used the local of a register its scan did not find (see touched). */
  static final class Untouched extends RuntimeException {
    Untouched(int slot) {
      super("register " + slot + " not among a region's", null, false, false);
    }
  }

  private boolean[] touchedIn(int from, int to) {
    boolean[] t = new boolean[frameSlots];
    for (int pc = from; pc < to; pc += Op.size(code[pc])) {
      int op = code[pc];
      String f = Op.FORMAT[op];
      int width = operandWidth(pc);
      for (int i = 0; i < f.length(); i++) {
        char c = f.charAt(i);
        int r = code[pc + 1 + i];
        if ((c == 'a' || c == 'b' || c == 'c') && r >= 0 && r < frameSlots) {
          for (int x = r; x < (width > 0 ? Math.min(frameSlots, r + width) : frameSlots); x++) {
            t[x] = true;
          }
        }
      }
    }
    return t;
  }

  /**
   * How many registers from each of its register operands the instruction at pc uses (0: all
   * above it): a call of a known function, its frame (inlined, its registers are the caller's
   * from the base); a native's, its width.
   */
  private int operandWidth(int pc) {
    int op = code[pc];
    switch (op) {
      case Op.CALL:
        return p.kr[code[pc + 1]] instanceof Proto q ? Math.max(1, q.frameSize) : 0;
      case Op.CALLN:
        return Math.max(0, NativeWidths.of(p.kr[code[pc + 1]]));
      case Op.CALLC, Op.RET, Op.GO, Op.GOC:
        return 0;
      case Op.MAPGET2, Op.RECV2, Op.ASSERT2:
        return 2; // a and its ok flag
      default: // one register an operand, unless a count says how many
        return Op.FORMAT[op].indexOf('n') < 0 ? 1 : 0;
    }
  }

  /** Whether register slot lives in a local here (see touched). */
  boolean kept(int slot) {
    return touched == null || slot >= frameSlots || slot < 0 || touched[slot];
  }

  private int usedLocal(int slot) {
    if (!kept(slot)) {
      throw new Untouched(slot);
    }
    return local(slot);
  }

  /** Whether p's translation keeps its references in locals (see rregs): frameless, no call. */
  static boolean refsInLocals(Proto p, boolean frameless) {
    if (!frameless) {
      return false;
    }
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (code[pc] == Op.CALL || code[pc] == Op.CALLC || code[pc] == Op.CALLN) {
        return false;
      }
    }
    return true;
  }

  static Label[] labels(int[] code) {
    Label[] at = new Label[code.length + 1];
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      at[pc] = new Label();
    }
    return at;
  }

  void scanOps(int[] code) {
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      switch (code[pc]) {
        case Op.LDG_L, Op.LDG_R, Op.STG_L, Op.STG_R -> usesGlobals = true;
        case Op.GETUP, Op.LDUP_L, Op.LDUP_R, Op.STUP_L, Op.STUP_R, Op.CLOSURE -> usesCells = true;
        default -> {
        }
      }
    }
  }

  void prologue() {
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "ls", "[J");
    mv.visitVarInsn(ASTORE, LS);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "rs", "[Ljava/lang/Object;");
    mv.visitVarInsn(ASTORE, RS);
    mv.visitVarInsn(ILOAD, PC);
    mv.visitVarInsn(ISTORE, CUR);
    // nest is 0 when the VM calls (this frame is g's top one: its index is depth - 1, its cells
    // those of the frame); from compiled code, this frame's index and the caller's nest + 1
    // (Compiled.nest), with the cells as an argument
    Label fromVm = new Label();
    Label known = new Label();
    mv.visitVarInsn(ILOAD, NEST);
    mv.visitJumpInsn(IFEQ, fromVm);
    Label pushed = region ? new Label() : null;
    if (region) { // the dispatcher's JitRegions.PUSHED: an earlier region run pushed the frame
      mv.visitVarInsn(ILOAD, NEST);
      mv.visitVarInsn(ISTORE, TMP_I);
      mv.visitVarInsn(ILOAD, NEST);
      iconst(~JitRegions.PUSHED);
      mv.visitInsn(IAND);
      mv.visitVarInsn(ISTORE, NEST);
    }
    mv.visitVarInsn(ILOAD, NEST);
    iconst(Compiled.NEST_BITS);
    mv.visitInsn(IUSHR);
    mv.visitVarInsn(ISTORE, D);
    mv.visitVarInsn(ALOAD, CELLS_IN);
    mv.visitVarInsn(ASTORE, CELLS);
    mv.visitVarInsn(ILOAD, NEST);
    iconst((1 << Compiled.NEST_BITS) - 1);
    mv.visitInsn(IAND);
    mv.visitVarInsn(ISTORE, NEST);
    if (region) {
      mv.visitVarInsn(ILOAD, TMP_I);
      mv.visitJumpInsn(IFLT, pushed);
    }
    if (!frameless) {
      pushOwnFrame();
    }
    if (region) {
      mv.visitLabel(pushed);
    }
    mv.visitJumpInsn(GOTO, known);
    mv.visitLabel(fromVm);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "depth", "I");
    iconst(1);
    mv.visitInsn(ISUB);
    mv.visitVarInsn(ISTORE, D);
    if (usesCells || frameless) {
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "frameCells", "[[Ljava/lang/Object;");
      mv.visitVarInsn(ILOAD, D);
      mv.visitInsn(AALOAD);
    } else {
      mv.visitInsn(ACONST_NULL);
    }
    mv.visitVarInsn(ASTORE, CELLS);
    mv.visitLabel(known);
    loadCells();
    if (usesGlobals) {
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "machine", "Lgol/runtime/Machine;");
      mv.visitInsn(DUP);
      mv.visitFieldInsn(GETFIELD, "gol/runtime/Machine", "globalLs", "[J");
      mv.visitVarInsn(ASTORE, GL);
      mv.visitFieldInsn(GETFIELD, "gol/runtime/Machine", "globalRs", "[Ljava/lang/Object;");
      mv.visitVarInsn(ASTORE, GR);
    } else {
      mv.visitInsn(ACONST_NULL);
      mv.visitVarInsn(ASTORE, GL);
      mv.visitInsn(ACONST_NULL);
      mv.visitVarInsn(ASTORE, GR);
    }
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, TMP_I);
    mv.visitInsn(ACONST_NULL);
    mv.visitVarInsn(ASTORE, TMP_A);
    mv.visitInsn(LCONST_0);
    mv.visitVarInsn(LSTORE, TMP_J);
    mv.visitInsn(LCONST_0);
    mv.visitVarInsn(LSTORE, TMP_K);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, CUR_INLINED);
    if (outlined) {
      iconst(TRIPS_PER_CALL);
      mv.visitVarInsn(ISTORE, TRIPS);
    }
    if (rregs) { // only ever entered at its start: the arguments; the rest is written before it is read
      reloadRange(0, p.numParams);
      for (int r = p.numParams; regs && r < frameSlots; r++) {
        mv.visitInsn(LCONST_0);
        mv.visitVarInsn(LSTORE, local(r));
      }
    } else {
      reloadFrom(0);
    }
    for (int r = frameSlots; regs && r < nregs; r++) { // inlined callees' slots: locals only
      mv.visitInsn(LCONST_0);
      mv.visitVarInsn(LSTORE, local(r));
    }
    for (int r = 0; rregs && r < Math.max(nregs, frameSlots); r++) {
      if (r < p.numParams) {
        mv.visitVarInsn(ALOAD, RS);
        absSlot(r);
        mv.visitInsn(AALOAD);
      } else {
        mv.visitInsn(ACONST_NULL);
      }
      mv.visitVarInsn(ASTORE, rlocal(r));
    }
  }

  /**
   * A call from compiled code, of a function that is not frameless: its frame goes on g's
   * arrays here (the caller checked there is room and recorded its own resume pc). Its callers
   * must all be on the arrays, which the depth says: a frameless caller never calls such a
   * function (Frameless), but if one did, its frames and those below are written as they
   * leave (ownFrame), and the VM makes the call.
   */
  void pushOwnFrame() {
    Label below = new Label();
    Label pushed = new Label();
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "depth", "I");
    mv.visitVarInsn(ILOAD, D);
    mv.visitJumpInsn(IF_ICMPNE, below);
    ownEntry();
    mv.visitVarInsn(ALOAD, G);
    mv.visitVarInsn(ILOAD, D);
    iconst(1);
    mv.visitInsn(IADD);
    mv.visitFieldInsn(PUTFIELD, G_, "depth", "I");
    mv.visitJumpInsn(GOTO, pushed);
    mv.visitLabel(below);
    ownFrameCall(false);
    iconst(Compiled.RELOAD);
    mv.visitInsn(IRETURN);
    mv.visitLabel(pushed);
  }

  /** g.frameFn/frameCells/frameFp[D] := this function, its cells, fp. */
  void ownEntry() {
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "frameFn", "[Ljava/lang/Object;");
    mv.visitVarInsn(ILOAD, D);
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "p", "L" + PROTO + ";");
    mv.visitInsn(AASTORE);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "frameCells", "[[Ljava/lang/Object;");
    mv.visitVarInsn(ILOAD, D);
    mv.visitVarInsn(ALOAD, CELLS);
    mv.visitInsn(AASTORE);
    mv.visitVarInsn(ALOAD, G);
    mv.visitFieldInsn(GETFIELD, G_, "frameFp", "[I");
    mv.visitVarInsn(ILOAD, D);
    mv.visitVarInsn(ILOAD, FP);
    mv.visitInsn(IASTORE);
  }

  /**
   * A frameless function on a way out to the VM (or a fault): its entry written, resuming at
   * the pc on the operand stack, and the depth raised to include it (Jit.ownFrame). Nothing
   * when the function is not frameless (its frame is on the arrays already).
   */
  void ownFrameAt() {
    if (!frameless) {
      mv.visitInsn(POP);
      return;
    }
    mv.visitVarInsn(ISTORE, TMP_I);
    ownFrameCall(true);
  }

  /** ownFrameAt with a constant pc. */
  void ownFrameAt(int pc) {
    if (frameless) {
      iconst(pc);
      ownFrameAt();
    }
  }

  // ---- register mode: locals <-> stack slots (absolute slot numbers, no inline offset) ----

  int local(int slot) {
    return REGS + 2 * slot;
  }

  int rlocal(int slot) {
    return rbase + slot;
  }

  /** Writes register slot's R half back from its local (reference mode). */
  void spillR(int slot) {
    if (rregs) {
      mv.visitVarInsn(ALOAD, RS);
      absSlot(slot);
      mv.visitVarInsn(ALOAD, rlocal(slot));
      mv.visitInsn(AASTORE);
    }
  }

  void spill(int slot) {
    if (regs && kept(slot)) {
      mv.visitVarInsn(ALOAD, LS);
      absSlot(slot);
      mv.visitVarInsn(LLOAD, local(slot));
      mv.visitInsn(LASTORE);
    }
  }

  /**
   * Writes the frame's slots back. Slots past the frame (inlined callees' registers) live in
   * locals only: they are dead wherever the frame is written back, and the stack may not
   * even have room for them.
   */
  void spillAll() {
    spillRange(0, frameSlots);
    for (int r = 0; rregs && r < frameSlots; r++) {
      spillR(r);
    }
  }

  /** Writes slots from..to-1 of the frame back (those that live in locals). */
  void spillRange(int from, int to) {
    for (int r = from; r < Math.min(nregs, to); r++) {
      spill(r);
    }
  }

  /** Reads slots from..to-1 of the frame back into their locals. */
  void reloadRange(int from, int to) {
    if (!regs) {
      return;
    }
    for (int r = from; r < Math.min(nregs, to); r++) {
      if (!kept(r)) {
        continue;
      }
      mv.visitVarInsn(ALOAD, LS);
      absSlot(r);
      mv.visitInsn(LALOAD);
      mv.visitVarInsn(LSTORE, local(r));
    }
  }

  /** Reads the frame's slots from.. back into their locals (something else wrote the frame). */
  void reloadFrom(int from) {
    reloadRange(from, frameSlots);
  }

  void absSlot(int r) {
    mv.visitVarInsn(ILOAD, FP);
    if (r != 0) {
      iconst(r);
      mv.visitInsn(IADD);
    }
  }

  /** Starts a store to register r's L half: the value follows, then endL(). */
  void beginL(int r) {
    if (regs) {
      pendingL.push(r + off);
    } else {
      addrL(r);
    }
  }

  void endL() {
    if (regs) {
      mv.visitVarInsn(LSTORE, usedLocal(pendingL.pop()));
    } else {
      mv.visitInsn(LASTORE);
    }
  }

  /**
   * Where the interpreter may enter: the function's start (a call), the target of every
   * backward jump (its jump tail), the pc after every CALL/CALLC (a return to this frame), and
   * where a parked goroutine resumes: the pc after a CALLN (a native that parked or yielded)
   * and a channel operation or select (it re-executes, finishing with g.param).
   */
  void entrySwitch() {
    TreeSet<Integer> entries = new TreeSet<>();
    entries.add(0);
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int op = code[pc];
      int j = jumpTarget(pc);
      if (j >= 0 && j <= pc) {
        entries.add(j);
      }
      if (op == Op.CALL || op == Op.CALLC || op == Op.CALLN) {
        entries.add(pc + Op.size(op));
      }
      if (op == Op.SEND || op == Op.RECV || op == Op.RECV2 || op == Op.SELECT) {
        entries.add(pc);
      }
    }
    entries.removeIf(e -> e >= code.length);
    if (region) {
      entries.removeIf(e -> e < lo || e >= hi);
      entries.add(lo);
      entries.addAll(JitRegions.entriesFromOutside(p, lo, hi));
    }
    int[] keys = entries.stream().mapToInt(Integer::intValue).toArray();
    Label[] labels = new Label[keys.length];
    for (int i = 0; i < keys.length; i++) {
      labels[i] = entryLabel(keys[i]);
    }
    Label dflt = new Label();
    Label entry = makesCalls() && keys[0] == 0 ? new Label() : null;
    if (entry != null) {
      labels[0] = entry;
    }
    mv.visitVarInsn(ILOAD, PC);
    mv.visitLookupSwitchInsn(dflt, keys, labels);
    mv.visitLabel(dflt);
    mv.visitVarInsn(ILOAD, PC);
    mv.visitInsn(IRETURN);
    if (entry != null) {
      // A call is a safe point, as in the interpreter (exec's jump tail at a callee's entry):
      // a recursion of compiled functions without loops (fib) has no backward jump, and
      // without this check it ran to its end however long sysmon had asked the G to yield.
      // Nothing has run yet, so the frame's slots are as the caller left them.
      mv.visitLabel(entry);
      mv.visitVarInsn(ALOAD, G);
      mv.visitFieldInsn(GETFIELD, G_, "preempt", "Z");
      Label run = entryLabel(0);
      mv.visitJumpInsn(IFEQ, run);
      if (frameless) {
        ownFrameAt(0);
      } else {
        mv.visitVarInsn(ALOAD, G);
        mv.visitFieldInsn(GETFIELD, G_, "framePc", "[I");
        mv.visitVarInsn(ILOAD, D);
        iconst(0);
        mv.visitInsn(IASTORE);
      }
      iconst(Compiled.SAFEPOINT);
      mv.visitInsn(IRETURN);
    }
  }

  /** Whether the function calls gol code (a call the inliner leaves as a call). */
  boolean makesCalls() {
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (code[pc] == Op.CALLC || code[pc] == Op.CALL && inlinee(code[pc + 1]) == null) {
        return true;
      }
    }
    return false;
  }

  /** The jump operand of the instruction at pc, or -1. */
  int jumpTarget(int pc) {
    String f = Op.FORMAT[code[pc]];
    int i = f.indexOf('j');
    return i < 0 ? -1 : code[pc + 1 + i];
  }

  /** The label a jump from pc to j goes to: backward jumps go through the safe-point check. */
  Label target(int pc, int j) {
    Label dest = dest(j);
    if (j > pc) {
      return dest;
    }
    if (outlined && inlineK < 0 && j == lo) {
      if (trip == null) {
        trip = new Label();
        continueStubs.computeIfAbsent(lo, k -> new Label());
      }
      return trip;
    }
    return tails.computeIfAbsent(dest, d -> new Tail(j, d, new Label())).check();
  }

  /** Where control goes on at pc: in a copy, its own label, another copy's, or the original's. */
  Label dest(int pc) {
    if (region && inlineK < 0 && (pc < lo || pc >= hi)) {
      return continueStubs.computeIfAbsent(pc, k -> new Label());
    }
    if (copyAt == null || inlineK >= 0) {
      return at[pc];
    }
    if (pc == copyNest.header() || pc < copyNest.start() || pc > copyNest.end()) {
      return at[pc];
    }
    return pc >= copyStart ? copyAt[pc] : copyLabel(pc);
  }

  /** The label the entry switch sends pc to: see copies. */
  Label entryLabel(int pc) {
    LoopNests.Nest n = copies ? nests.outermost(pc) : null;
    return n == null || pc == n.header() ? at[pc] : copyLabel(pc);
  }

  Label copyLabel(int start) {
    return copyLabels.computeIfAbsent(start, s -> {
      copyQueue.add(s);
      return new Label();
    });
  }

  /** Emits the copies the entry switch and other copies asked for (see copies). */
  void emitCopies() {
    while (!copyQueue.isEmpty()) {
      copyStart = copyQueue.poll();
      copyNest = nests.outermost(copyStart);
      copyAt = new Label[code.length + 1];
      for (int pc = copyStart; pc <= copyNest.end(); pc += Op.size(code[pc])) {
        copyAt[pc] = pc == copyStart ? copyLabels.get(pc) : new Label();
      }
      for (int pc = copyStart; pc <= copyNest.end(); pc += Op.size(code[pc])) {
        mv.visitLabel(copyAt[pc]);
        instruction(pc);
        int next = pc + Op.size(code[pc]);
        Label d = dest(next);
        if (d != copyAt[next]) { // falls into the header, or out of the nest
          mv.visitJumpInsn(GOTO, d);
        }
      }
    }
    copyAt = null;
  }

  // ---- emitting helpers ----

  void iconst(int v) {
    if (v >= -1 && v <= 5) {
      mv.visitInsn(ICONST_0 + v);
    } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
      mv.visitIntInsn(BIPUSH, v);
    } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
      mv.visitIntInsn(SIPUSH, v);
    } else {
      mv.visitLdcInsn(v);
    }
  }

  void lconst(long v) {
    if (v == 0 || v == 1) {
      mv.visitInsn((int) (LCONST_0 + v));
    } else {
      mv.visitLdcInsn(v);
    }
  }

  /** Pushes the array and index of register r's L half (then a value and LASTORE). */
  void addrL(int r) {
    mv.visitVarInsn(ALOAD, LS);
    slot(r);
  }

  void addrR(int r) {
    mv.visitVarInsn(ALOAD, RS);
    slot(r);
  }

  void slot(int r) {
    mv.visitVarInsn(ILOAD, FP);
    if (r + off != 0) {
      iconst(r + off);
      mv.visitInsn(IADD);
    }
  }

  void ldL(int r) {
    if (regs) {
      mv.visitVarInsn(LLOAD, usedLocal(r + off));
    } else {
      addrL(r);
      mv.visitInsn(LALOAD);
    }
  }

  void ldR(int r) {
    if (rregs) {
      mv.visitVarInsn(ALOAD, rlocal(r + off));
    } else {
      addrR(r);
      mv.visitInsn(AALOAD);
    }
  }

  /** Starts a store to register r's R half: the value follows, then endR(). */
  void beginR(int r) {
    if (rregs) {
      pendingR.push(r + off);
    } else {
      addrR(r);
    }
  }

  void endR() {
    if (rregs) {
      mv.visitVarInsn(ASTORE, rlocal(pendingR.pop()));
    } else {
      mv.visitInsn(AASTORE);
    }
  }

  void ldD(int r) {
    ldL(r);
    l2d();
  }

  void l2d() {
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Double", "longBitsToDouble", "(J)D", false);
  }

  void d2l() {
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J", false);
  }

  void ldRCast(int r, String type) {
    ldR(r);
    mv.visitTypeInsn(CHECKCAST, type);
  }

  void kr(int k, String type) {
    mv.visitVarInsn(ALOAD, THIS);
    mv.visitFieldInsn(GETFIELD, COMPILED, "kr", "[Ljava/lang/Object;");
    if (inlineK >= 0) { // the inlined callee's pool: caller's KR[inlineK].kr
      iconst(inlineK);
      mv.visitInsn(AALOAD);
      mv.visitTypeInsn(CHECKCAST, PROTO);
      mv.visitFieldInsn(GETFIELD, PROTO, "kr", "[Ljava/lang/Object;");
    }
    iconst(k);
    mv.visitInsn(AALOAD);
    if (type != null) {
      mv.visitTypeInsn(CHECKCAST, type);
    }
  }

  /** Pushes the Proto being emitted (this.p, or the inlined callee). */
  void protoRef() {
    mv.visitVarInsn(ALOAD, THIS);
    if (inlineK >= 0) {
      mv.visitFieldInsn(GETFIELD, COMPILED, "kr", "[Ljava/lang/Object;");
      iconst(inlineK);
      mv.visitInsn(AALOAD);
      mv.visitTypeInsn(CHECKCAST, PROTO);
    } else {
      mv.visitFieldInsn(GETFIELD, COMPILED, "p", "L" + PROTO + ";");
    }
  }

  void slow(String name, String desc) {
    mv.visitMethodInsn(INVOKESTATIC, SLOW, name, desc, false);
  }

  /** The pc a fault from here on is reported at. */
  void cur(int pc) {
    iconst(pc);
    mv.visitVarInsn(ISTORE, curVar);
  }

  /** With 0/1 to push: pushes 0 if the int on the stack satisfies ifOp, else 1 (as a long). */
  void boolUnless(int ifOp) {
    Label f = new Label();
    Label e = new Label();
    mv.visitJumpInsn(ifOp, f);
    mv.visitInsn(LCONST_1);
    mv.visitJumpInsn(GOTO, e);
    mv.visitLabel(f);
    mv.visitInsn(LCONST_0);
    mv.visitLabel(e);
  }

  /** Leaves to the VM at pc (the frame written back first). */
  void exit(int pc) {
    spillAll();
    ownFrameAt(pc);
    iconst(pc);
    mv.visitInsn(IRETURN);
  }

  /** Emits the instruction at pc (JitInstructions). */
  abstract void instruction(int pc);

  /** The ways out below compiled calls, after the body (JitCalls). */
  abstract void emitBelowCalls();

  /** A frameless function's shared ways out of its calls, after the body (JitCalls). */
  abstract void emitOwnWaysOut();

  /** The fault handler: reports the fault at this frame's pc and rethrows (JitCalls). */
  abstract void reportFault();

  /** The callee a CALL of constant k inlines, or null (JitCalls). */
  abstract Proto inlinee(int k);

  /** Jit.ownFrame for a frameless function leaving to the VM (JitCalls). */
  abstract void ownFrameCall(boolean pcFromTmp);

  /** Loads the captured variables' cells into locals (JitOps). */
  abstract void loadCells();
}
