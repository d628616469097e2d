package gol.interp.vm;

import gol.runtime.G;
import java.lang.invoke.MethodHandles;

/*
 * Translates one Proto's bytecode into a JVM class (a {@link Compiled}) whose run method does
 * what the interpreter would, instruction by instruction, with the operands as constants and
 * no dispatch: HotSpot then compiles it into straight-line machine code for the function.
 *
 * The translation keeps the VM's state where the interpreter keeps it: registers are the G's
 * stack slots (ls/rs at fp+r), calls push frames on the G's arrays, a fault records its pc in
 * framePc. So leaving the compiled code at any instruction is just returning that pc, and the
 * interpreter carries on from there (in register mode, after writing the frame's integer and
 * float slots back: see JitEmitter.regs). What is translated:
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
 * A translated method must stay under HotSpot's 8000-byte limit for compilation; a function
 * whose translation is bigger is cut between its loops into regions, each a method of its own
 * (JitRegions), and what still does not fit stays interpreted.
 *
 * This class chooses the translation's variant and loads the class; one translation is written
 * by a JitInstructions, whose layers are JitEmitter (state, prologue, registers, emitting
 * helpers), JitCalls (the call protocol and the ways out), JitOps (families of instructions) and
 * JitInstructions itself (one case per opcode).
 */
final class JitCompiler {
  private JitCompiler() {
  }

  /** HotSpot does not compile methods with more bytecode than this (HugeMethodLimit). */
  static final int MAX_METHOD_BYTES = 7999;

  static final String G_ = "gol/runtime/G";
  static final String SLOW = "gol/interp/vm/Slow";
  static final String SLICE = "gol/runtime/Slice";
  static final String STRUCT = "gol/runtime/Struct";
  static final String GOSTRING = "gol/runtime/GoString";
  static final String LCELL = "gol/runtime/LongCell";
  static final String RCELL = "gol/runtime/RefCell";
  static final String RTYPE = "gol/runtime/RType";
  static final String PROTO = "gol/interp/vm/Proto";
  static final String CLOSURE = "gol/interp/vm/Closure";
  static final String COMPILED = "gol/interp/vm/Compiled";
  static final String IFACE = "gol/runtime/Iface";
  static final String GOMAP = "gol/runtime/GoMap";
  static final String PANICS_DEFER = "gol/interp/vm/Panics$Defer";
  static final String EXT = "gol/interp/vm/Ext";
  static final String VALUES = "gol/runtime/Values";

  /** run's descriptor: (G g, int fp, int pc, int nest, Object[] cells) (see Compiled.run). */
  static final String RUN_DESC = "(Lgol/runtime/G;III[Ljava/lang/Object;)I";

  // JVM locals of run(G g, int fp, int pc, int nest, Object[] cells)
  static final int THIS = 0;
  static final int G = 1;
  static final int FP = 2;
  static final int PC = 3;
  static final int NEST = 4; // the argument; then how many compiled callers are below
  static final int CELLS_IN = 5;
  static final int LS = 6;
  static final int RS = 7;
  static final int CUR = 8; // the pc a fault is reported at
  static final int D = 9; // this frame's index in g's frame arrays
  static final int GL = 10;
  static final int GR = 11;
  static final int CELLS = 12;
  static final int TMP_I = 13;
  static final int TMP_A = 14;
  static final int TMP_J = 15; // two slots
  static final int TMP_K = 17; // two slots
  static final int CUR_INLINED = 19; // the callee's pc a fault in an inlined call is at
  static final int TMP_B = 20;
  static final int TMP_C = 21;
  static final int TRIPS = 22; // an outlined loop's iterations left before it leaves (JitRegions)
  static final int REGS = 23; // register r's L half: locals REGS+2r, REGS+2r+1 (register mode)

  /** Register mode keeps the L halves of at most this many slots in JVM locals. */
  static final int MAX_REG_SLOTS = 48;

  /** Callees up to this many code ints (about 40 instructions) may be inlined. */
  static final int MAX_INLINE_INTS = 160;

  /** Opcodes an inlined callee may contain (no calls, cells, loops, Ext ops or exits). */
  private static final boolean[] INLINE_OK = new boolean[Op.NAMES.length];

  static {
    int[] ok = {Op.NOP, Op.MOV_L, Op.MOV_R, Op.MOV, Op.LOADI, Op.LOADK_L, Op.LOADK_R, Op.NIL_R,
      Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I, Op.DIV_U, Op.REM_U, Op.AND, Op.OR, Op.XOR,
      Op.ANDNOT, Op.ADDI, Op.ANDI, Op.ORI, Op.XORI, Op.MULI, Op.DIVI, Op.REMI, Op.SHLI, Op.SHRI, Op.SHRUI, Op.NEG_I,
      Op.NOT_I, Op.NOT, Op.SHL, Op.SHR_I, Op.SHR_U, Op.WRAP, Op.ADD_F, Op.SUB_F, Op.MUL_F,
      Op.DIV_F, Op.NEG_F, Op.ADDF_FL, Op.SUBF_FL, Op.MULF_FL, Op.SQRT_F, Op.F32, Op.U2F, Op.F2U,
      Op.I2F, Op.F2I, Op.F2I32, Op.I2F32, Op.U2F32, Op.EQ_I, Op.NE_I, Op.LT_I, Op.LE_I, Op.LT_U, Op.LE_U, Op.EQ_F, Op.NE_F,
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

  private static final boolean REGIONS = JitSettings.REGIONS;

  private static final boolean OUTLINE = JitSettings.OUTLINE;

  /** GOLDEBUG=jittrace=2 also says where a region's register scan missed one (JitEmitter.touched). */
  static final boolean TRACE_UNTOUCHED = gol.runtime.Debug.value("jittrace", 0) >= 2;

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
    boolean frameless = Frameless.test(p);
    if (p.tooBig) { // hot again after its whole translation did not fit
      return frameless ? null : JitRegions.translate(p); // (tooBig is only set with regions on)
    }
    if (OUTLINE && !frameless && JitRegions.outlines(p)) {
      byte[] outlined = JitRegions.outline(p);
      if (outlined != null) {
        return outlined;
      }
    }
    byte[] bytes = null;
    // (a frameless function that makes no calls has its references in locals too: JitEmitter.rregs)
    boolean inLocals = hasLoop(p) ? p.deferReg < 0 : JitEmitter.refsInLocals(p, frameless);
    for (int variant = inLocals ? 0 : 4; variant < 8 && bytes == null; variant++) {
      JitEmitter gen = new JitInstructions(p, variant / 2 % 2 == 0, variant < 4, variant % 2 == 0, frameless);
      bytes = gen.generate();
      lastVariant = (gen.regs ? "registers" : "slots") + (gen.inlining ? ", inlining" : "")
          + (frameless ? ", frameless" : "") + (gen.rregs ? ", references in locals" : "")
          + (gen.copyLabels.isEmpty() ? "" : ", " + gen.copyLabels.size() + " entry copies");
      if (bytes == null && gen.copies && gen.copyLabels.isEmpty()) {
        variant++; // the same code without copies would not fit either
      }
    }
    if (bytes == null && !frameless && REGIONS) { // too big for one method: regions, once hot again
      p.tooBig = true;
    }
    return bytes;
  }

  /** -Dgol.jitdump=DIR (through GOL_JAVA_OPTS): each translation is written to DIR as a class file, for javap. */
  static final String DUMP_DIR = System.getProperty("gol.jitdump");
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

}
