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
 * the others, in order. (Within one operand gol still goes left to right: {@code x + f()} reads x
 * first, where gc calls f first; see docs/language.md.)
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
    if (e instanceof Expr.Call c) {
      if (c.kind == Expr.Call.Kind.CALL) {
        return true;
      }
      if (c.kind == Expr.Call.Kind.BUILTIN && ((Expr.Ident) c.fun.unparen()).obj instanceof Obj.Builtin b
          && early(b.id)) {
        return true;
      }
      if (c.kind == Expr.Call.Kind.CONVERSION && c.type != null && c.type.underlying() instanceof Type.Slice) {
        return true; // []byte(s), []rune(s)
      }
      return any(c.args); // another conversion: its operand
    }
    if (e instanceof Expr.TupleElem) {
      return true;
    }
    if (e instanceof Expr.Unary u) {
      return u.op == Tok.ARROW || hasCall(u.x);
    }
    if (e instanceof Expr.Binary b) {
      // x && y, x || y: gc evaluates the whole operand early (into a temporary)
      return b.op == Tok.LAND || b.op == Tok.LOR || hasCall(b.x) || hasCall(b.y);
    }
    if (e instanceof Expr.Paren p) {
      return hasCall(p.x);
    }
    if (e instanceof Expr.Selector s) {
      return hasCall(s.x);
    }
    if (e instanceof Expr.Index ix) {
      return hasCall(ix.x) || hasCall(ix.index);
    }
    if (e instanceof Expr.SliceExpr) {
      return true; // gc slices early, as it calls
    }
    if (e instanceof Expr.TypeAssert t) {
      return true; // (to a pointer-shaped type gc asserts late; the difference cannot be seen)
    }
    if (e instanceof Expr.Star s) {
      return hasCall(s.x);
    }
    if (e instanceof Expr.CompositeLit lit) {
      for (Expr.Element el : lit.elts) {
        if (hasCall(el.key) || hasCall(el.value)) {
          return true;
        }
      }
      return false;
    }
    return false; // names, literals, function literals, types
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

  private static boolean any(List<Expr> es) {
    for (Expr e : es) {
      if (hasCall(e)) {
        return true;
      }
    }
    return false;
  }
}
