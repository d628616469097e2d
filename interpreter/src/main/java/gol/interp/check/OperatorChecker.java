package gol.interp.check;

import static gol.interp.check.Operand.Mode.COMMAOK;
import static gol.interp.check.Operand.Mode.CONSTANT;
import static gol.interp.check.Operand.Mode.INVALID;
import static gol.interp.check.Operand.Mode.MAPINDEX;
import static gol.interp.check.Operand.Mode.VALUE;
import static gol.interp.check.Operand.Mode.VARIABLE;
import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.types.Type.Kind;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Operators and values: unary and binary expressions (shifts, comparisons, untyped
 * conversions and overflow), assignability, and composite literals. A layer of the checker
 * (see {@link ExprChecker}) between the operands and the types.
 */
abstract class OperatorChecker extends ExprChecker {
  OperatorChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  // ---- unary and binary ----

  @Override
  void unary(Operand x, Expr.Unary e) {
    Operand y = expr(e.x);
    if (y.invalid()) {
      return;
    }
    copyInto(x, y);
    switch (e.op) {
      case AND:
        if (!(e.x.unparen() instanceof Expr.CompositeLit) && y.mode != VARIABLE) {
          errorAt(y, "invalid operation: cannot take address of " + y);
          x.setInvalid();
          return;
        }
        markAddressTaken(e.x);
        x.mode = VALUE;
        x.type = new Type.Pointer(y.type);
        return;
      case ARROW:
        if (!(y.type.underlying() instanceof Type.Chan ch)) {
          errorAt(y, y.type instanceof Type.TypeParam tp && tp.core == null
              ? "invalid operation: cannot receive from " + y + " (no core type)"
              : "invalid operation: cannot receive from non-channel " + y);
          x.setInvalid();
          return;
        }
        if (ch.dir == Type.Chan.Dir.SEND) {
          errorAt(y, "invalid operation: cannot receive from send-only channel " + y);
          x.setInvalid();
          return;
        }
        x.mode = COMMAOK;
        x.type = ch.elem;
        x.val = null;
        return;
      default:
    }
    Tok op = e.op;
    if (op == Tok.TILDE) {
      // as gc: reported, then an integer operand is taken as if complemented with ^
      if (!Types.isInteger(y.type)) {
        error(e, "cannot use ~ outside of interface or type constraint");
        x.setInvalid();
        return;
      }
      error(e, "cannot use ~ outside of interface or type constraint (use ^ for bitwise complement)");
      op = Tok.XOR;
    }
    boolean ok;
    switch (op) {
      case ADD: case SUB: ok = Types.isNumeric(y.type); break;
      case XOR: ok = Types.isInteger(y.type); break;
      case NOT: ok = Types.isBoolean(y.type); break;
      default: ok = false;
    }
    if (!ok) {
      errorAt(y, "invalid operation: operator " + e.op.text + " not defined on " + y);
      x.setInvalid();
      return;
    }
    if (y.mode == CONSTANT) {
      x.val = ConstOps.unary(op, y.val, y.type);
      x.expr = e;
      overflow(x, e);
      return;
    }
    x.mode = VALUE;
  }

