package gol.interp.compile;

import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isString;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Calls of a function body: function and method calls, argument passing, builtins, method values
 * and expressions, composite literals (see {@link FuncCompilerBase}).
 */
abstract class CallCompiler extends ExprCompiler {
  CallCompiler(Compiler c, FuncCompilerBase parent, Proto proto) {
    super(c, parent, proto);
  }

  // ---- calls ----

  void callInto(Expr.Call call, int dst) {
    switch (call.kind) {
      case CONVERSION:
        convert(call.args.get(0), call.type, dst);
        return;
      case BUILTIN:
        builtin(call, dst);
        return;
      default: {
        if (intrinsic(call, dst)) {
          return;
        }
        int base = call(call);
        cb.emit(Op.MOV, dst, base);
      }
    }
  }

  static boolean isIntrinsic(Expr.Call call) {
    Obj.Func f = staticTarget(call.fun.unparen());
    return f != null && f.pkg != null && "math".equals(f.pkg.path) && "Sqrt".equals(f.name)
        && call.args.size() == 1 && !call.ellipsis;
  }

  /** A call of a stdlib function the VM has an instruction for (math.Sqrt): emitted as that. */
  boolean intrinsic(Expr.Call call, int dst) {
    if (!isIntrinsic(call)) {
      return false;
    }
    int x = val(call.args.get(0));
    cb.setLine(call.line);
    cb.emit(Op.SQRT_F, dst, x);
    return true;
  }

  /**
   * Emits a call; returns the register where its results (and, before the call, its arguments)
   * start. Everything above that register is free again after the results are consumed.
   */
  int call(Expr.Call call) {
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    Expr fun = call.fun.unparen();
    if (fun instanceof Expr.Selector ms && ms.selection != null
        && ms.selection.kind == gol.interp.types.Selection.Kind.METHOD_VALUE) {
      return methodCall(call, ms);
    }
    Obj.Func target = staticTarget(fun);
    int fnReg = -1;
    if (target == null) {
      fnReg = val(call.fun);
    }
    int nparams = sig.params.size();
    int width = Math.max(nparams, sig.results.size());
    int base = allocN(width);
    args(call, sig, base);
    cb.setLine(callLine(call));
    if (target != null) {
      Proto p = c.protoOf(target);
      if (p.nativeFn != null) {
        cb.emit(Op.CALLN, cb.constR(p.nativeFn), base);
      } else {
        cb.emit(Op.CALL, cb.constR(p), base);
      }
    } else {
      cb.emit(Op.CALLC, fnReg, base);
    }
    next = base + width;
    return base;
  }

  /**
   * The line a call is attributed to in tracebacks, runtime.Caller and testing's log lines: the
   * line of its "(", as gc positions a call (a closure called as "}()" or a method called on the
   * line after "x." is attributed to the line of the parenthesis, not of the expression's start).
   */
  static int callLine(Expr.Call call) {
    return call.lparenLine > 0 ? call.lparenLine : call.line;
  }

  /** The declared function a call expression names directly, if any. */
  static Obj.Func staticTarget(Expr fun) {
    fun = instantiated(fun);
    if (fun instanceof Expr.Ident id && id.obj instanceof Obj.Func f && !f.isMethod()) {
      return f;
    }
    if (fun instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Func f) {
      return f;
    }
    return null;
  }

  /** {@code F[int]} names the instance F's name was pointed at by the checker: F itself. */
  static Expr instantiated(Expr fun) {
    Expr base = fun instanceof Expr.Index ix ? ix.x.unparen() : fun instanceof Expr.IndexList il ? il.x.unparen() : null;
    if (base instanceof Expr.Ident id && id.obj instanceof Obj.Func) {
      return base;
    }
    if (base instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Func) {
      return base;
    }
    return fun;
  }

