package gol.interp.check;

import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;

/** The result of checking an expression (go/types' operand): its mode, type and constant value. */
final class Operand {
  enum Mode {
    INVALID("invalid operand"), NOVALUE("no value"), BUILTIN("built-in"), TYPEXPR("type"),
    CONSTANT("constant"), VARIABLE("variable"), MAPINDEX("map index expression"), VALUE("value"),
    COMMAOK("comma, ok expression");

    final String text;

    Mode(String text) {
      this.text = text;
    }
  }

  Mode mode = Mode.INVALID;
  Type type = Universe.INVALID;
  Constant val;
  Expr expr;
  /** For BUILTIN: which one. */
  Obj.Builtin builtin;
  /** A generic function not yet (fully) instantiated, and the type arguments given so far. */
  Obj.Func generic;
  java.util.List<Type> typeArgs;

  Operand() {
  }

  Operand(Mode mode, Type type, Constant val, Expr expr) {
    this.mode = mode;
    this.type = type;
    this.val = val;
    this.expr = expr;
  }

  Operand copy() {
    Operand o = new Operand(mode, type, val, expr);
    o.builtin = builtin;
    return o;
  }

  boolean invalid() {
    return mode == Mode.INVALID;
  }

  void setInvalid() {
    mode = Mode.INVALID;
    type = Universe.INVALID;
    val = null;
  }

  boolean isNil() {
    return mode == Mode.VALUE && Types.isNil(type);
  }

  boolean isConst() {
    return mode == Mode.CONSTANT;
  }

  /** A value that can be used in an expression (not a type, builtin or no-value call). */
  boolean isValue() {
    return mode == Mode.CONSTANT || mode == Mode.VARIABLE || mode == Mode.MAPINDEX || mode == Mode.VALUE
        || mode == Mode.COMMAOK;
  }

  /**
   * As gc prints an operand: {@code x (variable of type int)}, {@code 1.5 (untyped float constant)},
   * {@code c (untyped int constant 5)}, {@code f() (no value)}, {@code nil}.
   */
  @Override
  public String toString() {
    if (mode == Mode.VALUE && Types.isNil(type)) {
      return "nil";
    }
    String e = expr == null ? "" : AstString.expr(expr);
    StringBuilder b = new StringBuilder(e);
    b.append(" (");
    boolean hasType = false;
    switch (mode) {
      case INVALID: case NOVALUE: case BUILTIN: case TYPEXPR:
        break;
      default:
        if (type != null) {
          if (Types.isUntyped(type)) {
            b.append(((Type.Basic) type).name).append(' ');
          } else {
            hasType = true;
          }
        }
    }
    b.append(mode.text);
    if (mode == Mode.CONSTANT && val != null) {
      String v = ConstOps.toString(val);
      if (!v.equals(e)) {
        b.append(' ').append(v);
      }
    }
    if (hasType) {
      if (Types.isInvalid(type)) {
        b.append(" with invalid type");
      } else {
        b.append(" of type ").append(type);
        if (type instanceof Type.TypeParam tp && tp.constraint != null) {
          b.append(" constrained by ").append(tp.constraint);
        }
      }
    }
    return b.append(')').toString();
  }
}
