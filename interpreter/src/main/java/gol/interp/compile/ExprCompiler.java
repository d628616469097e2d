package gol.interp.compile;

import static gol.interp.compile.Layout.isFloat;
import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isString;
import static gol.interp.compile.Layout.isUnsigned64;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Expr;
import gol.interp.ast.Tok;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.ComplexOps;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.Complex;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Expressions of a function body: conditions as jumps, operators, constants, indexing, slicing,
 * conversions, field selection, pointers and map reads (see {@link FuncCompilerBase}).
 */
abstract class ExprCompiler extends FuncCompilerBase {
  ExprCompiler(Compiler c, FuncCompilerBase parent, Proto proto) {
    super(c, parent, proto);
  }

  // ---- conditions ----

  /** Emits jumps (to be patched by the caller) taken when {@code e} evaluates to {@code when}. */
  void condJump(Expr e, boolean when, List<Integer> out) {
    Expr u = e.unparen();
    if (u.constValue instanceof Constant.Bool b) {
      if (b.value == when) {
        out.add(cb.emit(Op.JMP, -1));
      }
      return;
    }
    if (u instanceof Expr.Unary un && un.op == Tok.NOT) {
      condJump(un.x, !when, out);
      return;
    }
    if (u instanceof Expr.Binary b) {
      if (b.op == Tok.LAND || b.op == Tok.LOR) {
        boolean and = b.op == Tok.LAND;
        if (when != and) {
          // (x || y) true: x true or y true; (x && y) false: x false or y false
          condJump(b.x, when, out);
          condJump(b.y, when, out);
        } else {
          List<Integer> skip = new ArrayList<>();
          condJump(b.x, !when, skip);
          condJump(b.y, when, out);
          patchHere(skip);
        }
        return;
      }
      if (b.op.isComparison() && fusedCompare(b.x.type, b.op) && fusedCompare(b.y.type, b.op)) {
        // (both sides: a value compared with an interface is an interface comparison)
        hoistCalls(b.x, b.y);
        Tok op = when ? b.op : negate(b.op);
        Integer cy = smallConst(b.y);
        Integer cx = cy == null ? smallConst(b.x) : null;
        if (cy != null || cx != null) {
          // x op c, or c op y turned around into y op' c
          Expr var = cy != null ? b.x : b.y;
          Tok vop = cy != null ? op : mirror(op);
          int r = val(var);
          out.add(cb.emit(immediateJump(vop), r, cy != null ? cy : cx, -1));
          return;
        }
        int[] xy = operands(b.x, b.y);
        out.add(cb.emit(fusedOp(op), xy[0], xy[1], -1));
        return;
      }
    }
    int r = val(e);
    out.add(cb.emit(when ? Op.JT : Op.JF, r, -1));
  }

  /**
   * Whether gc evaluates y before x (CallsFirst): y holds a call and x is a variable, a field, an
   * index expression or arithmetic on them, which gc reads after the calls.
   */
  static boolean callsFirst(Expr x, Expr y) {
    return !CallsFirst.hasCall(x) && x.constValue == null && CallsFirst.hasCall(y);
  }

  /** The registers of x and y, evaluated in gc's order (see callsFirst). */
  int[] operands(Expr x, Expr y) {
    if (callsFirst(x, y)) {
      int ry = val(y);
      return new int[] {val(x), ry};
    }
    int rx = val(x);
    return new int[] {rx, val(y)};
  }

  /** Whether comparing values of type t with op can use a fused signed compare-and-branch. */
  static boolean fusedCompare(Type t, Tok op) {
    if (!isPrim(t) || isFloat(t)) {
      return false;
    }
    if (op == Tok.EQL || op == Tok.NEQ) {
      return true;
    }
    return !isUnsigned64(t); // narrower unsigned kinds are zero-extended, so signed order is right
  }