  /** Evaluates the arguments of a call into base, base+1, ... (packing a variadic tail). */
  void args(Expr.Call call, Type.Signature sig, int base) {
    List<Expr> args = call.args;
    int nparams = sig.params.size();
    if (args.size() == 1 && args.get(0).type instanceof Type.Tuple tuple) {
      // f(g()) with g returning several values
      int inner = call((Expr.Call) args.get(0).unparen());
      spread(sig, tuple, inner, base, call.ellipsis);
      return;
    }
    boolean pack = sig.variadic && !call.ellipsis; // the last arguments become a slice
    int fixed = pack ? nparams - 1 : nparams;
    Type elem = pack ? ((Type.Slice) sig.params.at(nparams - 1)).elem : null;
    int n = pack ? args.size() - fixed : 0;
    int tmp = n > 0 ? allocN(n) : -1;
    int[] order = callsFirstOrder(args, 0, args.size()); // gc's order: the calls first
    for (int k = 0; k < args.size(); k++) {
      int i = order == null ? k : order[k];
      if (i < fixed) {
        intoConv(args.get(i), sig.params.at(i), base + i);
      } else {
        intoOwned(args.get(i), elem, tmp + i - fixed);
      }
    }
    if (n > 0) {
      varargs(elem, base + nparams - 1, tmp, n);
      next = tmp;
    } else if (pack) {
      cb.emit(Op.NIL_R, base + nparams - 1);
    }
  }

  /** Packs args[from:from+n] into a new slice of elem in dst (a variadic call's last parameter). */
  void packVariadic(Type elem, List<Expr> args, int from, int n, int dst) {
    if (n == 0) {
      cb.emit(Op.NIL_R, dst);
      return;
    }
    int tmp = allocN(n);
    int[] order = callsFirstOrder(args, from, from + n);
    for (int k = 0; k < n; k++) {
      int i = order == null ? from + k : order[k];
      intoOwned(args.get(i), elem, tmp + i - from);
    }
    varargs(elem, dst, tmp, n);
    next = tmp;
  }

  /** dst := a new []elem of the n values in registers tmp, tmp+1, ... (n > 0). */
  private void varargs(Type elem, int dst, int tmp, int n) {
    if (!isByte(elem)) {
      cb.emit(isPrim(elem) ? Op.VARARGS_L : Op.VARARGS, dst, tmp, n);
      return;
    }
    // bytes live in a byte[]: make the slice, then store each one (func f(b ...byte); f(1, 2))
    int m = next;
    int len = alloc();
    loadInt(len, n);
    cb.emit(Op.MAKESL, dst, len, -1, rt(new Type.Slice(elem)));
    for (int i = 0; i < n; i++) {
      loadInt(len, i);
      cb.emit(Op.STX_B, dst, len, tmp + i);
    }
    next = m;
  }

  /** Moves a multi-value call's results (at {@code from}) into argument registers. */
  void spread(Type.Signature sig, Type.Tuple tuple, int from, int base, boolean ellipsis) {
    int nparams = sig.params.size();
    int fixed = sig.variadic && !ellipsis ? nparams - 1 : nparams;
    int n = tuple.size();
    for (int i = 0; i < fixed && i < n; i++) {
      convertReg(tuple.at(i), sig.params.at(i), from + i, base + i);
    }
    if (sig.variadic && !ellipsis) {
      Type elem = ((Type.Slice) sig.params.at(nparams - 1)).elem;
      int count = n - fixed;
      if (count == 0) {
        cb.emit(Op.NIL_R, base + nparams - 1);
        return;
      }
      int tmp = allocN(count);
      for (int i = 0; i < count; i++) {
        convertReg(tuple.at(fixed + i), elem, from + fixed + i, tmp + i);
      }
      varargs(elem, base + nparams - 1, tmp, count);
    }
  }

  /** Copies a value of type {@code from} in register src to dst as type {@code to}. */
  void convertReg(Type from, Type to, int src, int dst) {
    if (isInterface(to) && !isInterface(from)) {
      box(from, src, dst);
    } else if (src != dst) {
      cb.emit(Op.MOV, dst, src);
    }
  }

  // ---- builtins ----

  /**
   * min(x, y, ...) / max(x, y, ...) of non-constant operands: the arguments are evaluated in
   * order and folded two at a time (ints and strings by compare-and-move, floats by a native
   * with Go's NaN and signed-zero rules).
   */
  private void minMax(Expr.Call call, List<Expr> args, boolean min, int dst) {
    Type t = call.type;
    int acc = alloc();
    into(args.get(0), acc);
    for (int i = 1; i < args.size(); i++) {
      int v = val(args.get(i));
      if (Layout.isFloat(t)) {
        int base = allocN(2);
        cb.emit(Op.MOV_L, base, acc);
        cb.emit(Op.MOV_L, base + 1, v);
        cb.emit(Op.CALLN, cb.constR(c.nativeOrFail(min ? "builtin.fmin" : "builtin.fmax")), base);
        cb.emit(Op.MOV_L, acc, base);
        continue;
      }
      int skip;
      if (isString(t) || Layout.isUnsigned64(t)) {
        int r = alloc();
        int lt = isString(t) ? Op.LT_S : Op.LT_U;
        cb.emit(lt, r, min ? v : acc, min ? acc : v);
        skip = cb.emit(Op.JF, r, -1);
      } else {
        skip = cb.emit(min ? Op.JGE_I : Op.JLE_I, v, acc, -1);
      }
      move(t, acc, v);
      cb.patch(skip, cb.pc());
    }
    move(t, dst, acc);
  }

