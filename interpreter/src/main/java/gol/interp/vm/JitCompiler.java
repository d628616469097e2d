package gol.interp.vm;

import static org.objectweb.asm.Opcodes.*;

import gol.runtime.G;
import java.lang.invoke.MethodHandles;
import java.util.TreeSet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/*
 * Translates one Proto's bytecode into a JVM class (a {@link Compiled}) whose run method does
 * what the interpreter would, instruction by instruction, with the operands as constants and
 * no dispatch: HotSpot then compiles it into straight-line machine code for the function.
 *
 * The translation keeps the VM's state where the interpreter keeps it: registers are the G's
 * stack slots (ls/rs at fp+r), calls push frames on the G's arrays, a fault records its pc in
 * framePc. So leaving the compiled code at any instruction is just returning that pc, and the
 * interpreter carries on from there (in register mode, after writing the frame's integer and
 * float slots back: see Gen.regs). What is translated:
 *   - arithmetic, comparisons, jumps, moves, constants, conversions, strings, slices, struct
 *     fields, cells, globals: inline, as the interpreter's cases do them (same helpers, same
 *     exceptions, so panics are the interpreter's);
 *   - Ext's opcodes (assertions, map iteration, make...): a call of Ext.exec for that one
 *     instruction; the frequent ones (map get/set, interface method lookup, CONCATN, append,
 *     slicing a slice, struct copies, pointer comparison, defer) call Ext's helper directly;
 *   - CALL/CALLC of a function that is compiled: a direct Java call, at most Compiled.MAX_NEST
 *     deep; the callee pushes its own frame on g as the interpreter would (so tracebacks, stack
 *     growth and safe points in it are the interpreter's) and its RET pops it, unless it is
 *     frameless (Frameless: it writes its frame only on its ways out to the VM, ownFrameAt); a
 *     recursive call is a call of the class's own final method; a small leaf callee is inlined
 *     instead (inlineCall);
 *   - natives, go, channel operations and select: called from here as exec calls them; when
 *     one parks or stops the G, run() returns at once (the G may already run elsewhere);
 *   - calls of functions not compiled yet, RET to the VM: run() returns the instruction's pc
 *     and the interpreter executes it.
 * Functions with defer are compiled in slot mode only: DEFER, DEFERPOP and RECOVER are Ext ops
 * like any other, the epilogue's deferred calls are ordinary calls, and a panic that a deferred
 * call recovers resumes the frame at its epilogue in the interpreter, from the slots (so no
 * frame state may live in JVM locals). A backward jump checks g.preempt, as the interpreter's
 * jump tail does.
 *
 * A translated method must stay under HotSpot's 8000-byte limit for compilation; a bigger one
 * is thrown away and the function stays interpreted.
 */
final class JitCompiler {
  private JitCompiler() {
  }

  /** HotSpot does not compile methods with more bytecode than this (HugeMethodLimit). */
  static final int MAX_METHOD_BYTES = 7999;

  private static final String G_ = "gol/runtime/G";
  private static final String SLOW = "gol/interp/vm/Slow";
  private static final String SLICE = "gol/runtime/Slice";
  private static final String STRUCT = "gol/runtime/Struct";
  private static final String GOSTRING = "gol/runtime/GoString";
  private static final String LCELL = "gol/runtime/LongCell";
  private static final String RCELL = "gol/runtime/RefCell";
  private static final String RTYPE = "gol/runtime/RType";
  private static final String PROTO = "gol/interp/vm/Proto";
  private static final String CLOSURE = "gol/interp/vm/Closure";
  private static final String COMPILED = "gol/interp/vm/Compiled";
  private static final String IFACE = "gol/runtime/Iface";
  private static final String GOMAP = "gol/runtime/GoMap";
  private static final String PANICS_DEFER = "gol/interp/vm/Panics$Defer";
  private static final String EXT = "gol/interp/vm/Ext";
  private static final String VALUES = "gol/runtime/Values";

  /** run's descriptor: (G g, int fp, int pc, int nest, Object[] cells) (see Compiled.run). */
  static final String RUN_DESC = "(Lgol/runtime/G;III[Ljava/lang/Object;)I";

