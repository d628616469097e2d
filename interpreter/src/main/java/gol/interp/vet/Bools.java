package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Tok;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * go vet's bools analyzer: in a chain of {@code ||} (or {@code &&}), the same operand twice
 * ({@code redundant or: x == a || x == a}), or {@code x != c1 || x != c2} (always true) and
 * {@code x == c1 && x == c2} (always false) for constants c1 and c2. A call or receive splits
 * the chain: only side-effect-free runs of operands are compared.
 */
final class Bools {
  private Bools() {
  }

  static void run(Pass pass) {
    Map<Expr, Boolean> seen = new IdentityHashMap<>();
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Binary e && (e.op == Tok.LOR || e.op == Tok.LAND) && !seen.containsKey(e)) {
        Tok badEq = e.op == Tok.LOR ? Tok.NEQ : Tok.EQL;
        String name = e.op == Tok.LOR ? "or" : "and";
        for (List<Expr> set : commutativeSets(e, seen)) {
          checkRedundant(pass, set, name, e.op);
          checkSuspect(pass, set, name, e.op, badEq);
        }
      }
      return true;
    });
  }

  /** The operands joined by e's operator, last first, cut into runs without side effects. */
  private static List<List<Expr>> commutativeSets(Expr.Binary e, Map<Expr, Boolean> seen) {
    List<Expr> exprs = new ArrayList<>();
    split(e, e.op, seen, exprs);
    List<List<Expr>> sets = new ArrayList<>();
    int i = 0;
    for (int j = 0; j <= exprs.size(); j++) {
      if (j == exprs.size() || SideEffects.any(exprs.get(j))) {
        if (i < j) {
          sets.add(exprs.subList(i, j));
        }
        i = j + 1;
      }
    }
    return sets;
  }

  /** go vet's split: for {@code a || (b || c) || d} the list d, c, b, a. */
  private static void split(Expr e, Tok op, Map<Expr, Boolean> seen, List<Expr> out) {
    while (true) {
      e = e.unparen();
      if (e instanceof Expr.Binary b && b.op == op) {
        seen.put(b, true);
        split(b.y, op, seen, out);
        e = b.x;
      } else {
        out.add(e);
        return;
      }
    }
  }

  private static void checkRedundant(Pass pass, List<Expr> exprs, String name, Tok op) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Expr e : exprs) {
      String f = GoSyntax.format(e);
      if (!seen.add(f)) {
        pass.reportAt(e, "redundant " + name + ": " + f + " " + op.text + " " + f);
      }
    }
  }

  private static void checkSuspect(Pass pass, List<Expr> exprs, String name, Tok op, Tok badEq) {
    Map<String, String> seen = new HashMap<>();
    for (Expr e : exprs) {
      if (!(e instanceof Expr.Binary bin) || bin.op != badEq) {
        continue;
      }
      Expr x;
      if (bin.y.constValue != null) {
        x = bin.x;
      } else if (bin.x.constValue != null) {
        x = bin.y;
      } else {
        continue;
      }
      String xf = GoSyntax.format(x);
      String ef = GoSyntax.format(e);
      String prev = seen.get(xf);
      if (prev == null) {
        seen.put(xf, ef);
      } else if (!ef.equals(prev)) {
        pass.reportAt(e, "suspect " + name + ": " + ef + " " + op.text + " " + prev);
      }
    }
  }
}