  /** Compiles a builtin call; dst is -1 when the result is unused. */
  /**
   * A builtin call's arguments. For copy(f()) and the like (call.spread) the multi-value call
   * is evaluated here, its results standing in registers for the synthetic arguments.
   */
  List<Expr> builtinArgs(Expr.Call call) {
    if (call.spread == null) {
      return call.args;
    }
    int inner = call((Expr.Call) call.args.get(0).unparen());
    for (int i = 0; i < call.spread.size(); i++) {
      inRegister.put(call.spread.get(i), inner + i);
    }
    return call.spread;
  }

  void builtin(Expr.Call call, int dst) {
    Obj.Builtin b = (Obj.Builtin) ((Expr.Ident) call.fun.unparen()).obj;
    List<Expr> args = builtinArgs(call);
    for (int i = 1; i < args.size(); i++) {
      if (CallsFirst.hasCall(args.get(i))) { // max(a, f()), append(s, x, f()): a, s, x read after f
        hoist(args, 0, args.size());
        break;
      }
    }
    if (compositeBuiltin(call, args, b, dst)) {
      return;
    }
    switch (b.id) {
      case LEN:
      case CAP: {
        int d = dst < 0 ? alloc() : dst;
        Expr x = args.get(0);
        if (isString(x.type)) {
          cb.emit(Op.LEN_S, d, val(x));
        } else if (x.type.underlying() instanceof Type.Slice) {
          cb.emit(b.id == Obj.Builtin.Id.LEN ? Op.LEN_SL : Op.CAP_SL, d, val(x));
        } else if (x.type.underlying() instanceof Type.Chan) {
          cb.emit(b.id == Obj.Builtin.Id.LEN ? Op.LEN_CH : Op.CAP_CH, d, val(x));
        } else if (x.type.underlying() instanceof Type.Map) {
          cb.emit(Op.LEN_MAP, d, val(x));
        } else if (derefType(x.type).underlying() instanceof Type.Array a) {
          if (x.type.underlying() instanceof Type.Pointer) {
            val(x); // evaluated for its effects; Go does not dereference it
          }
          loadInt(d, a.len);
        } else {
          unsupported(call, b.name + " of " + x.type);
        }
        return;
      }
      case PRINT:
      case PRINTLN: {
        int base = allocN(1);
        if (args.size() == 1 && args.get(0).type instanceof Type.Tuple tuple) {
          // print(f()) with f returning several values: each result boxed as an argument
          int inner = call((Expr.Call) args.get(0).unparen());
          int tmp = allocN(tuple.size());
          for (int i = 0; i < tuple.size(); i++) {
            convertReg(tuple.at(i), gol.interp.check.Universe.EMPTY_INTERFACE, inner + i, tmp + i);
          }
          cb.emit(Op.VARARGS, base, tmp, tuple.size());
        } else {
          packVariadic(gol.interp.check.Universe.EMPTY_INTERFACE, args, 0, args.size(), base);
        }
        cb.setLine(call.line);
        cb.emit(Op.CALLN, cb.constR(c.nativeOrFail(b.id == Obj.Builtin.Id.PRINT ? "builtin.print" : "builtin.println")), base);
        return;
      }
      case MIN:
      case MAX:
        minMax(call, args, b.id == Obj.Builtin.Id.MIN, dst < 0 ? alloc() : dst);
        return;
      case COMPLEX: {
        int re = val(args.get(0));
        int im = val(args.get(1));
        nativeCall(gol.interp.vm.ComplexOps.MAKE, re, im, dst < 0 ? alloc() : dst);
        return;
      }
      case REAL:
      case IMAG:
        nativeCall(b.id == Obj.Builtin.Id.REAL ? gol.interp.vm.ComplexOps.REAL : gol.interp.vm.ComplexOps.IMAG,
            val(args.get(0)), -1, dst < 0 ? alloc() : dst);
        return;
      case CLOSE: {
        int ch = val(args.get(0));
        cb.setLine(call.line);
        cb.emit(Op.CLOSE, ch);
        return;
      }
      case MAKE: {
        Type t = args.get(0).type;
        if (t.underlying() instanceof Type.Chan) {
          int d = dst < 0 ? alloc() : dst;
          int size = alloc();
          if (args.size() > 1) {
            into(args.get(1), size);
          } else {
            cb.emit(Op.LOADI, size, 0);
          }
          cb.setLine(call.line);
          cb.emit(Op.MKCHAN, d, size, cb.constR(c.rtypes.of(t)));
          return;
        }
        unsupported(call, "make of " + t);
        return;
      }
      case PANIC: {
        int r = alloc();
        intoConv(args.get(0), gol.interp.check.Universe.EMPTY_INTERFACE, r);
        cb.setLine(call.line);
        cb.emit(Op.PANIC, r);
        return;
      }
      default:
        unsupported(call, "the builtin " + b.name);
    }
  }

