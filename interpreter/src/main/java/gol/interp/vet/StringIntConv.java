package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;

/**
 * go vet's stringintconv analyzer: {@code string(i)} of an integer that is not a rune or a byte
 * makes a one-rune string, not the digits ({@code conversion from int to string yields a string
 * of one rune, not a string of digits}).
 */
final class StringIntConv {
  private StringIntConv() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Call call && call.kind == Expr.Call.Kind.CONVERSION && call.args.size() == 1) {
        Type target = typeNamed(call.fun.unparen());
        Type source = untyped(call.args.get(0));
        if (source == null) {
          source = call.args.get(0).type;
        }
        if (target != null && source != null && isString(target) && isSuspectInt(source)) {
          pass.reportAt(call, "conversion from " + describe(source) + " to " + describe(target)
              + " yields a string of one rune, not a string of digits");
        }
      }
      return true;
    });
  }

  /**
   * The untyped type of a constant expression that is untyped in Go ({@code 65}, {@code c + 1}
   * with {@code const c = 1}), else null. go/types keeps an untyped integer constant's type as
   * the argument of a conversion to string, so go vet says "conversion from untyped int"; gol's
   * checker records the type it converts to.
   */
  static Type untyped(Expr e) {
    e = e.unparen();
    if (e instanceof Expr.BasicLit lit) {
      return switch (lit.kind) {
        case INT -> gol.interp.check.Universe.UNTYPED_INT;
        case CHAR -> gol.interp.check.Universe.UNTYPED_RUNE;
        default -> null;
      };
    }
    Obj o = e instanceof Expr.Ident id ? id.obj : e instanceof Expr.Selector s && s.selection == null ? s.sel.obj : null;
    if (o instanceof Obj.Const c) {
      return c.type instanceof Type.Basic b && b.name.startsWith("untyped ") ? c.type : null;
    }
    if (e instanceof Expr.Unary u && (u.op == gol.interp.ast.Tok.ADD || u.op == gol.interp.ast.Tok.SUB || u.op == gol.interp.ast.Tok.XOR)) {
      return untyped(u.x);
    }
    if (e instanceof Expr.Binary b && !b.op.isComparison() && b.op != gol.interp.ast.Tok.LAND && b.op != gol.interp.ast.Tok.LOR) {
      Type x = untyped(b.x);
      if (b.op.isShift()) {
        return x != null && untyped(b.y) != null ? x : null; // a constant shift keeps the left operand's kind
      }
      Type y = untyped(b.y);
      if (x == null || y == null) {
        return null;
      }
      return ((Type.Basic) x).kind == Type.Kind.UNTYPED_RUNE ? x : y; // the later kind: int < rune
    }
    return null;
  }

  /** The type a conversion's type name (T or pkg.T) denotes, else null. */
  private static Type typeNamed(Expr fun) {
    Obj o = fun instanceof Expr.Ident id ? id.obj : fun instanceof Expr.Selector s ? s.sel.obj : null;
    return o instanceof Obj.TypeName tn ? tn.type : null;
  }

  private static boolean isString(Type t) {
    return t.underlying() instanceof Type.Basic b && b.kind == Type.Kind.STRING;
  }

  /** An integer type other than rune (int32) and byte (uint8), and other than an untyped rune. */
  private static boolean isSuspectInt(Type t) {
    if (!(t.underlying() instanceof Type.Basic b) || !b.kind.isInteger()) {
      return false;
    }
    return b.kind != Type.Kind.INT32 && b.kind != Type.Kind.UINT8 && b.kind != Type.Kind.UNTYPED_RUNE;
  }

  /** The type's name, and its underlying type's in parentheses when they differ: {@code myInt (int)}. */
  private static String describe(Type t) {
    String name = name(t);
    String under = name(t.underlying());
    return under.isEmpty() || under.equals(name) ? name : name + " (" + under + ")";
  }

  private static String name(Type t) {
    if (t instanceof Type.Named n) {
      return n.obj.name;
    }
    if (t instanceof Type.Basic b) {
      return b.name;
    }
    return "";
  }
}
