package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The translation of a function too big to be one method HotSpot compiles (a script's long
 * main, encoding/json's decoder): its code is cut between loops into ranges, each range that
 * fits is translated as a method of its own (JitEmitter's region mode), and run dispatches:
 *
 * <pre>
 *   for (;;) {
 *     r = the method of the region holding pc (or return pc: the VM runs what is not translated)
 *     if r is a pc with CONTINUE: pc = r without it; a call from compiled code is now PUSHED
 *     else return r
 *   }
 * </pre>
 *
 * A cut is never inside a loop (nor between a loop and the jump that enters it at its
 * condition), so every loop is whole in one method and C2 compiles it as it would the whole
 * function's — unless the loop alone is too big: then its body is cut between its inner loops,
 * and each iteration passes through the dispatcher. The registers are in the frame's slots
 * whenever control passes from one region to another, as when it passes to the VM (a region in
 * register mode loads them as it starts and writes them back as it leaves).
 *
 * <p>A function that runs once (main, init) is translated by regions too, whatever its size,
 * so that its loops that call out are methods of their own (outline).
 */
final class JitRegions {
  private JitRegions() {
  }

  /** A region's way out to another: the target pc with this bit (pcs stay below it). */
  static final int CONTINUE = 1 << 30;
  /** Set in nest by the dispatcher once the first region run has pushed the frame. */
  static final int PUSHED = Integer.MIN_VALUE;

  /**
   * How a region is translated: {inlining small callees and entry copies, registers in locals},
   * the fastest first.
   */
  private static final boolean[][] VARIANTS = {{true, true}, {false, true}, {false, false}};

  /**
   * A translated range [lo, hi), the variant that fits, whether it is an outlined loop, and the
   * class file its translation was tried in (its method r goes into the function's class).
   */
  private record Region(int lo, int hi, int variant, boolean outlined, byte[] trial) {
  }

  /**
   * The class file of a class holding [lo, hi)'s translation in the given variant as method r,
   * or null when it does not fit in one method: a trial that fits is kept, and its method copied
   * into the function's class (classFile) rather than translated again.
   */
  private static byte[] trial(Proto p, int lo, int hi, int variant, boolean outlined) {
    ClassWriter cw = JitEmitter.newClass(JitEmitter.classNameOf(p));
    try {
      if (!emitter(p, lo, hi, variant, outlined).emitRun(cw, "r")) {
        return null;
      }
    } catch (JitEmitter.Untouched e) { // the scan missed a register: keep them all
      cw = JitEmitter.newClass(JitEmitter.classNameOf(p));
      JitEmitter all = emitter(p, lo, hi, variant, outlined);
      all.narrow = false;
      if (!all.emitRun(cw, "r")) {
        return null;
      }
      if (JitCompiler.TRACE_UNTOUCHED) {
        System.err.println("jit: " + p.name + " [" + lo + ", " + hi + "): " + e.getMessage());
      }
    }
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** Copies method r of a trial's class file into another class, as method {@code as}. */
  private static final class MethodCopy extends ClassVisitor {
    private final ClassVisitor into;
    private final String as;

    MethodCopy(ClassVisitor into, String as) {
      super(Opcodes.ASM9);
      this.into = into;
      this.as = as;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature,
        String[] exceptions) {
      return name.equals("r") ? into.visitMethod(access, as, desc, signature, exceptions) : null;
    }
  }

  /** The class file of p's translation by regions, or null if no region fits. */
  static byte[] translate(Proto p) {
    // where each instruction's code starts in a translation of the whole (too big, but its
    // labels measure the pieces), to plan regions that fit before translating them
    JitEmitter whole = emitter(p, 0, p.code.length, 0);
    whole.narrow = false;
    whole.emitRun(new ClassWriter(ClassWriter.COMPUTE_MAXS), "r");
    int[] offset = new int[p.code.length + 1];
    for (int pc = 0; pc < p.code.length; pc += Op.size(p.code[pc])) {
      offset[pc] = whole.at[pc].getOffset();
    }
    offset[p.code.length] = whole.size;
    List<Region> regions = new ArrayList<>();
    plan(p, cuts(p), offset, regions);
    if (regions.isEmpty()) {
      return null;
    }
    return classFile(p, regions);
  }

  /** The class of p's translation as regions, with their dispatcher (run). */
  private static byte[] classFile(Proto p, List<Region> regions) {
    String className = JitEmitter.classNameOf(p);
    ClassWriter cw = JitEmitter.newClass(className);
    int covered = 0;
    int outlined = 0;
    boolean regs = false;
    for (int k = 0; k < regions.size(); k++) {
      Region r = regions.get(k);
      new ClassReader(r.trial).accept(new MethodCopy(cw, "r" + k), 0);
      covered += r.hi - r.lo;
      outlined += r.outlined ? 1 : 0;
      regs |= VARIANTS[r.variant][1];
    }
    dispatcher(cw, className, regions);
    cw.visitEnd();
    JitCompiler.lastVariant = regions.size() + " regions (" + (regs && p.deferReg < 0 ? "registers" : "slots")
        + (outlined > 0 ? ", " + outlined + " outlined loops" : "") + ", "
        + 100 * covered / p.code.length + "% of the code)";
    return cw.toByteArray();
  }

  private static JitEmitter emitter(Proto p, int lo, int hi, int variant) {
    return emitter(p, lo, hi, variant, false);
  }

  private static JitEmitter emitter(Proto p, int lo, int hi, int variant, boolean outlined) {
    boolean fast = VARIANTS[variant][0];
    boolean regs = VARIANTS[variant][1] && p.deferReg < 0 // a recovered panic resumes from the slots
        && !(outlined && callHeavy(p, lo, hi));
    JitEmitter e = new JitInstructions(p, fast, regs, fast, false);
    e.region(lo, hi);
    e.outlined = outlined;
    return e;
  }

  /** An outlined loop with this many calls of Java code or more is translated in slot mode. */
  static final int CALL_HEAVY = 6;

  /**
   * Whether the loop [lo, hi) is mostly calls (CALL_HEAVY of them: gol calls not inlined, natives,
   * boxings, varargs, concatenations, map operations, appends), which register mode gains little
   * on — each writes back and reloads the registers it reads — and makes slow to compile: C2's
   * register allocator spends its time on the values live across the calls. bench/sprintf's loop
   * (a call of fmt.Sprintf, six boxings, a varargs slice) took C2 0.12-0.14 s in register mode
   * and was not compiled by the end of the 0.3 s run; a loop that computes and calls now and
   * then keeps its registers (slot mode cost one such 28%).
   */
  static boolean callHeavy(Proto p, int lo, int hi) {
    int[] code = p.code;
    int calls = 0;
    for (int pc = lo; pc < hi; pc += Op.size(code[pc])) {
      switch (code[pc]) {
        case Op.CALL -> calls += p.kr[code[pc + 1]] instanceof Proto q && JitCalls.inlinable(q, p) ? 0 : 1;
        case Op.CALLC, Op.CALLN, Op.BOX, Op.VARARGS, Op.VARARGS_L, Op.CONCAT, Op.CONCATN, Op.APPEND,
            Op.APPENDSL, Op.MAPGET, Op.MAPGET2, Op.MAPGET_CAT, Op.MAPSET, Op.IMETH -> calls++;
        default -> { }
      }
    }
    return calls >= CALL_HEAVY;
  }

  /**
   * Whether p's translation outlines its loops (outline): it runs once, or it got hot by its
   * loops while called at most twice (Proto.loopHot). JitCache keys translations by it.
   */
  static boolean outlines(Proto p) {
    return runsOnce(p) || p.loopHot;
  }

  /**
   * Whether p runs once (main.main, a package's initialiser), so that its loops get hot by
   * their back edges alone: see outline.
   */
  static boolean runsOnce(Proto p) {
    String n = p.name;
    if (n.equals("main.main") || n.endsWith(".init")) {
      return true;
    }
    int dot = n.lastIndexOf('.'); // pkg.init.N
    if (dot < 0 || dot == n.length() - 1 || !n.startsWith(".init", dot - 5)) {
      return false;
    }
    for (int i = dot + 1; i < n.length(); i++) {
      if (n.charAt(i) < '0' || n.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * The translation of p, a function run once, with each loop that calls out (or does anything
   * but a leaf callee's arithmetic, loads and stores) outlined: translated as a region of its
   * own whose back edge returns to the dispatcher every TRIPS_PER_CALL-th time round, so that
   * the region's method is called often (JitEmitter.outlined); null when p has no such loop.
   *
   * <p>Why: HotSpot compiles a method that is called often after a few hundred calls, but a loop
   * in a method called once only when its back edges reach the OSR threshold (Tier3BackEdge-
   * Threshold, 60,000 times the launcher's scaling): until then a script's main loop runs in
   * HotSpot's bytecode interpreter (bench/sprintf: a third of its samples, docs/jit.md), and each
   * loop's OSR compile is a compile of the whole of main. An outlined body is compiled as a method
   * after some hundreds of iterations, by itself. Loops that only compute stay whole: there the
   * dispatcher's round trip would cost more than the warm-up it saves.
   */
  static byte[] outline(Proto p) {
    List<int[]> loops = heavyLoops(p);
    if (loops.isEmpty()) {
      return null;
    }
    List<Region> regions = new ArrayList<>();
    int at = 0;
    for (int[] loop : loops) {
      pieces(p, at, loop[0], regions);
      outlineLoop(p, loop[0], loop[1], regions);
      at = loop[1];
    }
    pieces(p, at, p.code.length, regions);
    return classFile(p, regions);
  }

  /** The loop [head, end) as an outlined region (or cut between its inner loops if too big). */
  private static void outlineLoop(Proto p, int head, int end, List<Region> out) {
    for (int v = 0; v < VARIANTS.length; v++) {
      byte[] t = trial(p, head, end, v, true);
      if (t != null) {
        out.add(new Region(head, end, v, true, t));
        return;
      }
    }
    List<Integer> inner = cuts(p, head, end); // too big: its body cut between inner loops
    if (inner.size() > 2) {
      place(p, inner, 0, inner.size() - 1, out);
    }
  }

  /** Regions for the code in [lo, hi), which holds no outlined loop. */
  private static void pieces(Proto p, int lo, int hi, List<Region> out) {
    if (lo >= hi) {
      return;
    }
    List<Integer> c = cuts(p, lo, hi);
    place(p, c, 0, c.size() - 1, out);
  }

  /**
   * The outermost loops of p that do more than a leaf callee's instructions (calls,
   * maps, channels, Ext ops): the spans [head, end) of their backward jumps, merged where
   * they overlap, in pc order.
   */
  static List<int[]> heavyLoops(Proto p) {
    int[] code = p.code;
    List<int[]> loops = new ArrayList<>(); // disjoint, in pc order
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int j = jump(code, pc);
      if (j < 0 || j > pc) {
        continue;
      }
      int[] s = {j, pc + Op.size(code[pc])}; // it ends after every span found before it
      while (!loops.isEmpty() && loops.get(loops.size() - 1)[1] > s[0]) {
        s[0] = Math.min(s[0], loops.remove(loops.size() - 1)[0]);
      }
      loops.add(s);
    }
    List<int[]> heavy = new ArrayList<>();
    for (int[] l : loops) {
      if (heavy(p, l[0], l[1])) {
        heavy.add(l);
      }
    }
    return heavy;
  }

  /** Whether [lo, hi) holds an instruction a leaf callee could not (JitCompiler.isLeafOp). */
  private static boolean heavy(Proto p, int lo, int hi) {
    int[] code = p.code;
    for (int pc = lo; pc < hi; pc += Op.size(code[pc])) {
      if (!JitCompiler.isLeafOp(code[pc])) {
        return true;
      }
    }
    return false;
  }

  /** What a region's own code (prologue, entry switch, ways out) leaves for its instructions. */
  private static final int BUDGET = 6000;

  /**
   * Regions for the pieces between cuts: as many consecutive pieces as the measured offsets say
   * fit, each such run then checked by translating it (place); a piece too big by itself is cut
   * inside (its loop's body).
   */
  private static void plan(Proto p, List<Integer> cuts, int[] offset, List<Region> out) {
    int i = 0;
    while (i < cuts.size() - 1) {
      int j = i + 1;
      while (j + 1 < cuts.size() && offset[cuts.get(j + 1)] - offset[cuts.get(i)] <= BUDGET) {
        j++;
      }
      if (j == i + 1 && offset[cuts.get(j)] - offset[cuts.get(i)] > BUDGET) {
        List<Integer> inner = cuts(p, cuts.get(i), cuts.get(j));
        if (inner.size() > 2) {
          plan(p, inner, offset, out);
        }
      } else {
        place(p, cuts, i, j, out);
      }
      i = j;
    }
  }

  /**
   * Finds regions for cuts[a..b] (their pcs): the whole range if it fits, else its halves;
   * a single piece that does not fit stays with the VM.
   */
  private static void place(Proto p, List<Integer> cuts, int a, int b, List<Region> out) {
    int lo = cuts.get(a);
    int hi = cuts.get(b);
    for (int v = 0; v < VARIANTS.length; v++) {
      byte[] t = trial(p, lo, hi, v, false);
      if (t != null) {
        out.add(new Region(lo, hi, v, false, t));
        return;
      }
    }
    if (b - a > 1) {
      int mid = (a + b) / 2;
      place(p, cuts, a, mid, out);
      place(p, cuts, mid, b, out);
      return;
    }
    List<Integer> inner = cuts(p, lo, hi); // one loop too big: cut its body between inner loops
    if (inner.size() > 2) {
      place(p, inner, 0, inner.size() - 1, out);
    }
  }

  /**
   * The pcs a region may start or end at, ascending, ending with code.length: every
   * instruction's but those inside a loop — a backward jump's span, widened to take in a
   * forward jump from before it to inside it (a for loop's jump to its condition).
   */
  static List<Integer> cuts(Proto p) {
    return cuts(p, 0, p.code.length);
  }

  /**
   * cuts within [lo, hi): the pcs there that no loop inside [lo, hi) holds (a loop spanning all
   * of it does not count: its body is cut, its back edge then passing between regions).
   */
  static List<Integer> cuts(Proto p, int lo, int hi) {
    int[] code = p.code;
    List<int[]> spans = new ArrayList<>();
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int j = jump(code, pc);
      if (j >= 0 && j <= pc) {
        spans.add(new int[] {j, pc + Op.size(code[pc])});
      }
    }
    boolean widened = true;
    while (widened) {
      widened = false;
      for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
        for (int t : targets(p, pc)) {
          for (int[] s : spans) {
            if (t > s[0] && t < s[1] && pc < s[0]) {
              s[0] = pc;
              widened = true;
            }
          }
        }
      }
    }
    boolean[] inside = new boolean[code.length + 1];
    for (int[] s : spans) {
      if (s[0] >= lo && s[1] <= hi && (s[0] > lo || s[1] < hi)) {
        for (int q = s[0] + 1; q < s[1]; q++) {
          inside[q] = true;
        }
      }
    }
    List<Integer> cuts = new ArrayList<>();
    for (int pc = lo; pc < hi; pc += Op.size(code[pc])) {
      if (!inside[pc]) {
        cuts.add(pc);
      }
    }
    cuts.add(hi);
    return cuts;
  }

  /**
   * The pcs in [lo, hi) that an instruction outside it jumps to: a region's entries besides
   * its first pc and the function's own (JitEmitter.entrySwitch).
   */
  static TreeSet<Integer> entriesFromOutside(Proto p, int lo, int hi) {
    TreeSet<Integer> entries = new TreeSet<>();
    int[] code = p.code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (pc >= lo && pc < hi) {
        continue;
      }
      for (int t : targets(p, pc)) {
        if (t >= lo && t < hi) {
          entries.add(t);
        }
      }
    }
    return entries;
  }

  /** The jump operand of the instruction at pc, or -1. */
  private static int jump(int[] code, int pc) {
    int i = Op.FORMAT[code[pc]].indexOf('j');
    return i < 0 ? -1 : code[pc + 1 + i];
  }

  /** Every pc the instruction at pc may jump to (a string switch's cases too). */
  private static int[] targets(Proto p, int pc) {
    int[] code = p.code;
    if (code[pc] == Op.SWITCH_S) {
      return ((StrSwitch) p.kr[code[pc + 2]]).targets;
    }
    int j = jump(code, pc);
    return j < 0 ? new int[0] : new int[] {j};
  }

  /** run: the loop of the class comment, over the regions in pc order. */
  private static void dispatcher(ClassWriter cw, String className, List<Region> regions) {
    final int pcVar = PC;
    final int nestVar = NEST;
    final int r = CELLS_IN + 1;
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_FINAL, "run", RUN_DESC, null, null);
    mv.visitCode();
    Label loop = new Label();
    Label check = new Label();
    Label toVm = new Label();
    mv.visitLabel(loop);
    for (int k = 0; k < regions.size(); k++) {
      Region reg = regions.get(k);
      Label next = new Label();
      mv.visitVarInsn(ILOAD, pcVar);
      mv.visitLdcInsn(reg.hi);
      mv.visitJumpInsn(IF_ICMPGE, next);
      mv.visitVarInsn(ILOAD, pcVar);
      mv.visitLdcInsn(reg.lo);
      mv.visitJumpInsn(IF_ICMPLT, toVm);
      mv.visitVarInsn(ALOAD, THIS);
      mv.visitVarInsn(ALOAD, G);
      mv.visitVarInsn(ILOAD, FP);
      mv.visitVarInsn(ILOAD, pcVar);
      mv.visitVarInsn(ILOAD, nestVar);
      mv.visitVarInsn(ALOAD, CELLS_IN);
      mv.visitMethodInsn(INVOKEVIRTUAL, className, "r" + k, RUN_DESC, false);
      mv.visitVarInsn(ISTORE, r);
      mv.visitJumpInsn(GOTO, check);
      mv.visitLabel(next);
    }
    mv.visitLabel(toVm); // not translated: the VM runs it
    mv.visitVarInsn(ILOAD, pcVar);
    mv.visitInsn(IRETURN);
    Label done = new Label();
    mv.visitLabel(check);
    mv.visitVarInsn(ILOAD, r);
    mv.visitJumpInsn(IFLT, done); // a status
    mv.visitVarInsn(ILOAD, r);
    mv.visitLdcInsn(CONTINUE);
    mv.visitInsn(IAND);
    mv.visitJumpInsn(IFEQ, done); // a pc for the VM
    mv.visitVarInsn(ILOAD, r);
    mv.visitLdcInsn(~CONTINUE);
    mv.visitInsn(IAND);
    mv.visitVarInsn(ISTORE, pcVar);
    mv.visitVarInsn(ILOAD, nestVar);
    mv.visitJumpInsn(IFEQ, loop); // the VM called: the frame was always its own
    mv.visitVarInsn(ILOAD, nestVar);
    mv.visitLdcInsn(PUSHED);
    mv.visitInsn(IOR);
    mv.visitVarInsn(ISTORE, nestVar);
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(done);
    mv.visitVarInsn(ILOAD, r);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }
}