  // ---- composite literals ----

  void compositeLit(Expr.CompositeLit lit, int dst) {
    compositeLit(lit, dst, false);
  }

  /** A composite literal; {@code heap}: its address is taken (&T{...}), so a struct or array is a new heap object (NEWH). */
  void compositeLit(Expr.CompositeLit lit, int dst, boolean heap) {
    Type t = lit.type;
    Type u = t.underlying();
    if (u instanceof Type.Pointer p) { // &T{...} elided in a nested literal
      t = p.elem;
      u = t.underlying();
      heap = true;
    }
    int newOp = heap ? Op.NEWH : Op.NEWV;
    int obj = alloc();
    if (u instanceof Type.Struct st) {
      cb.emit(newOp, obj, rt(t));
      int[] slots = c.rtypes.of(t).fieldSlot;
      Type[] types = new Type[lit.elts.size()];
      for (int i = 0; i < types.length; i++) {
        types[i] = st.fields.get(fieldIndex(st, lit.elts.get(i), i)).type;
      }
      int[] ahead = callsFirst(lit.elts, types);
      for (int i = 0; i < lit.elts.size(); i++) {
        Expr.Element el = lit.elts.get(i);
        int fi = fieldIndex(st, el, i);
        Type ft = types[i];
        int m = next;
        int v = elementValue(ahead, i, el.value, ft);
        if (!st.fields.get(fi).name.equals("_")) { // a blank field's value is evaluated, not stored
          cb.emit(isPrim(ft) ? Op.SETF_L : Op.SETF_R, obj, slots[fi], v);
        }
        next = m;
      }
    } else if (u instanceof Type.Array || u instanceof Type.Slice) {
      Type elem = u instanceof Type.Array a ? a.elem : ((Type.Slice) u).elem;
      long n = 0;
      long idx = 0;
      for (Expr.Element el : lit.elts) {
        if (el.key != null && el.key.constValue != null) {
          idx = el.key.constValue.longBits(Type.Kind.INT);
        }
        idx++;
        n = Math.max(n, idx);
      }
      if (u instanceof Type.Array) {
        cb.emit(newOp, obj, rt(t));
      } else {
        int len = alloc();
        loadInt(len, n);
        cb.emit(Op.MAKESL, obj, len, -1, rt(t));
      }
      idx = 0;
      Type[] types = new Type[lit.elts.size()];
      java.util.Arrays.fill(types, elem);
      int[] ahead = callsFirst(lit.elts, types);
      int ir = alloc();
      for (int i = 0; i < lit.elts.size(); i++) {
        Expr.Element el = lit.elts.get(i);
        if (el.key != null && el.key.constValue != null) {
          idx = el.key.constValue.longBits(Type.Kind.INT);
        }
        int m = next;
        int v = elementValue(ahead, i, el.value, elem);
        loadInt(ir, idx);
        cb.emit(u instanceof Type.Array ? arrayStoreOp(elem) : storeOp(elem), obj, ir, v);
        next = m;
        idx++;
      }
    } else if (u instanceof Type.Map mt) {
      cb.emit(Op.MAKEMAP, obj, -1, rt(t));
      for (Expr.Element el : lit.elts) {
        // gc sets each entry as an assignment of its own: a call in it runs before the key or
        // value it reads, and after the entries before it are set
        int m = next;
        int k = alloc();
        int v = alloc();
        List<Expr> kv = List.of(el.key, el.value);
        int[] order = callsFirstOrder(kv, 0, 2);
        for (int j = 0; j < 2; j++) {
          int i = order == null ? j : order[j];
          intoOwned(kv.get(i), i == 0 ? mt.key : mt.elem, i == 0 ? k : v);
        }
        cb.emit(Op.MAPSET, obj, k, v);
        next = m;
      }
    } else {
      unsupported(lit, "composite literals of type " + t);
    }
    cb.emit(Op.MOV_R, dst, obj);
  }