  /**
   * x op y; {@code e} is the binary expression or null for an assignment operation
   * ({@code lhs op= rhs}).
   */
  @Override
  void binary(Operand x, Expr e, Expr lhs, Expr rhs, Tok op, Node opPos) {
    Operand l = expr(lhs);
    Operand r = expr(rhs);
    x.expr = e != null ? e : lhs;
    if (l.invalid() || r.invalid()) {
      x.setInvalid();
      return;
    }
    copyInto(x, l);
    x.expr = l.expr;
    if (op.isShift()) {
      shift(x, r, e, op, opPos);
      return;
    }
    matchTypes(x, r);
    if (x.invalid()) {
      return;
    }
    if (op.isComparison()) {
      comparison(x, r, op, e, false);
      return;
    }
    if (!Types.identical(x.type, r.type)) {
      if (!Types.isInvalid(x.type) && !Types.isInvalid(r.type)) {
        // (the text only here: made for every operand of a long a + b + ... it was quadratic)
        String text = e != null ? AstString.expr(e) : AstString.expr(lhs) + " " + op.text + "= " + AstString.expr(rhs);
        errorAt(e != null ? e : lhs, "invalid operation: " + text + " (mismatched types " + x.type + " and " + r.type + ")");
      }
      x.setInvalid();
      return;
    }
    if (!opAllowed(op, x.type)) {
      errorAt(x, "invalid operation: operator " + op.text + " not defined on " + x);
      x.setInvalid();
      return;
    }
    if ((op == Tok.QUO || op == Tok.REM) && (x.mode == CONSTANT || Types.isInteger(x.type)) && r.mode == CONSTANT
        && ConstOps.isZero(r.val)) {
      errorAt(r, "invalid operation: division by zero");
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT && r.mode == CONSTANT) {
      x.val = ConstOps.binary(x.val, op, r.val, Types.isInteger(x.type));
      x.expr = e;
      overflow(x, opPos);
      return;
    }
    x.mode = VALUE;
    x.val = null;
    x.expr = e;
  }

  private static boolean opAllowed(Tok op, Type t) {
    switch (op) {
      case ADD: // a type parameter's types may mix numbers and strings (~int | ~string)
        return Types.isNumeric(t) || Types.isString(t) || TypeSets.allTerms(t, u -> Types.isNumeric(u) || Types.isString(u));
      case SUB: case MUL: case QUO: return Types.isNumeric(t);
      case REM: case AND: case OR: case XOR: case AND_NOT: return Types.isInteger(t);
      case LAND: case LOR: return Types.isBoolean(t);
      default: return false;
    }
  }

  private static String opName(Tok op) {
    switch (op) {
      case ADD: return "addition ";
      case SUB: return "subtraction ";
      case XOR: return "bitwise XOR ";
      case MUL: return "multiplication ";
      case SHL: return "shift ";
      default: return "";
    }
  }

  /** Typed constants must be representable in their type after each operation. */
  void overflow(Operand x, Node opPos) {
    if (Types.isTyped(x.type)) {
      representable(x, x.type.underlying()); // types2: "overflows int8" for a W int8, as for an alias of int8
      return;
    }
    if (x.val instanceof Constant.Int i && i.value.abs().bitLength() > ConstOps.MAX_BITS) { // (-2^512 too)
      Tok op = opPos instanceof Expr.Binary b ? b.op : opPos instanceof Expr.Unary u ? u.op : null;
      error(opPos, "constant " + (op == null ? "" : opName(op)) + "overflow");
      x.setInvalid();
    }
  }

  /** Checks that constant x is representable in basic type t and converts its value. */
  void representable(Operand x, Type t) {
    Kind k = Types.kind(t);
    if (k == null) {
      return;
    }
    ConstOps.Repr r = ConstOps.represent(x.val, k);
    if (r.code() != ConstOps.OK) {
      invalidConversion(r.code(), x, t);
      x.setInvalid();
      return;
    }
    x.val = r.value();
  }

  /** As go/types, the operand's and target's types say truncated or overflows, not the value. */
  private static int numericCode(int code, Operand x, Type t) {
    if (code != ConstOps.INVALID && Types.isNumeric(x.type) && Types.isNumeric(t)) {
      return !Types.isInteger(x.type) && Types.isInteger(t) ? ConstOps.TRUNCATED : ConstOps.OVERFLOW;
    }
    return code;
  }

  private void invalidConversion(int code, Operand x, Type t) {
    code = numericCode(code, x, t);
    String msg;
    if (code == ConstOps.TRUNCATED) {
      msg = x + " truncated to " + t;
    } else if (code == ConstOps.OVERFLOW) {
      msg = x + " overflows " + t;
    } else {
      msg = "cannot convert " + x + " to type " + t;
    }
    errorAt(x, msg);
  }

