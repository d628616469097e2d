package gol.interp.compile;

import gol.interp.ast.Expr;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.List;

/**
 * gc's order of evaluation among the operands of one list (a call's arguments). The spec fixes
 * the order of calls, method calls and receives among themselves (left to right) and leaves open
 * when the other operands are read; gc runs the statement's calls first — and with them the
 * builtins len, cap, append, make, new, min, max, ..., slice expressions, type assertions,
 * receives and whole && / || operands — copying their results into temporaries, and reads
 * variables, fields, index expressions, map entries and arithmetic on them afterwards. So {@code
 * fmt.Println(x, f())} prints the x that f stored, and {@code fmt.Println(len(s), push())} the
 * length before. gol evaluates the operands that hold such an early part first, in order, then
 * the others, in order; inside a binary operation with calls on both sides, ExprCompiler.hoistCalls
 * evaluates the early parts of both before the reads between them.
 */
final class CallsFirst {
  private CallsFirst() {
  }

  /**
   * The order to evaluate es in: the indices of the operands with a call first, then the rest;
   * null when that is the written order (no operand that reads something comes before a call).
   */
  static int[] order(List<Expr> es, int from, int to) {
    boolean[] early = new boolean[to - from];
    boolean reads = false;
    boolean readBeforeCall = false;
    for (int i = from; i < to; i++) {
      Expr e = es.get(i);
      early[i - from] = hasCall(e);
      if (early[i - from]) {
        readBeforeCall |= reads;
      } else if (e.constValue == null && !e.isType) {
        reads = true;
      }
    }
    if (!readBeforeCall) {
      return null;
    }
    int[] order = new int[to - from];
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (int i = from; i < to; i++) {
        if (early[i - from] == (pass == 0)) {
          order[n++] = i;
        }
      }
    }
    return order;
  }

  /**
   * Whether gc evaluates e, or a part of it, with the calls: a call, an early builtin, a slice
   * expression, a type assertion, a receive, && or || (a function literal's body does not count).
   * StmtCompiler.mayCall asks another question: whether an operand may have effects a sibling
   * sees (for {@code x op= y}).
   */
  static boolean hasCall(Expr e) {
    if (e == null || e.constValue != null || e.isType) {
      return false;
    }
    if (e.holdsCall != 0) { // asked at every level of a + b + c + ...: remembered
      return e.holdsCall == 2;
    }
    boolean has = isEarly(e);
    for (Expr x : has ? List.<Expr>of() : operands(e)) {
      if (hasCall(x)) {
        has = true;
        break;
      }
    }
    e.holdsCall = (byte) (has ? 2 : 1);
    return has;
  }

  /**
   * Adds to out, in evaluation order, the largest parts of e that gc evaluates with the calls
   * (those hasCall finds); what lies between them is read afterwards.
   */
  static void earlyParts(Expr e, List<Expr> out) {
    if (e == null || e.constValue != null || e.isType) {
      return;
    }
    if (isEarly(e)) {
      out.add(e);
      return;
    }
    for (Expr x : operands(e)) {
      earlyParts(x, out);
    }
  }

  /** Whether gc evaluates e itself with the calls (then its operands are evaluated with it). */
  private static boolean isEarly(Expr e) {
    if (e instanceof Expr.Call c) {
      if (c.kind == Expr.Call.Kind.CALL) {
        return true;
      }
      if (c.kind == Expr.Call.Kind.BUILTIN && ((Expr.Ident) c.fun.unparen()).obj instanceof Obj.Builtin b) {
        return early(b.id);
      }
      // []byte(s), []rune(s); another conversion is read with its operand
      return c.kind == Expr.Call.Kind.CONVERSION && c.type != null && c.type.underlying() instanceof Type.Slice;
    }
    if (e instanceof Expr.Unary u) {
      return u.op == Tok.ARROW;
    }
    if (e instanceof Expr.Binary b) {
      return b.op == Tok.LAND || b.op == Tok.LOR; // gc evaluates the whole operand into a temporary
    }
    if (e instanceof Expr.CompositeLit lit && lit.type != null && lit.type.underlying() instanceof Type.Map) {
      // gc builds a map literal with entries to compute at its turn, an assignment per entry
      for (Expr.Element el : lit.elts) {
        if (el.key.constValue == null || el.value.constValue == null) {
          return true;
        }
      }
      return false;
    }
    // gc slices early, as it calls; a type assertion to a pointer-shaped type it asserts late,
    // which cannot be seen
    return e instanceof Expr.TupleElem || e instanceof Expr.SliceExpr || e instanceof Expr.TypeAssert;
  }

  /**
   * The operands of e that are evaluated with it, in order, for an e that is not early (names,
   * literals and function literals have none).
   */
  private static List<Expr> operands(Expr e) {
    if (e instanceof Expr.Call c) {
      return c.args; // a conversion, or a builtin gc evaluates late
    }
    if (e instanceof Expr.Unary u) {
      return List.of(u.x);
    }
    if (e instanceof Expr.Binary b) {
      return List.of(b.x, b.y);
    }
    if (e instanceof Expr.Paren p) {
      return List.of(p.x);
    }
    if (e instanceof Expr.Selector s) {
      return List.of(s.x);
    }
    if (e instanceof Expr.Index ix) {
      return List.of(ix.x, ix.index);
    }
    if (e instanceof Expr.Star s) {
      return List.of(s.x);
    }
    if (e instanceof Expr.CompositeLit lit) {
      List<Expr> parts = new java.util.ArrayList<>();
      for (Expr.Element el : lit.elts) {
        if (el.key != null) {
          parts.add(el.key);
        }
        parts.add(el.value);
      }
      return parts;
    }
    return List.of();
  }

  /** Whether gc evaluates builtin id with the calls (its order pass copies the result). */
  private static boolean early(Obj.Builtin.Id id) {
    switch (id) {
      case APPEND, CAP, COMPLEX, COPY, IMAG, LEN, MAKE, MAX, MIN, NEW, REAL, RECOVER:
        return true;
      default:
        return false;
    }
  }

}