  /**
   * A struct literal's element values, evaluated in gc's order for a store of the literal
   * straight into an existing struct (StmtCompiler.literalInPlace): {@code value[f]} is the
   * register of field f's value, -1 for a field the literal leaves out and for a blank field
   * (whose value is evaluated and dropped). The registers stay allocated.
   */
  int[] structLitValues(Expr.CompositeLit lit, Type.Struct st) {
    Type[] types = new Type[lit.elts.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = st.fields.get(fieldIndex(st, lit.elts.get(i), i)).type;
    }
    int[] ahead = callsFirst(lit.elts, types);
    int[] value = new int[st.fields.size()];
    java.util.Arrays.fill(value, -1);
    for (int i = 0; i < lit.elts.size(); i++) {
      Expr.Element el = lit.elts.get(i);
      int fi = fieldIndex(st, el, i);
      int v = elementValue(ahead, i, el.value, types[i]);
      if (!st.fields.get(fi).name.equals("_")) {
        value[fi] = v;
      }
    }
    return value;
  }

  /** The index of the struct field element el (the i-th) sets. */
  private static int fieldIndex(Type.Struct st, Expr.Element el, int i) {
    if (el.key == null) {
      return i;
    }
    String name = ((Expr.Ident) el.key.unparen()).name;
    int fi = i;
    for (int k = 0; k < st.fields.size(); k++) {
      if (st.fields.get(k).name.equals(name)) {
        fi = k;
      }
    }
    return fi;
  }

  /** The register of element i's value: evaluated ahead (callsFirst), or now into a new one. */
  private int elementValue(int[] ahead, int i, Expr value, Type t) {
    if (ahead != null && ahead[i] >= 0) {
      return ahead[i];
    }
    int v = alloc();
    intoOwned(value, t, v);
    return v;
  }

  /**
   * gc's order for a literal's element values (CallsFirst): those with calls are evaluated now,
   * in order, each into a register of its own (returned at its index; the others -1), and the
   * literal then stores them in its written order; null when the written order is gc's.
   */
  private int[] callsFirst(List<Expr.Element> elts, Type[] types) {
    List<Expr> values = new ArrayList<>(elts.size());
    for (Expr.Element el : elts) {
      values.add(el.value);
    }
    if (callsFirstOrder(values, 0, values.size()) == null) {
      return null;
    }
    int[] ahead = new int[elts.size()];
    for (int i = 0; i < ahead.length; i++) {
      ahead[i] = -1;
      if (CallsFirst.hasCall(values.get(i))) {
        ahead[i] = alloc();
        intoOwned(values.get(i), types[i], ahead[i]);
      }
    }
    return ahead;
  }

  // ---- methods ----

  /**
   * The receiver for calling declared method m on s.x (walking s.selection's embedded path),
   * adjusted to m's receiver kind, into register dst.
   */
  void receiver(Expr.Selector s, Obj.Func m, int dst) {
    int[] path = s.selection.path;
    Type.Signature sig = (Type.Signature) m.type;
    boolean wantPtr = sig.recv.type instanceof Type.Pointer;
    Type baseT = wantPtr ? ((Type.Pointer) sig.recv.type).elem : sig.recv.type;
    boolean valueBase = isValue(baseT);
    if (path.length == 0) {
      Type xt = s.x.type;
      boolean xPtr = xt.underlying() instanceof Type.Pointer && !(isValue(xt));
      if (valueBase || wantPtr == xPtr) {
        into(s.x, dst);
      } else if (wantPtr) {
        addressOf(s.x, dst);
      } else {
        cb.emit(isPrim(baseT) ? Op.LDP_L : Op.LDP_R, dst, val(s.x));
      }
      return;
    }
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    Obj.Var f = structOf(owner).fields.get(path[path.length - 1]);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    boolean fPtr = f.type.underlying() instanceof Type.Pointer;
    if (valueBase || fPtr == wantPtr) {
      cb.emit(isPrim(f.type) ? Op.GETF_L : Op.GETF_R, dst, base, slot);
    } else if (wantPtr) {
      cb.emit(isPrim(f.type) ? Op.ADDR_FL : Op.ADDR_FR, dst, base, slot);
    } else {
      int t = alloc();
      cb.emit(Op.GETF_R, t, base, slot);
      cb.emit(isPrim(baseT) ? Op.LDP_L : Op.LDP_R, dst, t);
    }
  }