  static Tok negate(Tok op) {
    switch (op) {
      case EQL: return Tok.NEQ;
      case NEQ: return Tok.EQL;
      case LSS: return Tok.GEQ;
      case LEQ: return Tok.GTR;
      case GTR: return Tok.LEQ;
      case GEQ: return Tok.LSS;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  /** The operator with its operands swapped: c < y is y > c. */
  static Tok mirror(Tok op) {
    switch (op) {
      case LSS: return Tok.GTR;
      case LEQ: return Tok.GEQ;
      case GTR: return Tok.LSS;
      case GEQ: return Tok.LEQ;
      default: return op;
    }
  }

  static int immediateJump(Tok op) {
    switch (op) {
      case EQL: return Op.JEQI;
      case NEQ: return Op.JNEI;
      case LSS: return Op.JLTI;
      case LEQ: return Op.JLEI;
      case GTR: return Op.JGTI;
      case GEQ: return Op.JGEI;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  static int fusedOp(Tok op) {
    switch (op) {
      case EQL: return Op.JEQ_I;
      case NEQ: return Op.JNE_I;
      case LSS: return Op.JLT_I;
      case LEQ: return Op.JLE_I;
      case GTR: return Op.JGT_I;
      case GEQ: return Op.JGE_I;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  // ---- expressions ----

  /**
   * Expressions whose value a register already holds: the results of f() in copy(f()), and the
   * parts hoistCalls evaluated ahead.
   */
  final Map<Expr, Integer> inRegister = new java.util.IdentityHashMap<>();

  private Integer held(Expr e) {
    return inRegister.isEmpty() ? null : inRegister.get(e);
  }

  /**
   * gc's order among operands that hold calls (CallsFirst): when two or more of es[from:to] do,
   * their early parts (calls, receives, slice expressions, ...) are evaluated first, in order,
   * into registers, and the variables, fields and elements read between them afterwards — so
   * {@code f() + a + g()} and {@code Println(a + f(), g())} read a after g, as gc does. What was
   * evaluated stays held (val and into use the register) until the statement ends.
   */
  void hoistCalls(List<Expr> es, int from, int to) {
    int withCalls = 0;
    for (int i = from; i < to; i++) {
      if (CallsFirst.hasCall(es.get(i))) {
        withCalls++;
      }
    }
    if (withCalls >= 2) {
      hoist(es, from, to);
    }
  }

  /** Evaluates the early parts of es[from:to] into registers now, in order (see hoistCalls). */
  void hoist(List<Expr> es, int from, int to) {
    List<Expr> parts = new ArrayList<>();
    for (int i = from; i < to; i++) {
      CallsFirst.earlyParts(es.get(i), parts);
    }
    for (Expr e : parts) {
      if (held(e) == null) {
        hold(e);
      }
    }
  }

  /** Evaluates e now into a register that val and into use until the statement ends. */
  private void hold(Expr e) {
    inRegister.put(e, val(e));
    hoisted.add(e);
  }

  /** hoistCalls for the two operands of a binary operation. */
  void hoistCalls(Expr x, Expr y) {
    hoistCalls(List.of(x, y), 0, 2);
  }

  /** CallsFirst.order for es[from:to], after hoistCalls. */
  int[] callsFirstOrder(List<Expr> es, int from, int to) {
    hoistCalls(es, from, to);
    return CallsFirst.order(es, from, to);
  }

  /** What hoistCalls evaluated in this statement. */
  private final List<Expr> hoisted = new ArrayList<>();

  /** Forgets what hoistCalls evaluated (a new statement starts: nothing refers to it). */
  void forgetHoisted() {
    for (Expr e : hoisted) {
      inRegister.remove(e);
    }
    hoisted.clear();
  }

  /** A register holding e's value: a plain local's own register (read it, never write it) or a new temporary. */
  int val(Expr e) {
    Integer held = held(e);
    if (held != null) {
      return held;
    }
    if (e.constValue == null && e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v) {
      int r = directReg(v);
      if (r >= 0) {
        return r;
      }
    }
    if (e.constValue == null && e.unparen() instanceof Expr.Call call && call.kind == Expr.Call.Kind.CALL
        && !(call.type instanceof Type.Tuple) && !CallCompiler.isIntrinsic(call)) {
      return call(call); // the result stays where the call left it: no MOV to a temporary
    }
    int r = alloc();
    into(e, r);
    return r;
  }

  /** Evaluates e into dst, converting to {@code target} when that is an interface and e is not. */
  void intoConv(Expr e, Type target, int dst) {
    if (target != null && isInterface(target) && !isInterface(e.type)) {
      if (isNil(e)) {
        cb.emit(Op.NIL_R, dst);
        return;
      }
      if (e.constValue != null && (isString(e.type) || isPrim(e.type) && Layout.kind(e.type) != null)) {
        // boxed once, here: Go converts a constant to an interface without allocating
        cb.emit(Op.LOADK_R, dst, cb.constR(constIface(e.type, e.constValue)));
        return;
      }
      int r = val(e);
      if (isValue(e.type) && !fresh(e)) { // an interface holds its own copy
        int t = alloc();
        cb.emit(Op.COPYV, t, r, rt(e.type));
        r = t;
      }
      box(e.type, r, dst);
      return;
    }
    into(e, dst);
  }

  /** Integer kinds gc on amd64 converts a float to through int32 (see Op.F2I32). */
  static boolean viaInt32(Type.Kind k) {
    return k == Type.Kind.INT32 || k == Type.Kind.INT16 || k == Type.Kind.INT8
        || k == Type.Kind.UINT16 || k == Type.Kind.UINT8;
  }

  /** Types whose == is reference identity: pointers, channels. */
  /** Pointers and unsafe.Pointers: equal when they point at the same variable (Op.EQ_P). */
  static boolean isPointerLike(Type t) {
    return t.underlying() instanceof Type.Pointer || gol.interp.check.Types.isUnsafePointer(t);
  }

  static boolean isRefIdentity(Type t) {
    Type u = t.underlying();
    return u instanceof Type.Pointer || u instanceof Type.Chan;
  }

  static boolean isNil(Expr e) {
    return e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Nil;
  }

  /** The interface value holding constant v of type t (a string or a primitive kind), as BOX makes it. */
  Iface constIface(Type t, Constant v) {
    RType rt = c.rtypes.of(t);
    if (v instanceof Constant.Str str) {
      return new Iface(rt, 0, c.string(str.value));
    }
    return new Iface(rt, v.longBits(Layout.kind(t)), null);
  }

  void box(Type t, int src, int dst) {
    cb.emit(Op.BOX, dst, src, cb.constR(c.rtypes.of(t)));
  }

  /** Evaluates e into register dst. */
  void into(Expr e, int dst) {
    if (e.constValue != null) {
      constant(e.type, e.constValue, dst);
      return;
    }
    Integer held = held(e);
    if (held != null) {
      cb.emit(Op.MOV, dst, held);
    } else if (e instanceof Expr.Paren p) {
      into(p.x, dst);
    } else if (e instanceof Expr.Ident id) {
      ident(id, dst);
    } else if (e instanceof Expr.Binary b) {
      binary(b, dst);
    } else if (e instanceof Expr.Unary u) {
      unary(u, dst);
    } else if (e instanceof Expr.Call call) {
      callInto(call, dst);
    } else if ((e instanceof Expr.Index || e instanceof Expr.IndexList) && CallCompiler.instantiated(e) != e) {
      into(CallCompiler.instantiated(e), dst); // F[int] as a func value
    } else if (e instanceof Expr.Index ix) {
      index(ix, dst);
    } else if (e instanceof Expr.SliceExpr s) {
      slice(s, dst);
    } else if (e instanceof Expr.FuncLit f) {
      funcLit(f, dst);
    } else if (e instanceof Expr.Selector s && s.selection == null) {
      ident(s.sel, dst);
    } else if (e instanceof Expr.Selector s) {
      switch (s.selection.kind) {
        case FIELD -> field(s, dst);
        case METHOD_VALUE -> methodValue(s, dst);
        default -> methodExpr(s, dst);
      }
    } else if (e instanceof Expr.CompositeLit lit) {
      compositeLit(lit, dst);
    } else if (e instanceof Expr.TypeAssert ta) {
      typeAssert(ta, dst, false);
    } else if (e instanceof Expr.Star st) {
      deref(st, dst);
    } else {
      unsupported(e, describe(e));
    }
  }

  void constant(Type t, Constant v, int dst) {
    if (v instanceof Constant.Str s) {
      cb.emit(Op.LOADK_R, dst, cb.constR(c.string(s.value)));
      return;
    }
    if (Layout.isComplex(t)) {
      Constant.Complex z = gol.interp.check.ConstOps.toComplex(v);
      Complex value = new Complex(z.re.toDouble(), z.im.toDouble());
      cb.emit(Op.LOADK_R, dst, cb.constR(Layout.isComplex64(t) ? value.to64() : value));
      return;
    }
    Type.Kind k = Layout.kind(t);
    if (k == null || !isPrim(t)) {
      // a constant converted to an interface or other non-basic type reaches here only via intoConv
      unsupported(null, "constant of type " + t);
      return;
    }
    long bits = v.longBits(k);
    if (bits == (int) bits) {
      cb.emit(Op.LOADI, dst, (int) bits);
    } else {
      cb.emit(Op.LOADK_L, dst, cb.constL(bits));
    }
  }

  void ident(Expr.Ident id, int dst) {
    Obj o = id.obj;
    if (o instanceof Obj.Var v) {
      loadVar(v, dst);
    } else if (o instanceof Obj.Func f) {
      cb.emit(Op.LOADK_R, dst, cb.constR(c.funcValue(f)));
    } else if (o instanceof Obj.Nil) {
      cb.emit(Op.NIL_R, dst);
    } else {
      unsupported(id, "this use of " + id.name);
    }
  }

  void binary(Expr.Binary b, int dst) {
    if (b.op == Tok.LAND || b.op == Tok.LOR) {
      into(b.x, dst);
      int skip = cb.emit(b.op == Tok.LAND ? Op.JF : Op.JT, dst, -1);
      into(b.y, dst);
      cb.patch(skip, cb.pc());
      return;
    }
    hoistCalls(b.x, b.y);
    if (b.op.isComparison()) {
      Type t = isNil(b.x) ? b.y.type : b.x.type;
      boolean nil = isNil(b.x) || isNil(b.y);
      if (!nil && isInterface(b.x.type) != isInterface(b.y.type)) {
        // interface == concrete: compare as interfaces (Go converts the concrete operand)
        Type it = isInterface(b.x.type) ? b.x.type : b.y.type;
        int x = alloc();
        int y = alloc();
        if (callsFirst(b.x, b.y)) {
          intoConv(b.y, it, y);
          intoConv(b.x, it, x);
        } else {
          intoConv(b.x, it, x);
          intoConv(b.y, it, y);
        }
        cb.emit(b.op == Tok.EQL ? Op.EQ_V : Op.NE_V, dst, x, y, rt(it));
        return;
      }
      int[] xy = operands(b.x, b.y);
      int x = xy[0];
      int y = xy[1];
      if (!nil && (isValue(t) || isInterface(t) || Layout.isComplex(t))) {
        cb.emit(b.op == Tok.EQL ? Op.EQ_V : Op.NE_V, dst, x, y, rt(t));
        return;
      }
      if (!nil && isPointerLike(t)) {
        cb.emit(b.op == Tok.EQL ? Op.EQ_P : Op.NE_P, dst, x, y);
        return;
      }
      compare(b.op, t, x, y, dst, nil || isRefIdentity(t));
      return;
    }
    if (floatFieldOp(b, dst) || concatChain(b, dst)) {
      return;
    }
    boolean shift = b.op == Tok.SHL || b.op == Tok.SHR;
    if (callsFirst(b.x, b.y)) { // (then y is no constant: no immediate form)
      int y = val(b.y);
      int x = val(b.x);
      binaryOp(b.op, b.type, x, y, shift && !mayExceedMaxInt(b.y) ? null : b.y.type, dst);
      return;
    }
    int x = val(b.x);
    if (immediate(b.op, b.type, b.y, x, dst)) {
      return;
    }
    int y;
    if (shift && b.y.constValue instanceof Constant.Int k && k.value.bitLength() > 31) {
      y = alloc(); // a constant count beyond the width (up to MaxUint) shifts everything out
      cb.emit(Op.LOADI, y, 64);
    } else {
      y = val(b.y);
    }
    // a count visibly below 2^63 (uint(b), n & 63, ...) needs no clamp (see unsignedCount)
    binaryOp(b.op, b.type, x, y, shift && !mayExceedMaxInt(b.y) ? null : b.y.type, dst);
  }

  /**
   * dst := x op y.f as one instruction (ADDF_FL, SUBF_FL, MULF_FL) for float64 +, -, * whose right
   * operand is a primitive field (nbody's b.x - b2.x, dx * b2.mass); for + and * also with the
   * field on the left when the other operand is a plain name or constant (no call to order
   * against). False when it does not apply.
   */
  boolean floatFieldOp(Expr.Binary b, int dst) {
    int o = b.op == Tok.ADD ? Op.ADDF_FL : b.op == Tok.SUB ? Op.SUBF_FL : b.op == Tok.MUL ? Op.MULF_FL : -1;
    if (o < 0 || b.constValue != null || !Layout.isFloat(b.type) || Layout.isFloat32(b.type)) {
      return false;
    }
    Expr.Selector fy = primField(b.y);
    if (fy != null) {
      int x = val(b.x);
      fieldOperand(o, dst, x, fy);
      return true;
    }
    Expr.Selector fx = primField(b.x);
    if (fx != null && o != Op.SUBF_FL && (b.y.constValue != null || b.y.unparen() instanceof Expr.Ident)) {
      int y = val(b.y);
      fieldOperand(o, dst, y, fx);
      return true;
    }
    return false;
  }

  static Expr.Selector primField(Expr e) {
    if (e.constValue == null && e.unparen() instanceof Expr.Selector s && s.selection != null
        && s.selection.kind == gol.interp.types.Selection.Kind.FIELD && isPrim(s.type)) {
      return s;
    }
    return null;
  }

  void fieldOperand(int op, int dst, int x, Expr.Selector s) {
    int[] path = s.selection.path;
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    cb.emit(op, dst, x, base, slot);
  }

  /** The int value of a constant integer operand that fits an immediate, or null. */
  static Integer smallConst(Expr e) {
    if (e.constValue == null || !Layout.isInteger(e.type) && !(e.constValue instanceof Constant.Int)) {
      return null;
    }
    if (!(e.constValue instanceof Constant.Int ci) || ci.value.bitLength() > 31) {
      return null;
    }
    return ci.value.intValue();
  }

  /**
   * dst := x op c with c the constant y, as one immediate instruction (ADDI, ANDI, SHLI...);
   * false when op/type/constant don't allow it.
   */
  boolean immediate(Tok op, Type t, Expr y, int x, int dst) {
    Integer c = smallConst(y);
    if (c == null || !Layout.isInteger(t)) {
      return false;
    }
    int k = c;
    int o;
    switch (op) {
      case ADD: o = Op.ADDI; break;
      case SUB:
        if (k == Integer.MIN_VALUE) {
          return false;
        }
        o = Op.ADDI;
        k = -k;
        break;
      case MUL: o = Op.MULI; break;
      case QUO:
      case REM:
        if (k == 0) {
          return false; // (a constant zero divisor is a compile error)
        }
        if (isUnsigned64(t)) { // by a power of two, a shift or a mask; else DIV_U, REM_U
          if (k < 0 || (k & (k - 1)) != 0) {
            return false;
          }
          o = op == Tok.QUO ? Op.SHRUI : Op.ANDI;
          k = op == Tok.QUO ? Integer.numberOfTrailingZeros(k) : k - 1;
        } else {
          o = op == Tok.QUO ? Op.DIVI : Op.REMI;
        }
        break;
      case AND: o = Op.ANDI; break;
      case OR: o = Op.ORI; break;
      case XOR: o = Op.XORI; break;
      case SHL:
        if (k < 0 || k > 63) {
          return false;
        }
        o = Op.SHLI;
        break;
      case SHR:
        if (k < 0 || k > 63) {
          return false;
        }
        o = Layout.isUnsigned(t) ? Op.SHRUI : Op.SHRI;
        break;
      default:
        return false;
    }
    cb.emit(o, dst, x, k);
    if (op != Tok.AND && op != Tok.OR && op != Tok.SHR && op != Tok.REM) {
      wrap(t, dst);
    }
    return true;
  }

  /**
   * dst := a + b + c ... for a chain of three or more string operands: the operands go to
   * consecutive registers and one CONCATN builds the result, instead of one new string per +.
   */
  private boolean concatChain(Expr.Binary b, int dst) {
    List<Expr> operands = concatOperands(b);
    if (operands == null || operands.size() < 3) {
      return false;
    }
    cb.emit(Op.CONCATN, dst, concatParts(operands), operands.size());
    return true;
  }

  /** The operands of a string concatenation a + b + ..., left to right, or null if e is none. */
  static List<Expr> concatOperands(Expr e) {
    if (!(e.unparen() instanceof Expr.Binary b) || b.op != Tok.ADD || b.constValue != null
        || !isString(b.type)) {
      return null;
    }
    java.util.ArrayDeque<Expr> operands = new java.util.ArrayDeque<>();
    Expr x = b;
    while (x instanceof Expr.Binary c && c.op == Tok.ADD && c.constValue == null && isString(c.type)) {
      operands.addFirst(c.y);
      x = c.x;
    }
    operands.addFirst(x);
    return new ArrayList<>(operands);
  }

  /** Evaluates a concatenation's operands into consecutive registers (gc's order: the calls first); returns the first. */
  int concatParts(List<Expr> operands) {
    int base = allocN(operands.size());
    int[] order = callsFirstOrder(operands, 0, operands.size());
    for (int k = 0; k < operands.size(); k++) {
      int i = order == null ? k : order[k];
      into(operands.get(i), base + i);
    }
    return base;
  }

  /**
   * A shift count of type uint, uint64 or uintptr in register y, as the shift instructions take
   * it: one at or above 2^63 (negative as a long) becomes 64, which shifts everything out (the
   * instructions take a negative count for a signed one, which panics).
   */
  int unsignedCount(int y) {
    int c = alloc();
    cb.emit(Op.MOV_L, c, y);
    int skip = cb.emit(Op.JGEI, c, 0, -1);
    cb.emit(Op.LOADI, c, 64);
    cb.patch(skip, cb.pc());
    return c;
  }

  /** dst := x op y for operands of type t (the shift count has type yt; null: one known to be below 2^63). */
  void binaryOp(Tok op, Type t, int x, int y, Type yt, int dst) {
    if (isString(t)) {
      if (op != Tok.ADD) {
        unsupported(null, "operator " + op + " on strings");
        return;
      }
      cb.emit(Op.CONCAT, dst, x, y);
      return;
    }
    if (Layout.isComplex(t)) {
      char c = op == Tok.ADD ? '+' : op == Tok.SUB ? '-' : op == Tok.MUL ? '*' : '/';
      nativeCall(ComplexOps.binary(c, Layout.isComplex64(t)), x, y, dst);
      return;
    }
    if (isFloat(t)) {
      int o;
      switch (op) {
        case ADD: o = Op.ADD_F; break;
        case SUB: o = Op.SUB_F; break;
        case MUL: o = Op.MUL_F; break;
        case QUO: o = Op.DIV_F; break;
        default: unsupported(null, "operator " + op + " on floats"); return;
      }
      cb.emit(o, dst, x, y);
      if (Layout.isFloat32(t)) {
        cb.emit(Op.F32, dst, dst);
      }
      return;
    }
    if (!Layout.isInteger(t)) {
      unsupported(null, "operator " + op + " on " + t);
      return;
    }
    boolean u64 = isUnsigned64(t);
    boolean unsigned = Layout.isUnsigned(t);
    int o;
    switch (op) {
      case ADD: o = Op.ADD_I; break;
      case SUB: o = Op.SUB_I; break;
      case MUL: o = Op.MUL_I; break;
      case QUO: o = u64 ? Op.DIV_U : Op.DIV_I; break;
      case REM: o = u64 ? Op.REM_U : Op.REM_I; break;
      case AND: o = Op.AND; break;
      case OR: o = Op.OR; break;
      case XOR: o = Op.XOR; break;
      case AND_NOT: o = Op.ANDNOT; break;
      case SHL: o = Op.SHL; break;
      case SHR: o = unsigned ? Op.SHR_U : Op.SHR_I; break;
      default: unsupported(null, "operator " + op); return;
    }
    if ((op == Tok.SHL || op == Tok.SHR) && yt != null && isUnsigned64(yt)) {
      y = unsignedCount(y);
    }
    cb.emit(o, dst, x, y);
    if (op != Tok.AND && op != Tok.OR && op != Tok.AND_NOT && op != Tok.SHR && op != Tok.REM) {
      wrap(t, dst);
    }
  }

  /**
   * dst := native(x, y) for the one-result natives of ComplexOps: the operands (y = -1: none)
   * go to a fresh two-register window (both halves), the result comes back in its first one.
   */
  void nativeCall(gol.runtime.Native n, int x, int y, int dst) {
    int base = allocN(2);
    cb.emit(Op.MOV, base, x);
    if (y >= 0) {
      cb.emit(Op.MOV, base + 1, y);
    }
    cb.emit(Op.CALLN, cb.constR(n), base);
    cb.emit(Op.MOV, dst, base);
  }

  /** dst := x op y (a comparison) for operands of type t. */
  void compare(Tok op, Type t, int x, int y, int dst) {
    compare(op, t, x, y, dst, false);
  }

  /**
   * As above; {@code nilCompare}: one operand is nil, so reference identity decides (a nil
   * pointer, func, slice, map, chan or interface is Java null).
   */
  void compare(Tok op, Type t, int x, int y, int dst, boolean nilCompare) {
    // > and >= are < and <= with the operands swapped
    if (op == Tok.GTR || op == Tok.GEQ) {
      int tmp = x;
      x = y;
      y = tmp;
      op = op == Tok.GTR ? Tok.LSS : Tok.LEQ;
    }
    if (Layout.isComplex(t) && !nilCompare) {
      cb.emit(op == Tok.EQL ? Op.EQ_V : Op.NE_V, dst, x, y, rt(t));
      return;
    }
    int o;
    if (isString(t)) {
      o = op == Tok.EQL ? Op.EQ_S : op == Tok.NEQ ? Op.NE_S : op == Tok.LSS ? Op.LT_S : Op.LE_S;
    } else if (isFloat(t)) {
      o = op == Tok.EQL ? Op.EQ_F : op == Tok.NEQ ? Op.NE_F : op == Tok.LSS ? Op.LT_F : Op.LE_F;
    } else if (isPrim(t)) {
      boolean u = isUnsigned64(t);
      o = op == Tok.EQL ? Op.EQ_I : op == Tok.NEQ ? Op.NE_I
          : op == Tok.LSS ? (u ? Op.LT_U : Op.LT_I) : (u ? Op.LE_U : Op.LE_I);
    } else if (nilCompare && (op == Tok.EQL || op == Tok.NEQ)) {
      o = op == Tok.EQL ? Op.EQ_REF : Op.NE_REF;
    } else {
      unsupported(null, "comparison of " + t + " values");
      return;
    }
    cb.emit(o, dst, x, y);
  }

  void unary(Expr.Unary u, int dst) {
    switch (u.op) {
      case ADD:
        into(u.x, dst);
        return;
      case SUB: {
        int x = val(u.x);
        if (Layout.isComplex(u.type)) {
          nativeCall(ComplexOps.NEG, x, -1, dst);
        } else if (isFloat(u.type)) {
          cb.emit(Op.NEG_F, dst, x);
        } else {
          cb.emit(Op.NEG_I, dst, x);
          wrap(u.type, dst);
        }
        return;
      }
      case NOT:
        cb.emit(Op.NOT, dst, val(u.x));
        return;
      case XOR:
        cb.emit(Op.NOT_I, dst, val(u.x));
        wrap(u.type, dst);
        return;
      case ARROW:
        cb.setLine(u.line);
        cb.emit(Op.RECV, dst, val(u.x));
        return;
      case AND:
        addressOf(u.x, dst);
        return;
      default:
        unsupported(u, "operator " + u.op);
    }
  }

  void index(Expr.Index ix, int dst) {
    if (CallsFirst.hasCall(ix.index)) { // gc reads a[i][f()]'s a[i] after the call
      hoist(List.of(ix.x, ix.index), 0, 2);
    }
    Type xt = ix.x.type.underlying();
    if (isString(xt)) {
      int x = val(ix.x);
      cb.emit(Op.INDEX_S, dst, x, indexVal(ix, x));
    } else if (xt instanceof Type.Slice sl) {
      int x = val(ix.x);
      cb.emit(loadOp(sl.elem), dst, x, indexVal(ix, x));
    } else if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
      int x = val(ix.x);
      cb.emit(arrayLoadOp(arrayElem(xt)), dst, x, indexVal(ix, x));
    } else if (xt instanceof Type.Map) {
      mapIndex(ix, dst, false);
    } else {
      unsupported(ix, "indexing " + ix.x.type);
    }
  }

  /**
   * The register of the index of x[i] (a string, slice, array or array pointer already in
   * register x). An index of type uint, uint64 or uintptr that may be above MaxInt64 (negative
   * as a long) is checked first by a guard that panics with Go's unsigned text.
   */
  int indexVal(Expr.Index ix, int x) {
    int i = val(ix.index);
    if (mayExceedMaxInt(ix.index)) {
      indexGuard(ix, x, i);
    }
    return i;
  }

  /** The guard of indexVal: index register i, container register x. */
  void indexGuard(Expr.Index ix, int x, int i) {
    int base = allocN(2);
    cb.emit(Op.MOV_L, base, i);
    cb.emit(Op.MOV_R, base + 1, x);
    long n = staticLength(ix.x.type);
    cb.emit(Op.CALLN, cb.constR(new gol.interp.vm.CheckNatives.UnsignedIndex(n)), base);
  }

  /** Checks slice expression s's bounds when one of them may be a uint above MaxInt64 (see indexVal). */
  void sliceGuard(Expr.SliceExpr s, int x, int lo, int hi, int max) {
    if (!mayExceedMaxInt(s.lo) && !mayExceedMaxInt(s.hi) && !mayExceedMaxInt(s.max)) {
      return;
    }
    int flags = (lo >= 0 ? gol.interp.vm.Bounds.HAS_LO : 0) | (hi >= 0 ? gol.interp.vm.Bounds.HAS_HI : 0)
        | (max >= 0 ? gol.interp.vm.Bounds.HAS_MAX : 0)
        | (s.lo != null && isUnsigned64(s.lo.type) ? gol.interp.vm.Bounds.U_LO : 0)
        | (s.hi != null && isUnsigned64(s.hi.type) ? gol.interp.vm.Bounds.U_HI : 0)
        | (s.max != null && isUnsigned64(s.max.type) ? gol.interp.vm.Bounds.U_MAX : 0);
    int base = allocN(4);
    int[] bounds = {lo, hi, max};
    for (int k = 0; k < 3; k++) {
      if (bounds[k] >= 0) {
        cb.emit(Op.MOV_L, base + k, bounds[k]);
      }
    }
    cb.emit(Op.MOV_R, base + 3, x);
    long n = staticLength(s.x.type);
    boolean isSlice = s.x.type.underlying() instanceof Type.Slice;
    cb.emit(Op.CALLN, cb.constR(new gol.interp.vm.CheckNatives.UnsignedSlice(n, flags, isSlice)), base);
  }

  /** Whether e is a non-constant uint, uint64 or uintptr that is not visibly below 2^63 (x >> k, x & c, x % c). */
  static boolean mayExceedMaxInt(Expr e) {
    if (e == null || e.constValue != null || !isUnsigned64(e.type)) {
      return false;
    }
    Expr u = e.unparen();
    if (u instanceof Expr.Call c && c.kind == Expr.Call.Kind.CONVERSION && c.args.size() == 1
        && Layout.isUnsigned(c.args.get(0).type) && !isUnsigned64(c.args.get(0).type)) {
      return false; // uint(b) of a byte, uint16 or uint32
    }
    if (u instanceof Expr.Binary b) {
      if (b.op == Tok.SHR && b.y.constValue instanceof Constant.Int k && k.value.signum() > 0) {
        return false;
      }
      if ((b.op == Tok.AND || b.op == Tok.REM) && (smallNonNegative(b.x) || smallNonNegative(b.y))) {
        return false;
      }
    }
    return true;
  }

  private static boolean smallNonNegative(Expr e) {
    return e.constValue instanceof Constant.Int k && k.value.signum() >= 0 && k.value.bitLength() < 63;
  }

  /** An array's (or array pointer's) length; -1 for strings and slices. */
  static long staticLength(Type t) {
    Type u = t.underlying();
    if (u instanceof Type.Pointer p) {
      u = p.elem.underlying();
    }
    return u instanceof Type.Array a ? a.len : -1;
  }

  static int loadOp(Type elem) {
    if (isByte(elem)) {
      return Op.LDX_B;
    }
    return isPrim(elem) ? Op.LDX_L : Op.LDX_R;
  }

  /** The element type of an array or of a pointer to one (what the LDA and STA ops index). */
  static Type arrayElem(Type t) {
    Type u = t.underlying();
    if (u instanceof Type.Pointer p) {
      u = p.elem.underlying();
    }
    return ((Type.Array) u).elem;
  }

  static int arrayLoadOp(Type elem) {
    return isByte(elem) ? Op.LDA_B : isPrim(elem) ? Op.LDA_L : Op.LDA_R;
  }

  static int arrayStoreOp(Type elem) {
    return isByte(elem) ? Op.STA_B : isPrim(elem) ? Op.STA_L : Op.STA_R;
  }

  static int storeOp(Type elem) {
    if (isByte(elem)) {
      return Op.STX_B;
    }
    return isPrim(elem) ? Op.STX_L : Op.STX_R;
  }

  /** byte-sized elements live in byte[] backing arrays. */
  static boolean isByte(Type t) {
    return Layout.kind(t) == Type.Kind.UINT8;
  }

  void slice(Expr.SliceExpr s, int dst) {
    boundsFirst(s);
    if (!isString(s.x.type)) {
      boolean isSlice = s.x.type.underlying() instanceof Type.Slice;
      int x = val(s.x);
      int lo = s.lo == null ? -1 : val(s.lo);
      int hi = s.hi == null ? -1 : val(s.hi);
      int max = s.max == null ? -1 : val(s.max);
      sliceGuard(s, x, lo, hi, max);
      cb.emit(isSlice ? Op.SLICE_SL : Op.SLICE_A, dst, x, lo, hi, max);
      return;
    }
    int x = val(s.x);
    int lo = s.lo == null ? -1 : val(s.lo);
    int hi = s.hi == null ? -1 : val(s.hi);
    sliceGuard(s, x, lo, hi, -1);
    cb.emit(Op.SLICE_S, dst, x, lo, hi);
  }

  /**
   * gc's order for a slice expression whose bounds hold a call: the calls in the operand, then
   * each bound that is not a plain variable, in order (its calls first); the operand and the
   * bounds that are variables are read last — s[i:f()] slices the s and i that f left.
   */
  private void boundsFirst(Expr.SliceExpr s) {
    if (!CallsFirst.hasCall(s.lo) && !CallsFirst.hasCall(s.hi) && !CallsFirst.hasCall(s.max)) {
      return;
    }
    hoist(List.of(s.x), 0, 1);
    for (Expr bound : new Expr[] {s.lo, s.hi, s.max}) {
      if (bound != null && bound.constValue == null && !(bound.unparen() instanceof Expr.Ident)
          && held(bound) == null) {
        hold(bound);
      }
    }
  }

  /**
   * The name of the next function literal, as gc names closures: main.f.func1 in a declared
   * function, main.f.func1.1 in a literal (gc never repeats ".func"), and a literal in a
   * range-over-func loop body is numbered with those of the function holding the loop.
   */
  private String literalName() {
    FuncCompilerBase owner = this;
    while (owner.rangeBody != null) {
      owner = owner.parent;
    }
    return owner.proto.name + (owner.funcLiteral ? "." : ".func") + (++owner.literals);
  }

  void funcLit(Expr.FuncLit f, int dst) {
    Proto p = new Proto(literalName(), proto.file, f.line);
    FuncCompiler fc = new FuncCompiler(c, this, p);
    fc.funcLiteral = true;
    List<Obj.Var> caps = f.captures == null ? List.of() : f.captures;
    p.captures = new int[caps.size()];
    for (int i = 0; i < caps.size(); i++) {
      Obj.Var v = caps.get(i);
      fc.upvals.put(v, i);
      Integer r = regs.get(v);
      p.captures[i] = r != null ? r : -upval(v) - 1;
    }
    fc.function(null, (Type.Signature) f.type.underlying(), f.body);
    cb.emit(Op.CLOSURE, dst, cb.constR(p));
  }

  // ---- conversions ----

  void convert(Expr x, Type to, int dst) {
    Type from = x.type;
    if (isInterface(to)) {
      intoConv(x, to, dst);
      return;
    }
    Type.Kind fk = Layout.kind(from);
    Type.Kind tk = Layout.kind(to);
    if (tk != null && fk != null && isPrim(to) && isPrim(from)) {
      int r = val(x);
      if (tk.isInteger() && fk.isInteger()) {
        int w = Layout.wrapCode(to);
        if (w != 0) {
          cb.emit(Op.WRAP, dst, r, w);
        } else {
          move(to, dst, r);
        }
      } else if (tk.isFloat() && fk.isInteger()) {
        if (tk == Type.Kind.FLOAT32) { // rounded once, to float32
          cb.emit(isUnsigned64(from) ? Op.U2F32 : Op.I2F32, dst, r);
        } else {
          cb.emit(isUnsigned64(from) ? Op.U2F : Op.I2F, dst, r);
        }
      } else if (tk.isInteger() && fk.isFloat()) {
        cb.emit(isUnsigned64(to) ? Op.F2U : viaInt32(tk) ? Op.F2I32 : Op.F2I, dst, r);
        wrap(to, dst);
      } else if (tk.isFloat() && fk.isFloat()) {
        if (tk == Type.Kind.FLOAT32 && fk != Type.Kind.FLOAT32) {
          cb.emit(Op.F32, dst, r);
        } else {
          move(to, dst, r);
        }
      } else {
        move(to, dst, r); // bool to bool (named)
      }
      return;
    }
    if (Layout.isComplex(to) && Layout.isComplex(from)) {
      int r = val(x);
      if (Layout.isComplex64(to) && !Layout.isComplex64(from)) {
        nativeCall(ComplexOps.TO64, r, -1, dst);
      } else {
        cb.emit(Op.MOV_R, dst, r);
      }
      return;
    }
    if (isString(to)) {
      if (fk != null && fk.isInteger()) {
        cb.emit(Op.RUNE2S, dst, val(x));
        return;
      }
      if (isString(from)) {
        into(x, dst);
        return;
      }
      if (from.underlying() instanceof Type.Slice sl) {
        cb.emit(isByte(sl.elem) ? Op.BYTES2STR : Op.RUNES2STR, dst, val(x));
        return;
      }
    }
    if (to.underlying() instanceof Type.Slice sl && isString(from)) {
      cb.emit(isByte(sl.elem) ? Op.STR2BYTES : Op.STR2RUNES, dst, val(x));
      return;
    }
    if (from.underlying() instanceof Type.Slice && (to.underlying() instanceof Type.Array
        || to.underlying() instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Array)) {
      sliceToArray(x, to, dst);
      return;
    }
    if (gol.interp.check.Types.isUnsafePointer(to) && from.underlying() instanceof Type.Pointer) {
      nativeCall(new gol.interp.vm.ConvertNatives.UnsafePointerConversion(c.rtypes.of(from), true), val(x), -1, dst);
      return;
    }
    if (gol.interp.check.Types.isUnsafePointer(from) && to.underlying() instanceof Type.Pointer) {
      nativeCall(new gol.interp.vm.ConvertNatives.UnsafePointerConversion(c.rtypes.of(to), false), val(x), -1, dst);
      return;
    }
    if (!isPrim(to) && !isPrim(from)) {
      // same underlying type (named ↔ unnamed): the representation does not change
      into(x, dst);
      return;
    }
    unsupported(x, "conversion from " + from + " to " + to);
  }

  /**
   * {@code (*[N]T)(s)} and {@code [N]T(s)}: the slice's backing array itself when the slice
   * starts it and it is N long (so the pointer aliases the slice, as in Go), else its first N
   * elements copied into a new array; an array value is then copied. A nil slice gives a nil
   * pointer (N = 0); a shorter slice panics with Go's text.
   */
  private void sliceToArray(Expr x, Type to, int dst) {
    boolean pointer = to.underlying() instanceof Type.Pointer;
    Type arrayType = pointer ? ((Type.Pointer) to.underlying()).elem : to;
    long n = ((Type.Array) arrayType.underlying()).len;
    int base = allocN(2);
    into(x, base);
    cb.emit(Op.NEWV, base + 1, cb.constR(c.rtypes.of(arrayType)));
    cb.emit(Op.CALLN, cb.constR(new gol.interp.vm.ConvertNatives.SliceToArray((int) n, pointer)), base);
    cb.emit(Op.MOV_R, dst, base);
    if (!pointer) {
      cb.emit(Op.COPYV, dst, dst, rt(arrayType));
    }
  }

  // ---- fields ----

  /**
   * Evaluates the struct object that holds field {@code path[last]} of x (walking embedded
   * fields; a pointer to a struct is the struct object, so both walk alike); returns its register.
   */
  int fieldBase(Expr x, int[] path, int upto) {
    int r = val(x);
    Type t = x.type;
    for (int i = 0; i < upto; i++) {
      Type.Struct st = structOf(t);
      Obj.Var f = st.fields.get(path[i]);
      int slot = c.rtypes.of(derefType(t)).fieldSlot[path[i]];
      int d = alloc();
      cb.emit(Op.GETF_R, d, r, slot);
      r = d;
      t = f.type;
    }
    return r;
  }

  static Type derefType(Type t) {
    return t.underlying() instanceof Type.Pointer p ? p.elem : t;
  }

  static Type.Struct structOf(Type t) {
    return (Type.Struct) derefType(t).underlying();
  }

  /** x.f (a field selection, possibly promoted) into dst. */
  void field(Expr.Selector s, int dst) {
    int[] path = s.selection.path;
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    cb.emit(isPrim(s.type) ? Op.GETF_L : Op.GETF_R, dst, base, slot);
  }

  /** The type of the struct (or pointer) reached after upto steps of path from t. */
  static Type ownerType(Type t, int[] path, int upto) {
    for (int i = 0; i < upto; i++) {
      t = structOf(t).fields.get(path[i]).type;
    }
    return t;
  }

  /** Stores src into field s of the struct that register base refers to (see fieldBase). */
  void storeFieldAt(Expr.Selector s, int base, int src) {
    int[] path = s.selection.path;
    Type owner = ownerType(s.x.type, path, path.length - 1);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    if (isValue(s.type)) {
      int o = alloc();
      cb.emit(Op.GETF_R, o, base, slot);
      cb.emit(Op.ASSIGNV, o, src, rt(s.type));
    } else {
      cb.emit(isPrim(s.type) ? Op.SETF_L : Op.SETF_R, base, slot, src);
    }
  }

  // ---- pointers ----

  /** &x into dst. */
  void addressOf(Expr x, int dst) {
    Expr u = x.unparen();
    if (u instanceof Expr.CompositeLit lit) {
      if (isValue(lit.type)) {
        compositeLit(lit, dst, true); // a struct or array object is its own address
        return;
      }
      int v = alloc(); // &[]T{...}, &map[K]V{...}: a fresh cell holding the value
      compositeLit(lit, v);
      cb.emit(Op.NEWCELL_R, dst);
      cb.emit(Op.STCELL_R, dst, v);
      return;
    }
    if (u instanceof Expr.Star st) {
      into(st.x, dst); // &*p == p, after the nil check *p implies
      cb.emit(Op.CALLN, cb.constR(NIL_CHECK), dst);
      return;
    }
    if (isValue(x.type)) {
      into(u, dst); // a struct or array location's object is its address
      return;
    }
    if (u instanceof Expr.Ident id && id.obj instanceof Obj.Var v && !v.isGlobal) {
      Integer r = regs.get(v);
      if (r != null) {
        cb.emit(Op.MOV_R, dst, r); // the variable's heap cell (it escapes: address taken)
      } else {
        cb.emit(Op.GETUP, dst, upval(v));
      }
      return;
    }
    Obj.Var global = u instanceof Expr.Ident id && id.obj instanceof Obj.Var v ? v
        : u instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Var v ? v : null;
    if (global != null && global.isGlobal) {
      cb.emit(isPrim(global.type) ? Op.ADDR_GL : Op.ADDR_GR, dst, c.globalIndex(global));
      return;
    }
    if (u instanceof Expr.Selector s && s.selection != null && s.selection.kind == gol.interp.types.Selection.Kind.FIELD) {
      int[] path = s.selection.path;
      int base = fieldBase(s.x, path, path.length - 1);
      Type owner = ownerType(s.x.type, path, path.length - 1);
      int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
      cb.emit(isPrim(s.type) ? Op.ADDR_FL : Op.ADDR_FR, dst, base, slot);
      return;
    }
    if (u instanceof Expr.Index ix) {
      Type xt = ix.x.type.underlying();
      if (xt instanceof Type.Slice) {
        int xr = val(ix.x);
        cb.emit(Op.ADDR_X, dst, xr, indexVal(ix, xr));
        return;
      }
      if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
        int xr = val(ix.x);
        cb.emit(Op.ADDR_A, dst, xr, indexVal(ix, xr));
        return;
      }
    }
    unsupported(x, "taking the address of this operand");
  }

  /**
   * Panics when the pointer at base is nil (for &*p, which does not load *p). A class, not a
   * lambda: this field is made whenever the compiler is (see Loader.SourceOf).
   */
  private static final gol.runtime.Native NIL_CHECK = new NilCheck();

  private static final class NilCheck implements gol.runtime.Native {
    @Override
    public void call(gol.runtime.G g, int base) {
      if (g.rs[base] == null) {
        throw new NullPointerException(); // reported as Go's nil dereference (SIGSEGV) panic
      }
    }
  }

  /** Whether values of t hold no data (struct{}, [0]T, structs and arrays of such). */
  static boolean zeroSize(Type t) {
    Type u = t.underlying();
    if (u instanceof Type.Struct st) {
      for (Obj.Var f : st.fields) {
        if (!zeroSize(f.type)) {
          return false;
        }
      }
      return true;
    }
    return u instanceof Type.Array a && (a.len == 0 || zeroSize(a.elem));
  }

  /** *p into dst. */
  void deref(Expr.Star s, int dst) {
    int p = val(s.x);
    if (isValue(s.type)) {
      cb.emit(Op.MOV_R, dst, p); // the object (a copy is made where it is stored; nil panics there)
      if (zeroSize(s.type)) {
        // nothing reads a value without fields, so *p == *q would not panic for a nil p
        cb.emit(Op.CALLN, cb.constR(NIL_CHECK), dst);
      }
      return;
    }
    cb.emit(isPrim(s.type) ? Op.LDP_L : Op.LDP_R, dst, p);
  }

  // ---- maps ----

  void mapIndex(Expr.Index ix, int dst, boolean commaOk) {
    Type.Map mt = (Type.Map) ix.x.type.underlying();
    int m = val(ix.x);
    int k = alloc();
    List<Expr> parts = commaOk ? null : concatKey(mt, ix.index);
    if (parts != null) {
      cb.emit(Op.MAPGET_CAT, dst, m, concatParts(parts), parts.size(), k, rt(ix.x.type));
      return;
    }
    if (!commaOk && isBytesKey(mt, ix.index)) {
      int b = alloc();
      bytesKeyInto(ix.index, b);
      cb.emit(Op.MAPGET_CAT, dst, m, b, 1, k, rt(ix.x.type));
      return;
    }
    intoConv(ix.index, mt.key, k);
    cb.emit(commaOk ? Op.MAPGET2 : Op.MAPGET, dst, m, k, rt(ix.x.type));
  }

  /**
   * The operands of key when it is a concatenation and the map's keys are strings: m[a + b]
   * then looks the key up from its parts (MAPGET_CAT), building it only if it is not there.
   */
  static List<Expr> concatKey(Type.Map mt, Expr key) {
    return isString(mt.key) ? concatOperands(key) : null;
  }

  /**
   * Whether m[key] can be looked up from bytes, without making the string first (as Go's
   * compiler does for m[string(b)]): the map's keys are strings and key is string(b) for a
   * []byte b, or a call of a string getter (see {@link #stringGetterField}). MAPGET_CAT with
   * one part, the []byte (bytesKeyInto evaluates it), then finds the map's own key from the
   * bytes and makes the string only when the key is absent.
   */
  static boolean isBytesKey(Type.Map mt, Expr key) {
    if (!isString(mt.key) || !(key.unparen() instanceof Expr.Call c) || c.ellipsis) {
      return false;
    }
    if (c.kind == Expr.Call.Kind.CONVERSION) {
      return c.args.size() == 1 && isString(c.type) && isByteSlice(c.args.get(0).type);
    }
    return c.kind == Expr.Call.Kind.CALL && stringGetterField(c) != null;
  }

  static boolean isByteSlice(Type t) {
    return t != null && t.underlying() instanceof Type.Slice sl && isByte(sl.elem);
  }

  /**
   * For a call x.m() of a declared method (not through an interface) whose whole body is
   * {@code return string(r.f)} — r its receiver, a pointer to a non-generic named struct, f a
   * []byte field of that struct, as bufio's {@code (*Scanner).Text} is — the selector r.f in
   * that body; null otherwise. Such a call used as a map key is compiled as loading x.f (what
   * the call returns the string of: the receiver is evaluated as the call would, and a nil one
   * panics on the load as the method's body would).
   */
  static Expr.Selector stringGetterField(Expr.Call call) {
    if (!call.args.isEmpty() || !(call.fun.unparen() instanceof Expr.Selector s) || s.selection == null
        || s.selection.kind != gol.interp.types.Selection.Kind.METHOD_VALUE
        || !(s.selection.obj instanceof Obj.Func f) || CallCompiler.isInterfaceMethod(s)) {
      return null;
    }
    Type.Signature sig = (Type.Signature) f.type;
    if (sig.recv == null || !(sig.recv.type instanceof Type.Pointer p) || !(p.elem instanceof Type.Named nt)
        || !nt.typeParams.isEmpty() || nt.typeArgs != null || !(nt.underlying() instanceof Type.Struct)
        || sig.results.size() != 1 || !isString(sig.results.vars.get(0).type)) {
      return null;
    }
    gol.interp.ast.Decl.Func d = f.declNode;
    if (d == null || d.body == null || d.body.stmts.size() != 1
        || !(d.body.stmts.get(0) instanceof gol.interp.ast.Stmt.Return r) || r.results.size() != 1
        || !(r.results.get(0).unparen() instanceof Expr.Call conv)
        || conv.kind != Expr.Call.Kind.CONVERSION || conv.args.size() != 1 || !isString(conv.type)
        || !(conv.args.get(0).unparen() instanceof Expr.Selector fs) || fs.selection == null
        || fs.selection.kind != gol.interp.types.Selection.Kind.FIELD || fs.selection.path.length != 1
        || !(fs.x.unparen() instanceof Expr.Ident id) || id.obj != sig.recv || !isByteSlice(fs.type)) {
      return null;
    }
    return fs;
  }

  /** Evaluates into dst the []byte of a key {@link #isBytesKey} accepted. */
  abstract void bytesKeyInto(Expr key, int dst);

  // ---- interfaces ----

  void typeAssert(Expr.TypeAssert ta, int dst, boolean commaOk) {
    int x = val(ta.x);
    Type t = ta.assertType.type;
    gol.interp.vm.Sites.Assert site = new gol.interp.vm.Sites.Assert(c.rtypes.of(t), RTypes.name(ta.x.type));
    cb.emit(commaOk ? Op.ASSERT2 : Op.ASSERT, dst, x, cb.constR(site));
  }

}
