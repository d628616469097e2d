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
        Type source = call.args.get(0).type;
        if (target != null && source != null && isString(target) && isSuspectInt(source)) {
          pass.reportAt(call, "conversion from " + describe(source) + " to " + describe(target)
              + " yields a string of one rune, not a string of digits");
        }
      }
      return true;
    });
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
