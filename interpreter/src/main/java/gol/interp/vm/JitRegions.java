package gol.interp.vm;

import static gol.interp.vm.JitCompiler.*;
import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

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
 * and each iteration passes through the dispatcher. Regions run in slot mode: the registers are
 * in the frame's slots whenever control passes from one region to another, as when it passes to
 * the VM.
 */
final class JitRegions {
  private JitRegions() {
  }

  /** A region's way out to another: the target pc with this bit (pcs stay below it). */
  static final int CONTINUE = 1 << 30;
  /** Set in nest by the dispatcher once the first region run has pushed the frame. */
  static final int PUSHED = Integer.MIN_VALUE;

  /** How a region is translated: inlining small callees and entry copies, or neither. */
  private static final boolean[][] VARIANTS = {{true, true}, {false, false}};

  /** A translated range [lo, hi) and the variant that fits. */
  private record Region(int lo, int hi, int variant) {
  }

  /** The class file of p's translation by regions, or null if no region fits. */
  static byte[] translate(Proto p) {
    // where each instruction's code starts in a translation of the whole (too big, but its
    // labels measure the pieces), to plan regions that fit before translating them
    JitEmitter whole = emitter(p, 0, p.code.length, 0);
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
    String className = JitEmitter.classNameOf(p);
    ClassWriter cw = JitEmitter.newClass(className);
    for (int k = 0; k < regions.size(); k++) {
      Region r = regions.get(k);
      if (!emitter(p, r.lo, r.hi, r.variant).emitRun(cw, "r" + k)) {
        return null; // the same translation fitted a moment ago
      }
    }
    dispatcher(cw, className, regions);
    cw.visitEnd();
    int covered = 0;
    for (Region r : regions) {
      covered += r.hi - r.lo;
    }
    JitCompiler.lastVariant = regions.size() + " regions (slots, " + 100 * covered / p.code.length
        + "% of the code)";
    return cw.toByteArray();
  }

  private static JitEmitter emitter(Proto p, int lo, int hi, int variant) {
    JitEmitter e = new JitInstructions(p, VARIANTS[variant][0], false, VARIANTS[variant][1], false);
    e.region(lo, hi);
    return e;
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
      if (emitter(p, lo, hi, v).emitRun(new ClassWriter(ClassWriter.COMPUTE_MAXS), "r")) {
        out.add(new Region(lo, hi, v));
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