  // JVM locals of run(G g, int fp, int pc, int nest, Object[] cells)
  private static final int THIS = 0;
  private static final int G = 1;
  private static final int FP = 2;
  private static final int PC = 3;
  private static final int NEST = 4; // the argument; then how many compiled callers are below
  private static final int CELLS_IN = 5;
  private static final int LS = 6;
  private static final int RS = 7;
  private static final int CUR = 8; // the pc a fault is reported at
  private static final int D = 9; // this frame's index in g's frame arrays
  private static final int GL = 10;
  private static final int GR = 11;
  private static final int CELLS = 12;
  private static final int TMP_I = 13;
  private static final int TMP_A = 14;
  private static final int TMP_J = 15; // two slots
  private static final int TMP_K = 17; // two slots
  private static final int CUR_INLINED = 19; // the callee's pc a fault in an inlined call is at
  private static final int TMP_B = 20;
  private static final int TMP_C = 21;
  private static final int REGS = 22; // register r's L half: locals REGS+2r, REGS+2r+1 (register mode)

  /** Register mode keeps the L halves of at most this many slots in JVM locals. */
  static final int MAX_REG_SLOTS = 48;

  /** Callees up to this many code ints (about 40 instructions) may be inlined. */
  static final int MAX_INLINE_INTS = 160;

  /** Opcodes an inlined callee may contain (no calls, cells, loops, Ext ops or exits). */
  private static final boolean[] INLINE_OK = new boolean[Op.NAMES.length];

  static {
    int[] ok = {Op.NOP, Op.MOV_L, Op.MOV_R, Op.MOV, Op.LOADI, Op.LOADK_L, Op.LOADK_R, Op.NIL_R,
      Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I, Op.DIV_U, Op.REM_U, Op.AND, Op.OR, Op.XOR,
      Op.ANDNOT, Op.ADDI, Op.ANDI, Op.ORI, Op.XORI, Op.MULI, Op.SHLI, Op.SHRI, Op.SHRUI, Op.NEG_I,
      Op.NOT_I, Op.NOT, Op.SHL, Op.SHR_I, Op.SHR_U, Op.WRAP, Op.ADD_F, Op.SUB_F, Op.MUL_F,
      Op.DIV_F, Op.NEG_F, Op.ADDF_FL, Op.SUBF_FL, Op.MULF_FL, Op.SQRT_F, Op.F32, Op.U2F, Op.F2U,
      Op.I2F, Op.F2I, Op.EQ_I, Op.NE_I, Op.LT_I, Op.LE_I, Op.LT_U, Op.LE_U, Op.EQ_F, Op.NE_F,
      Op.LT_F, Op.LE_F, Op.EQ_S, Op.NE_S, Op.LT_S, Op.LE_S, Op.EQ_REF, Op.NE_REF, Op.JMP, Op.JT,
      Op.JF, Op.JLT_I, Op.JLE_I, Op.JGE_I, Op.JGT_I, Op.JEQ_I, Op.JNE_I, Op.JLTI, Op.JLEI, Op.JGTI,
      Op.JGEI, Op.JEQI, Op.JNEI, Op.CONCAT, Op.LEN_S, Op.INDEX_S, Op.SLICE_S, Op.RUNE2S,
      Op.NEWCELL_L, Op.NEWCELL_R, Op.LDCELL_L, Op.LDCELL_R, Op.STCELL_L, Op.STCELL_R, Op.LDG_L,
      Op.LDG_R, Op.STG_L, Op.STG_R, Op.BOX, Op.VARARGS, Op.VARARGS_L, Op.LEN_SL, Op.CAP_SL,
      Op.LDX_L, Op.LDX_B, Op.LDX_R, Op.STX_L, Op.STX_B, Op.STX_R, Op.LDA_L, Op.LDA_B, Op.LDA_R,
      Op.STA_L, Op.STA_B, Op.STA_R, Op.DECRUNE, Op.STR2BYTES,
      Op.STR2RUNES, Op.BYTES2STR, Op.RUNES2STR, Op.GETF_L, Op.GETF_R, Op.SETF_L, Op.SETF_R,
      Op.PANIC, Op.UNREACHABLE, Op.NEWV, Op.RET, Op.EQ_P, Op.NE_P, Op.APPEND, Op.APPENDSL,
      Op.NEWH, Op.MAKESL, Op.COPYSL, Op.EQ_V, Op.NE_V, Op.ISTYPE, Op.LEN_MAP, Op.LDP_L, Op.LDP_R,
      Op.STP_L, Op.STP_R, Op.ADDR_FL, Op.ADDR_FR, Op.ADDR_GL, Op.ADDR_GR, Op.ADDR_X, Op.ADDR_A};
    for (int op : ok) {
      INLINE_OK[op] = true;
    }
  }

