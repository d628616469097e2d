package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Constant;
import gol.interp.types.Type;

/**
 * go vet's shift analyzer: a shift of a non-constant integer by a constant at least its width in
 * bits ({@code x (64 bits) too small for shift of 64}), in an expression or a {@code <<=}/{@code >>=}.
 */
final class Shift {
  private Shift() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Binary b && (b.op == Tok.SHL || b.op == Tok.SHR)) {
        check(pass, b, b.x, b.y);
      } else if (n instanceof Stmt.Assign a && a.lhs.size() == 1 && a.rhs.size() == 1
          && (a.op == Tok.SHL || a.op == Tok.SHR)) {
        check(pass, a, a.lhs.get(0), a.rhs.get(0));
      }
      return true;
    });
  }

  private static void check(Pass pass, Node node, Expr x, Expr y) {
    if (x.constValue != null || y.constValue == null || x.type == null) {
      return; // shifts of constants are bit-twiddling tricks (^uint(0) >> 63)
    }
    Long amt = intValue(y.constValue);
    int size = bits(x.type);
    if (amt == null || size == 0 || amt < size) {
      return;
    }
    String msg = GoSyntax.format(x) + " (" + size + " bits) too small for shift of " + amt;
    if (node instanceof Expr e) {
      pass.reportAt(e, msg);
    } else {
      pass.reportAt(x, msg);
    }
  }

  private static Long intValue(Constant c) {
    try {
      Constant.Int i = gol.interp.check.ConstOps.toInt(c);
      return i == null || i.value.bitLength() > 62 ? null : i.value.longValue();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The width of an integer type in bits; 0 for others. */
  private static int bits(Type t) {
    if (!(t.underlying() instanceof Type.Basic b)) {
      return 0;
    }
    switch (b.kind) {
      case INT8: case UINT8: return 8;
      case INT16: case UINT16: return 16;
      case INT32: case UINT32: return 32;
      case INT: case INT64: case UINT: case UINT64: case UINTPTR: return 64;
      default: return 0;
    }
  }
}