  private void shift(Operand x, Operand y, Expr e, Tok op, Node opPos) {
    Constant.Int xval = x.mode == CONSTANT ? ConstOps.toInt(x.val) : null;
    if (!(Types.isInteger(x.type) || Types.isUntyped(x.type) && xval != null)) {
      errorAt(x, "invalid operation: shifted operand " + x + " must be integer");
      x.setInvalid();
      return;
    }
    String yDesc = y.toString(); // as written, before an untyped count becomes uint
    Constant.Int yval = null;
    if (y.mode == CONSTANT) {
      yval = ConstOps.toInt(y.val);
      if (yval != null && yval.value.signum() < 0) {
        errorAt(y, "invalid operation: negative shift count " + y);
        x.setInvalid();
        return;
      }
    }
    if (Types.isUntyped(y.type)) {
      convertUntyped(y, Universe.UINT); // as gc: 1.5 is "truncated to uint", "a" cannot convert
      if (y.invalid()) {
        x.setInvalid();
        return;
      }
    } else if (!Types.isInteger(y.type)) {
      errorAt(y, "invalid operation: shift count " + y + " must be integer");
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT) {
      if (y.mode == CONSTANT) {
        if (yval.value.compareTo(BigInteger.valueOf(ConstOps.MAX_SHIFT)) > 0) {
          errorAt(y, "invalid operation: invalid shift count " + yDesc);
          x.setInvalid();
          return;
        }
        if (!Types.isInteger(x.type)) {
          x.type = Universe.UNTYPED_INT;
        }
        x.val = ConstOps.shift(xval, op, yval.value.longValue());
        x.expr = e;
        overflow(x, opPos);
        return;
      }
      if (Types.isUntyped(x.type)) {
        // the type of 1 << s comes from the context; it must end up an integer type
        shiftLhs.add(x.expr);
        x.mode = VALUE;
        x.val = null;
        x.expr = e;
        return;
      }
    }
    x.mode = VALUE;
    x.val = null;
    x.expr = e;
  }

  /** Converts an untyped operand to the other operand's type when they may mix (Go spec). */
  void matchTypes(Operand x, Operand y) {
    if (mayConvert(x, y)) {
      convertUntyped(x, y.type);
      if (x.invalid()) {
        return;
      }
      convertUntyped(y, x.type);
      if (y.invalid()) {
        x.setInvalid();
      }
    }
  }

  private static boolean mayConvert(Operand x, Operand y) {
    if (Types.isTyped(x.type) && Types.isTyped(y.type)) {
      return false;
    }
    if (Types.isInterface(x.type) || Types.isInterface(y.type)) {
      return true;
    }
    if (Types.isBoolean(x.type) != Types.isBoolean(y.type)) {
      return false;
    }
    if (Types.isString(x.type) != Types.isString(y.type)) {
      return false;
    }
    if (x.isNil()) {
      return Types.hasNil(y.type);
    }
    if (y.isNil()) {
      return Types.hasNil(x.type);
    }
    return !(x.type.underlying() instanceof Type.Pointer) && !(y.type.underlying() instanceof Type.Pointer);
  }