  /** Whether op is one a small leaf callee may consist of to be inlined (see Jit.isLeafOp). */
  static boolean isLeafOp(int op) {
    return op >= 0 && op < INLINE_OK.length && INLINE_OK[op];
  }

  /** Why a function is not compiled, or null if it can be. */
  static String unsupported(Proto p) {
    if (p.nativeFn != null) {
      return "native";
    }
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      switch (code[pc]) {
        case Op.PANICCONT -> {
          return "panic trampoline";
        }
        default -> {
          if (code[pc] < 0 || code[pc] >= Op.NAMES.length) {
            return "bad opcode";
          }
        }
      }
    }
    return null;
  }

  static boolean hasLoop(Proto p) {
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int j = Op.FORMAT[code[pc]].indexOf('j');
      if (j >= 0 && code[pc + 1 + j] <= pc) {
        return true;
      }
    }
    return false;
  }

  /** How the last compile translated (for GOLDEBUG=jittrace; Jit's lock guards it). */
  static String lastVariant = "";

  /**
   * The translation of p, or null when p cannot be compiled (see {@link #unsupported}) or the
   * method would be too big for HotSpot.
   */
  static Compiled compile(Proto p) {
    byte[] bytes = translate(p);
    return bytes == null ? null : define(p, bytes);
  }

  /** Loads the class file of p's translation (made now or in an earlier run: JitCache). */
  static Compiled define(Proto p, byte[] bytes) {
    dump(p, bytes);
    try {
      Class<?> c = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
      return (Compiled) c.getDeclaredConstructor(Proto.class).newInstance(p);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("jit: cannot load the class for " + p.name, e);
    }
  }

  /**
   * The class file of p's translation, or null (see {@link #compile}). JitCache keys the class
   * files it keeps by what this reads of p and of the functions p's constants refer to
   * ({@link JitCache#describe}): reading more of a Proto here means describing it there too.
   */
  static byte[] translate(Proto p) {
    if (unsupported(p) != null) {
      return null;
    }
    // the fastest translation that fits HotSpot's limit: registers in locals (loops without
    // defer only: a recovered panic resumes the frame from its slots), then in the stack slots;
    // small callees inlined, then not; entries inside loops through copies (LoopNests), then not
    byte[] bytes = null;
    boolean frameless = Frameless.test(p);
    // (a frameless function that makes no calls has its references in locals too: Gen.rregs)
    boolean inLocals = hasLoop(p) ? p.deferReg < 0 : Gen.refsInLocals(p, frameless);
    for (int variant = inLocals ? 0 : 4; variant < 8 && bytes == null; variant++) {
      Gen gen = new JitCompiler.Gen(p, variant / 2 % 2 == 0, variant < 4, variant % 2 == 0, frameless);
      bytes = gen.generate();
      lastVariant = (gen.regs ? "registers" : "slots") + (gen.inlining ? ", inlining" : "")
          + (frameless ? ", frameless" : "") + (gen.rregs ? ", references in locals" : "")
          + (gen.copyLabels.isEmpty() ? "" : ", " + gen.copyLabels.size() + " entry copies");
      if (bytes == null && gen.copies && gen.copyLabels.isEmpty()) {
        variant++; // the same code without copies would not fit either
      }
    }
    return bytes;
  }

  /** -Dgol.jitdump=DIR (through GOL_JAVA_OPTS): each translation is written to DIR as a class file, for javap. */
  private static final String DUMP_DIR = System.getProperty("gol.jitdump");
  private static int dumped;

  private static void dump(Proto p, byte[] bytes) {
    if (DUMP_DIR == null) {
      return;
    }
    String name = (dumped++) + "-" + p.name.replaceAll("[^A-Za-z0-9_.]", "_") + ".class";
    try {
      java.nio.file.Files.createDirectories(java.nio.file.Path.of(DUMP_DIR));
      java.nio.file.Files.write(java.nio.file.Path.of(DUMP_DIR, name), bytes);
    } catch (java.io.IOException e) {
      System.err.println("jit: cannot dump " + name + ": " + e);
    }
  }

  /** One translation. */
  private static final class Gen {
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
    private final java.util.ArrayDeque<Integer> copyQueue = new java.util.ArrayDeque<>();
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
    private final java.util.ArrayDeque<Integer> pendingL = new java.util.ArrayDeque<>();

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
    private final java.util.ArrayDeque<Integer> pendingR = new java.util.ArrayDeque<>();

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

    Gen(Proto p, boolean inlining, boolean regs, boolean copies, boolean frameless) {
      this.p = p;
      this.frameless = frameless;
      this.copies = copies;
      this.frameSlots = p.frameSize;
      this.className = "gol/interp/vm/Jitted$" + p.name.replaceAll("[^A-Za-z0-9_]", "_");
      this.code = p.code;
      this.inlining = inlining;
      this.regs = regs;
    }

    byte[] generate() {
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

      mv = cw.visitMethod(ACC_PUBLIC | ACC_FINAL, "run", RUN_DESC, null, null);
      mv.visitCode();
      scan();
      Label start = new Label();
      Label end = new Label();
      Label handler = new Label();
      prologue();
      mv.visitLabel(start);
      entrySwitch();
      for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
        mv.visitLabel(at[pc]);
        instruction(pc);
      }
      // not reached: the compiler ends every function with RET or UNREACHABLE (a throw, not an
      // exit: exit's write-back of every register made a small function too big to inline)
      protoRef();
      iconst(code.length);
      slow("unreachable", "(L" + PROTO + ";I)Ljava/lang/RuntimeException;");
      mv.visitInsn(ATHROW);
      emitCopies();
      mv.visitLabel(end);
      inlineHandlers.forEach(Runnable::run);
      emitBelowCalls();
      emitOwnWaysOut();
      mv.visitTryCatchBlock(start, end, handler, null); // after the inlined calls' own: searched last
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
      Label last = new Label();
      mv.visitLabel(last);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
      cw.visitEnd();
      size = last.getOffset();
      if (size > MAX_METHOD_BYTES) {
        return null;
      }
      return cw.toByteArray();
    }

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
      if (!frameless) {
        pushOwnFrame();
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
      if (regs) {
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
        mv.visitVarInsn(LSTORE, local(pendingL.pop()));
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
      int[] keys = entries.stream().mapToInt(Integer::intValue).toArray();
      Label[] labels = new Label[keys.length];
      for (int i = 0; i < keys.length; i++) {
        labels[i] = entryLabel(keys[i]);
      }
      Label dflt = new Label();
      Label entry = makesCalls() ? new Label() : null;
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
      return tails.computeIfAbsent(dest, d -> new Tail(j, d, new Label())).check();
    }

    /** Where control goes on at pc: in a copy, its own label, another copy's, or the original's. */
    Label dest(int pc) {
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
        mv.visitVarInsn(LLOAD, local(r + off));
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
        case Op.F32, Op.U2F, Op.F2U -> {
          beginL(a);
          ldL(b);
          slow(op == Op.F32 ? "f32" : op == Op.U2F ? "u2f" : "f2u", "(J)J");
          endL();
        }
        case Op.I2F -> {
          beginL(a);
          ldL(b);
          mv.visitInsn(L2D);
          d2l();
          endL();
        }
        case Op.F2I -> {
          beginL(a);
          ldD(b);
          mv.visitInsn(D2L);
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
      // the callee reads its arguments and cannot see the slots below them: those stay in
      // locals across a call that returns, and are written back only where the VM takes over
      spillRange(base, frameSlots);
      mv.visitVarInsn(ILOAD, NEST);
      iconst(Compiled.MAX_NEST);
      mv.visitJumpInsn(IF_ICMPGE, viaVm);
      boolean self = op == Op.CALL && inlineK < 0 && p.kr[k] == p;
      Proto known = op == Op.CALL && inlineK < 0 && p.kr[k] instanceof Proto q ? q : null;
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
      spillRange(base, frameSlots); // its arguments: a native sees nothing below them
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
      reloadFrom(base);
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
        if (op < 0 || op >= INLINE_OK.length || !INLINE_OK[op]) {
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
        mv.visitVarInsn(ALOAD, LS);
        absSlot(r);
        mv.visitInsn(LALOAD);
        mv.visitVarInsn(LSTORE, local(r));
      }
    }
  }
}
