package gol.interp.vm;

import gol.runtime.GoString;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a Proto's code from the opcode table alone ({@link Op#NAMES}, {@link Op#FORMAT}): there is
 * no second per-opcode switch to keep in step (clox's debug.c). One line per instruction:
 *
 * <pre>
 *      pc  line  NAME       operands
 *       0     3  LOADI      r0 5
 *       3     4  JLT_I      r0 r1 -&gt;12
 *       7     4  CALL       k1(main.fib) r2
 * </pre>
 *
 * Registers print as {@code rN} (absent optional registers as {@code -}), constants as
 * {@code kN(value)}, jump targets as {@code ->pc}, immediates and counts as numbers.
 */
public final class Disassembler {
  private Disassembler() {
  }

  /** {@code p} and, after it, every function it refers to through its constant pool. */
  public static String disassembleAll(Proto p) {
    StringBuilder sb = new StringBuilder();
    Map<Proto, Boolean> seen = new IdentityHashMap<>();
    List<Proto> work = new ArrayList<>();
    work.add(p);
    seen.put(p, true);
    for (int i = 0; i < work.size(); i++) {
      Proto q = work.get(i);
      if (i > 0) {
        sb.append('\n');
      }
      sb.append(disassemble(q));
      for (Object o : q.kr == null ? new Object[0] : q.kr) {
        Proto r = o instanceof Proto x ? x : o instanceof Closure c ? c.proto : null;
        if (r != null && r.code != null && seen.put(r, true) == null) {
          work.add(r);
        }
      }
    }
    return sb.toString();
  }

  /** One function: a header line, then its instructions. */
  public static String disassemble(Proto p) {
    StringBuilder sb = new StringBuilder();
    sb.append("func ").append(p.name).append("  ").append(p.file).append(':').append(p.line)
        .append("  params=").append(p.numParams).append(" results=").append(p.numResults)
        .append(" frame=").append(p.frameSize).append('\n');
    int[] code = p.code;
    for (int pc = 0; code != null && pc < code.length; ) {
      sb.append(instruction(p, pc)).append('\n');
      int op = code[pc];
      pc += op >= 0 && op < Op.FORMAT.length ? Op.size(op) : 1;
    }
    return sb.toString();
  }

  /** The instruction at {@code pc}, formatted as one line (no newline). */
  public static String instruction(Proto p, int pc) {
    int op = p.code[pc];
    if (op < 0 || op >= Op.NAMES.length) {
      return String.format("%6d %5d  ??? %d", pc, p.lineAt(pc), op);
    }
    StringBuilder sb = new StringBuilder(String.format("%6d %5d  %-10s", pc, p.lineAt(pc), Op.NAMES[op]));
    String f = Op.FORMAT[op];
    for (int i = 0; i < f.length(); i++) {
      int x = pc + 1 + i < p.code.length ? p.code[pc + 1 + i] : 0;
      sb.append(' ').append(operand(p, op, f.charAt(i), x));
    }
    return sb.toString().stripTrailing();
  }

  private static String operand(Proto p, int op, char kind, int x) {
    switch (kind) {
      case 'a':
      case 'b':
      case 'c':
      case 'd':
      case 'e':
        return x < 0 ? "-" : "r" + x;
      case 'j':
        return "->" + x;
      case 'k':
        return "k" + x + "(" + constant(p, op, x) + ")";
      default:
        return Integer.toString(x);
    }
  }

  private static String constant(Proto p, int op, int k) {
    if (op == Op.LOADK_L) {
      return p.kl != null && k >= 0 && k < p.kl.length ? Long.toString(p.kl[k]) : "?";
    }
    if (p.kr == null || k < 0 || k >= p.kr.length) {
      return "?";
    }
    Object o = p.kr[k];
    if (o instanceof GoString s) {
      String t = s.toString();
      return '"' + (t.length() > 40 ? t.substring(0, 40) + "..." : t).replace("\n", "\\n") + '"';
    }
    if (o instanceof Proto q) {
      return q.name;
    }
    if (o instanceof Closure c) {
      return c.proto.name;
    }
    if (o instanceof gol.runtime.Native) {
      return "native";
    }
    return o == null ? "nil" : o.toString();
  }
}