  /** Gives untyped x the type target (or, for an untyped target, the larger untyped kind). */
  @Override
  void convertUntyped(Operand x, Type target) {
    if (x.invalid() || Types.isTyped(x.type) || Types.isInvalid(target)) {
      return;
    }
    Type newType;
    Constant val = null;
    int code = 0;
    if (Types.isUntyped(target)) {
      Kind a = ((Type.Basic) x.type).kind;
      Kind b = ((Type.Basic) target).kind;
      if (a == b) {
        return;
      }
      if (Types.isNumeric(x.type) && Types.isNumeric(target)) {
        newType = Types.untypedRank(a) >= Types.untypedRank(b) ? x.type : target;
      } else {
        code = ConstOps.INVALID;
        newType = null;
      }
    } else if (target instanceof Type.TypeParam tp && !(tp.underlying() instanceof Type.Basic)) {
      // representable in every type of the type set (then a non-constant value of type T)
      newType = target;
      List<Type> ts = TypeSets.termTypes(tp);
      code = ts == null || ts.isEmpty() ? ConstOps.INVALID : 0;
      if (code == 0) {
        gol.interp.diag.Diagnostics saved = diags;
        diags = new gol.interp.diag.Diagnostics();
        try {
          for (Type t : ts) {
            Operand c = x.copy();
            c.expr = null;
            convertUntyped(c, t);
            if (c.invalid()) {
              code = ConstOps.INVALID;
            }
          }
        } finally {
          diags = saved;
        }
      }
    } else {
      Type u = target.underlying();
      newType = target;
      if (u instanceof Type.Basic b) {
        if (x.mode == CONSTANT) {
          ConstOps.Repr r = ConstOps.represent(x.val, b.kind);
          code = r.code();
          val = r.value();
        } else {
          Kind k = ((Type.Basic) x.type).kind;
          boolean ok;
          switch (k) {
            case UNTYPED_BOOL: ok = Types.isBoolean(target); break;
            case UNTYPED_INT: case UNTYPED_RUNE: case UNTYPED_FLOAT: case UNTYPED_COMPLEX: ok = Types.isNumeric(target); break;
            case UNTYPED_STRING: ok = Types.isString(target); break;
            case UNTYPED_NIL: ok = b.kind == Kind.UNSAFE_POINTER; break;
            default: ok = false;
          }
          code = ok ? 0 : ConstOps.INVALID;
        }
      } else if (u instanceof Type.Interface it) {
        if (!x.isNil()) {
          if (!Types.complete(it).isEmpty()) {
            code = ConstOps.INVALID;
          } else {
            newType = Universe.defaultType(x.type);
          }
        }
      } else if (u instanceof Type.Pointer || u instanceof Type.Signature || u instanceof Type.Slice
          || u instanceof Type.Map || u instanceof Type.Chan) {
        if (!x.isNil()) {
          code = ConstOps.INVALID;
        }
      } else {
        code = ConstOps.INVALID;
      }
    }
    if (code != 0) {
      if (target instanceof Type.TypeParam) {
        // as go/types, a type parameter (even of one basic type) says neither overflows nor truncated
        errorAt(x, "cannot convert " + x + " to type " + target);
      } else {
        // as gc, the target's underlying type is named
        invalidConversion(code, x, target.underlying());
      }
      x.setInvalid();
      return;
    }
    if (val != null) {
      x.val = val;
    }
    if (newType != x.type) {
      x.type = newType;
      if (x.expr != null) {
        updateExprType(x.expr, newType);
        if (val != null && x.expr.constValue != null && Types.isTyped(newType)) {
          x.expr.constValue = val;
        }
      }
    }
  }

  /** Whether e is the predeclared nil (perhaps parenthesized). */
  private static boolean isNilExpr(Expr e) {
    return e != null && e.unparen() instanceof Expr.Ident id && id.obj instanceof gol.interp.types.Obj.Nil;
  }