  /**
   * For a value method of a struct type called through a pointer ({@code p.V()}, or through an
   * embedded pointer field), which passes the pointer itself (a pointer to a struct is the
   * struct's object): a load of the struct's first field, so that a nil pointer faults here, in
   * the caller, after the arguments, as Go's dereference does, and not inside the callee (whose
   * frame would show in the traceback).
   */
  private void nilCheckDereferenced(Expr.Selector s, Obj.Func m, int recv) {
    Type recvT = ((Type.Signature) m.type).recv.type;
    if (recvT instanceof Type.Pointer || !(recvT.underlying() instanceof Type.Struct st) || st.fields.isEmpty()) {
      return;
    }
    int[] path = s.selection.path;
    Type via = path.length == 0 ? s.x.type
        : structOf(ownerType(s.x.type, path, path.length - 1)).fields.get(path[path.length - 1]).type;
    if (!(via.underlying() instanceof Type.Pointer)) {
      return;
    }
    int t = alloc();
    cb.emit(isPrim(st.fields.get(0).type) ? Op.GETF_L : Op.GETF_R, t, recv, c.rtypes.of(recvT).fieldSlot[0]);
  }

  /** A method call x.m(args); returns the register of its results (see call()). */
  int methodCall(Expr.Call call, Expr.Selector s) {
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    int width = Math.max(sig.params.size() + 1, sig.results.size());
    if (s.selection.obj instanceof Obj.Func m && !(m.type instanceof Type.Signature ms && ms.recv == null)
        && !isInterfaceMethod(s)) {
      int base = allocN(width);
      receiver(s, m, base);
      args(call, sig, base + 1);
      cb.setLine(callLine(call));
      nilCheckDereferenced(s, m, base);
      Proto p = c.protoOf(m);
      if (p.nativeFn != null) {
        cb.emit(Op.CALLN, cb.constR(p.nativeFn), base);
      } else {
        cb.emit(Op.CALL, cb.constR(p), base);
      }
      next = base + width;
      return base;
    }
    // an interface method (possibly promoted through an embedded interface field)
    int[] path = s.selection.path;
    int iface;
    if (path.length == 0) {
      iface = val(s.x);
    } else {
      int b = fieldBase(s.x, path, path.length - 1);
      Type owner = ownerType(s.x.type, path, path.length - 1);
      iface = alloc();
      cb.emit(Op.GETF_R, iface, b, c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]]);
    }
    int fn = alloc();
    int base = allocN(width);
    args(call, sig, base + 1);
    cb.setLine(callLine(call));
    cb.emit(Op.IMETH, fn, iface, base, cb.constR(new gol.interp.vm.Sites.Method(s.sel.name)));
    cb.emit(Op.CALLC, fn, base);
    next = base + width;
    return base;
  }

  @Override
  void bytesKeyInto(Expr key, int dst) {
    Expr.Call call = (Expr.Call) key.unparen();
    if (call.kind == Expr.Call.Kind.CONVERSION) {
      into(call.args.get(0), dst);
      return;
    }
    Expr.Selector s = (Expr.Selector) call.fun.unparen();
    Obj.Func m = (Obj.Func) s.selection.obj;
    Expr.Selector field = stringGetterField(call);
    Type struct = ((Type.Pointer) ((Type.Signature) m.type).recv.type).elem;
    int r = alloc();
    receiver(s, m, r);
    cb.setLine(callLine(call));
    cb.emit(Op.GETF_R, dst, r, c.rtypes.of(struct).fieldSlot[field.selection.path[0]]);
  }

  static boolean isInterfaceMethod(Expr.Selector s) {
    Type t = s.x.type;
    for (int i : s.selection.path) {
      t = structOf(t).fields.get(i).type;
    }
    return isInterface(t);
  }

  /** A method value x.m: a closure over a copy of the receiver. */
  void methodValue(Expr.Selector s, int dst) {
    Type.Signature sig = (Type.Signature) s.type.underlying();
    int np = sig.params.size();
    int nr = sig.results.size();
    Proto w = new Proto(proto.name + "-fm", proto.file, s.line);
    w.wrapper = true;
    CodeBuilder wb = new CodeBuilder();
    wb.setLine(s.line);
    for (int i = np - 1; i >= 0; i--) {
      wb.emit(Op.MOV, i + 1, i);
    }
    int recv = alloc();
    boolean prim;
    if (isInterfaceMethod(s)) {
      int[] path = s.selection.path;
      if (path.length == 0) {
        into(s.x, recv);
      } else {
        int b = fieldBase(s.x, path, path.length - 1);
        Type owner = ownerType(s.x.type, path, path.length - 1);
        cb.emit(Op.GETF_R, recv, b, c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]]);
      }
      prim = false;
      // Go resolves the method now: a nil interface panics here, not when the value is called
      int probe = allocN(2);
      cb.emit(Op.IMETH, probe, recv, probe + 1, cb.constR(new gol.interp.vm.Sites.Method(s.sel.name)));
      int f = Math.max(np + 1, nr);
      wb.emit(Op.LDUP_R, f + 1, 0);
      wb.emit(Op.IMETH, f, f + 1, 0, wb.constR(new gol.interp.vm.Sites.Method(s.sel.name)));
      wb.emit(Op.CALLC, f, 0);
      w.frameSize = f + 2;
    } else {
      Obj.Func m = (Obj.Func) s.selection.obj;
      Type rt = ((Type.Signature) m.type).recv.type;
      receiver(s, m, recv);
      copyValue(rt, recv);
      prim = isPrim(rt);
      wb.emit(prim ? Op.LDUP_L : Op.LDUP_R, 0, 0);
      Proto p = c.protoOf(m);
      if (p.nativeFn != null) {
        wb.emit(Op.CALLN, wb.constR(p.nativeFn), 0);
      } else {
        wb.emit(Op.CALL, wb.constR(p), 0);
      }
      w.frameSize = Math.max(np + 1, nr);
    }
    wb.emit(Op.RET, 0, nr);
    w.numParams = np;
    w.numResults = nr;
    w.captures = new int[] {alloc()};
    int cell = w.captures[0];
    cb.emit(prim ? Op.NEWCELL_L : Op.NEWCELL_R, cell);
    cb.emit(prim ? Op.STCELL_L : Op.STCELL_R, cell, recv);
    wb.finish(w);
    cb.emit(Op.CLOSURE, dst, cb.constR(w));
  }

  /** A method expression T.m / (*T).m: a func taking the receiver first. */
  void methodExpr(Expr.Selector s, int dst) {
    Obj.Func m = (Obj.Func) s.selection.obj;
    if (s.selection.path.length > 0 || isInterface(s.selection.recv)) {
      promotedMethodExpr(s, m, dst);
      return;
    }
    Type recvT = s.selection.recv;
    Type mt = ((Type.Signature) m.type).recv.type;
    boolean derefNeeded = recvT.underlying() instanceof Type.Pointer && !(mt.underlying() instanceof Type.Pointer)
        && !isValue(mt);
    if (!derefNeeded) {
      boolean viaPointer = recvT.underlying() instanceof Type.Pointer && !(mt.underlying() instanceof Type.Pointer);
      cb.emit(Op.LOADK_R, dst, cb.constR(viaPointer ? c.methods.nilCheckWrapper(m) : c.funcValue(m)));
      return;
    }
    cb.emit(Op.LOADK_R, dst, cb.constR(c.methods.derefWrapper(m)));
  }

  /**
   * A method expression of a promoted or interface method ({@code Outer.M}, {@code I.M}): a
   * wrapper function {@code func(r R, args...) { return r.M(args...) }} compiled from a
   * synthesised call, so the receiver path and interface dispatch are those of a method call.
   */
  void promotedMethodExpr(Expr.Selector s, Obj.Func m, int dst) {
    Type.Signature msig = (Type.Signature) m.type;
    List<Obj.Var> params = new ArrayList<>();
    Expr.Ident recv = param(params, s.selection.recv, s);
    List<Expr> args = new ArrayList<>();
    for (Obj.Var v : msig.params.vars) {
      args.add(param(params, v.type, s));
    }
    Expr.Ident sel = new Expr.Ident(s.sel.line, s.sel.col, s.sel.name);
    sel.obj = m;
    Expr.Selector ms = new Expr.Selector(s.line, s.col, recv, sel);
    ms.selection = new gol.interp.types.Selection(gol.interp.types.Selection.Kind.METHOD_VALUE,
        s.selection.recv, m, s.selection.path, s.selection.indirect);
    ms.type = new Type.Signature(null, msig.params, msig.results, msig.variadic);
    Expr.Call call = new Expr.Call(s.line, s.col, ms, args, msig.variadic);
    call.kind = Expr.Call.Kind.CALL;
    call.type = msig.results.size() == 1 ? msig.results.at(0) : msig.results;
    Proto p = new Proto(proto.name + "-fm", proto.file, s.line);
    p.wrapper = true;
    p.captures = new int[0];
    new FuncCompiler(c, this, p).callWrapper(params, call, msig.results.size());
    cb.emit(Op.CLOSURE, dst, cb.constR(p));
  }

  private static Expr.Ident param(List<Obj.Var> params, Type t, Expr at) {
    Obj.Var v = new Obj.Var("p" + params.size(), null, null, t);
    params.add(v);
    Expr.Ident id = new Expr.Ident(at.line, at.col, v.name);
    id.obj = v;
    id.type = t;
    return id;
  }

  /** make, new, append, copy, delete, clear, recover; false for the others. */
  boolean compositeBuiltin(Expr.Call call, List<Expr> args, Obj.Builtin b, int dst) {
    int d = dst < 0 ? alloc() : dst;
    cb.setLine(call.line);
    switch (b.id) {
      case MAKE: {
        Type t = args.get(0).type;
        Type u = t.underlying();
        if (u instanceof Type.Slice) {
          int len = alloc();
          intoConv(args.get(1), gol.interp.check.Universe.INT, len);
          int cap = -1;
          if (args.size() > 2) {
            cap = alloc();
            intoConv(args.get(2), gol.interp.check.Universe.INT, cap);
          }
          cb.setLine(call.line);
          cb.emit(Op.MAKESL, d, len, cap, rt(t));
          return true;
        }
        if (u instanceof Type.Map) {
          int hint = -1;
          if (args.size() > 1) {
            hint = alloc();
            intoConv(args.get(1), gol.interp.check.Universe.INT, hint);
          }
          cb.emit(Op.MAKEMAP, d, hint, rt(t));
          return true;
        }
        return false;
      }
      case NEW: {
        Type t = args.get(0).type;
        if (isValue(t)) {
          cb.emit(Op.NEWH, d, rt(t));
        } else {
          emitNewCell(t, d);
          if (isString(t) || Layout.isComplex(t)) {
            int z = alloc();
            zero(t, z);
            cb.emit(Op.STCELL_R, d, z);
          }
        }
        return true;
      }
      case APPEND: {
        Type st = call.type;
        Type elem = ((Type.Slice) st.underlying()).elem;
        int s = alloc();
        into(args.get(0), s);
        if (call.ellipsis) {
          int t = val(args.get(1));
          cb.setLine(call.line);
          cb.emit(Op.APPENDSL, d, s, t, rt(st));
          return true;
        }
        int n = args.size() - 1;
        int base = allocN(Math.max(n, 1));
        for (int i = 0; i < n; i++) {
          intoConv(args.get(i + 1), elem, base + i); // APPEND copies struct/array values itself
        }
        cb.setLine(call.line);
        cb.emit(Op.APPEND, d, s, base, n, rt(st));
        return true;
      }
      case COPY:
        cb.emit(Op.COPYSL, d, val(args.get(0)), val(args.get(1)), rt(args.get(0).type));
        return true;
      case DELETE: {
        Type.Map mt = (Type.Map) args.get(0).type.underlying();
        int m = val(args.get(0));
        int k = alloc();
        intoConv(args.get(1), mt.key, k);
        cb.emit(Op.MAPDEL, m, k);
        return true;
      }
      case CLEAR:
        cb.emit(Op.CLEAR, val(args.get(0)), rt(args.get(0).type.underlying() instanceof Type.Map
            ? args.get(0).type : args.get(0).type));
        return true;
      case RECOVER:
        cb.emit(Op.RECOVER, d);
        return true;
      default:
        return false;
    }
  }

}