  /**
   * x == y and friends; the result is an untyped bool (constant when both are). With
   * {@code switchCase}, reports as an invalid case of an expression switch.
   */
  void comparison(Operand x, Operand y, Tok op, Expr e, boolean switchCase) {
    String cause = null;
    Operand errOp = x;
    boolean ok = true;
    boolean mismatched = false;
    if (Types.assignable(x.type, y.type, pkg, null) || Types.assignable(y.type, x.type, pkg, null)) {
      if (op == Tok.EQL || op == Tok.NEQ) {
        // matchTypes has given an untyped nil the other operand's type: look at the expression too
        boolean xNil = x.isNil() || isNilExpr(x.expr);
        boolean yNil = y.isNil() || isNilExpr(y.expr);
        if (xNil || yNil) {
          Type t = xNil ? y.type : x.type;
          if (!Types.hasNil(t)) {
            errOp = y;
            ok = false;
            mismatched = true;
          } else if (xNil && yNil) {
            errOp = y;
            ok = false;
            cause = "operator " + op.text + " not defined on untyped nil";
          }
        } else if (!Types.comparable(x.type)) {
          errOp = x;
          cause = Types.incomparableCause(x.type);
          ok = false;
        } else if (!Types.comparable(y.type)) {
          errOp = y;
          cause = Types.incomparableCause(y.type);
          ok = false;
        }
      } else if (!Types.isOrdered(x.type)) {
        errOp = x;
        ok = false;
      } else if (!Types.isOrdered(y.type)) {
        errOp = y;
        ok = false;
      }
    } else {
      errOp = y;
      ok = false;
      mismatched = true;
    }
    if (!ok) {
      if (cause == null) {
        if (mismatched) {
          cause = "mismatched types " + x.type + " and " + y.type;
        } else if (errOp.type instanceof Type.TypeParam) {
          cause = "type parameter " + errOp.type + " is not comparable with " + op.text;
        } else {
          cause = "operator " + op.text + " not defined on " + Types.kindString(errOp.type);
        }
      }
      if (switchCase) {
        errorAt(x, "invalid case " + AstString.expr(x.expr) + " in switch on " + AstString.expr(y.expr) + " (" + cause + ")");
      } else {
        // at the offending operand: a mismatch is known only at the second one (gc's rule)
        errorAt(errOp, "invalid operation: " + AstString.expr(e) + " (" + cause + ")");
      }
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT && y.mode == CONSTANT) {
      x.val = Constant.Bool.of(ConstOps.compare(x.val, op, y.val));
      x.mode = CONSTANT;
    } else {
      x.mode = VALUE;
      x.val = null;
    }
    // the operands keep their (default) types; the result is an untyped bool
    if (Types.isUntyped(x.type) && x.expr != null) {
      updateExprType(x.expr, Universe.defaultType(x.type));
    }
    if (Types.isUntyped(y.type) && y.expr != null) {
      updateExprType(y.expr, Universe.defaultType(y.type));
    }
    x.type = Universe.UNTYPED_BOOL;
    x.expr = e;
  }

  // ====================================================================================
  // Assignability
  // ====================================================================================

  /**
   * Checks that x can be assigned to a variable of type T (null: no type, as for _ or an
   * inferred variable — untyped values get their default type) in the given context
   * ("assignment", "argument to f", "return statement"...). On success x has type T.
   */
  @Override
  void assignment(Operand x, Type T, String context) {
    switch (x.mode) {
      case INVALID:
        return;
      case CONSTANT: case VARIABLE: case MAPINDEX: case VALUE: case COMMAOK:
        break;
      default:
        exclude(x);
        return;
    }
    if (Types.isUntyped(x.type)) {
      Type target = T;
      if (T == null || Types.isInterface(T) && !x.isNil()) {
        if (T == null && x.isNil()) {
          errorAt(x, "use of untyped nil in " + context);
          x.setInvalid();
          return;
        }
        target = Universe.defaultType(x.type);
      }
      if (T != null && Types.isInvalid(T)) {
        return;
      }
      Type newType = target;
      Constant val = null;
      int code = 0;
      Type u = target.underlying();
      if (target instanceof Type.TypeParam tp && !(u instanceof Type.Basic) && !x.isNil()) {
        // an untyped constant must fit every type of the type set
        List<Type> ts = TypeSets.termTypes(tp);
        code = ts == null || ts.isEmpty() ? ConstOps.INVALID : 0;
        for (int i = 0; code == 0 && i < ts.size(); i++) {
          if (!(ts.get(i).underlying() instanceof Type.Basic tb)) {
            code = ConstOps.INVALID;
          } else if (x.mode == CONSTANT) {
            code = ConstOps.represent(x.val, tb.kind).code() == 0 ? 0 : ConstOps.INVALID;
          }
        }
      } else if (u instanceof Type.Basic b && x.mode == CONSTANT) {
        ConstOps.Repr r = ConstOps.represent(x.val, b.kind);
        code = r.code();
        val = r.value();
      } else if (u instanceof Type.Basic b) {
        Kind k = ((Type.Basic) x.type).kind;
        boolean ok;
        switch (k) {
          case UNTYPED_BOOL: ok = Types.isBoolean(target); break;
          case UNTYPED_NIL: ok = Types.hasNil(target); break; // unsafe.Pointer, the one basic type with nil
          case UNTYPED_STRING: ok = Types.isString(target); break;
          default: ok = Types.isNumeric(target);
        }
        code = ok ? 0 : ConstOps.INVALID;
      } else if (x.isNil()) {
        code = Types.hasNil(target) ? 0 : ConstOps.INVALID;
      } else {
        code = ConstOps.INVALID;
      }
      if (code != 0) {
        // a type parameter's untyped conversion fails without detail, as go/types'
        code = target instanceof Type.TypeParam ? ConstOps.INVALID : numericCode(code, x, target);
        String msg = "cannot use " + x + " as " + target + " value in " + context;
        if (code == ConstOps.TRUNCATED) {
          msg += " (truncated)";
        } else if (code == ConstOps.OVERFLOW) {
          msg += " (overflows)";
        }
        errorAt(x, msg);
        x.setInvalid();
        return;
      }
      if (val != null) {
        x.val = val;
      }
      x.type = newType;
      if (x.expr != null) {
        updateExprType(x.expr, newType);
        if (val != null && x.mode == CONSTANT) {
          x.expr.constValue = val;
        }
      }
    }
    if (T == null || Types.isInvalid(T)) {
      return;
    }
    String[] cause = {null};
    if (!Types.assignable(x.type, T, pkg, cause)) {
      String msg = "cannot use " + x + " as " + T + " value in " + context;
      if (cause[0] != null) {
        msg += ": " + cause[0];
      }
      errorAt(x, msg);
      x.setInvalid();
    }
  }

  // ====================================================================================
  // Composite literals
  // ====================================================================================

  @Override
  void compositeLit(Operand x, Expr.CompositeLit e, Type hint) {
    Type typ;
    Type base;
    if (e.litType != null) {
      if (e.litType instanceof Expr.ArrayType at && at.len instanceof Expr.Ellipsis) {
        Type elem = typExpr(at.elem);
        long n = arrayElems(e, elem, -1);
        typ = new Type.Array(n, elem);
        at.type = typ;
        at.isType = true;
        x.mode = VALUE;
        x.type = typ;
        return;
      }
      typ = typExpr(e.litType);
      base = typ;
    } else if (hint != null) {
      typ = hint;
      base = hint;
      if (hint.underlying() instanceof Type.Pointer p) {
        base = p.elem; // &T elided: []*T{{...}}
      }
    } else {
      errorAt(e, "invalid composite literal type: missing type");
      useElems(e);
      return;
    }
    if (Types.isInvalid(typ)) {
      useElems(e);
      return;
    }
    Type u = base.underlying();
    if (u instanceof Type.Struct s) {
      structLit(e, s, base);
    } else if (u instanceof Type.Array a) {
      arrayElems(e, a.elem, a.len);
    } else if (u instanceof Type.Slice sl) {
      arrayElems(e, sl.elem, -1);
    } else if (u instanceof Type.Map m) {
      Map<String, Node> seen = new HashMap<>();
      for (Expr.Element el : e.elts) {
        if (el.key == null) {
          errorAt(el.value, "missing key in map literal"); // the value is left unchecked, as gc does
          continue;
        }
        Operand k = elemOperand(el.key, m.key);
        assignment(k, m.key, "map literal");
        if (!k.invalid() && k.mode == CONSTANT) {
          String key = TypeSets.key(List.of(k.type)) + ":" + ConstOps.toString(k.val); // byte(0) is uint8(0)
          if (seen.containsKey(key)) {
            errorAt(el.key, "duplicate key " + ConstOps.toString(k.val) + " in map literal"); // gc prints the value
          }
          seen.put(key, el.key);
        }
        elemValue(el.value, m.elem, "map literal");
      }
    } else {
      errorAt(e, "invalid composite literal type " + typ);
      useElems(e);
      return;
    }
    x.mode = VALUE;
    x.type = typ;
  }

  private void useElems(Expr.CompositeLit e) {
    for (Expr.Element el : e.elts) {
      if (el.key != null && !(el.key instanceof Expr.Ident)) {
        rawExpr(el.key, null);
      }
      if (el.value instanceof Expr.CompositeLit c && c.litType == null) {
        useElems(c);
      } else {
        rawExpr(el.value, null);
      }
    }
  }

  private Operand elemOperand(Expr v, Type t) {
    if (v instanceof Expr.CompositeLit c && c.litType == null) {
      return expr(v, t);
    }
    return expr(v, t);
  }

  private void elemValue(Expr v, Type t, String context) {
    if (context.equals("struct literal") && v instanceof Expr.CompositeLit c && c.litType == null) {
      // types may be elided only for the elements and keys of arrays, slices and maps
      errorAt(v, "missing type in composite literal");
      useElems(c);
      return;
    }
    Operand x = elemOperand(v, t);
    assignment(x, t, context);
  }

  private void structLit(Expr.CompositeLit e, Type.Struct s, Type base) {
    if (e.elts.isEmpty()) {
      return;
    }
    boolean keyed = e.elts.get(0).key != null;
    if (keyed) {
      Set<String> seen = new HashSet<>();
      for (Expr.Element el : e.elts) {
        if (el.key == null) {
          errorAt(el.value, "mixture of field:value and value elements in struct literal");
          rawExpr(el.value, null);
          continue;
        }
        if (!(el.key instanceof Expr.Ident k)) {
          errorAt(el.key, "invalid field name " + AstString.expr(el.key) + " in struct literal");
          rawExpr(el.value, null);
          continue;
        }
        Obj.Var field = null;
        for (Obj.Var f : s.fields) {
          if (f.name.equals(k.name) && !k.name.equals("_")) { // a blank field cannot be named
            field = f;
          }
        }
        if (field != null && !Types.isExported(field.name) && field.pkg != null && field.pkg != pkg) {
          errorAt(k, LookupErrors.describe(base, k.name, field, true, pkg)); // another package's unexported field
          rawExpr(el.value, null);
          continue;
        }
        if (field == null) {
          Obj.Var alt = null;
          for (Obj.Var f : s.fields) {
            if (f.name.equalsIgnoreCase(k.name)) {
              alt = f;
            }
          }
          errorAt(k, LookupErrors.describe(base, k.name, alt, true, pkg));
          rawExpr(el.value, null);
          continue;
        }
        k.obj = field;
        if (!seen.add(k.name)) {
          errorAt(k, "duplicate field name " + k.name + " in struct literal");
        }
        elemValue(el.value, field.type, "struct literal");
      }
      return;
    }
    int i = 0;
    for (Expr.Element el : e.elts) {
      if (el.key != null) {
        errorAt(el.key, "mixture of field:value and value elements in struct literal");
        rawExpr(el.value, null);
        i++;
        continue;
      }
      if (i >= s.fields.size()) {
        errorAt(el.value, "too many values in struct literal of type " + base);
        rawExpr(el.value, null);
        break;
      }
      elemValue(el.value, s.fields.get(i).type, "struct literal");
      i++;
    }
    if (i < s.fields.size() && i == e.elts.size()) {
      String msg = "too few values in struct literal of type " + base;
      if (e.rbraceLine > 0) {
        error(e.rbraceLine, e.rbraceCol, msg); // at the closing brace, as gc
      } else {
        error(e.elts.get(e.elts.size() - 1).value, msg);
      }
    }
  }

  /** Checks array/slice elements; returns the length the literal needs. */
  private long arrayElems(Expr.CompositeLit e, Type elem, long len) {
    long idx = 0;
    long max = 0;
    Set<Long> seen = new HashSet<>();
    for (Expr.Element el : e.elts) {
      if (el.key != null) {
        Operand k = indexValue(el.key, len);
        if (k != null && k.mode == CONSTANT) {
          idx = ((Constant.Int) k.val).value.longValue();
        } else if (k != null) {
          errorAt(el.key, "index " + AstString.expr(el.key) + " must be integer constant");
        }
      } else if (len >= 0 && idx >= len) {
        errorAt(el.value, "index " + idx + " is out of bounds (>= " + len + ")");
      }
      if (!seen.add(idx)) {
        errorAt(el.key != null ? el.key : el.value, "duplicate index " + idx + " in array or slice literal");
      }
      elemValue(el.value, elem, "array or slice literal");
      idx++;
      max = Math.max(max, idx);
    }
    return max;
  }
}
