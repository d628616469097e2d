package gol.interp.compile;

import gol.interp.check.Types;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.Closure;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.interp.vm.Sites;
import gol.runtime.RType;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Method sets of run-time types (Go's itab contents): fills {@link RType#methods} with the
 * callable for each method in the type's method set, by Go's rules — a value type T has the
 * methods with value receivers declared on T and promoted through embedded fields (all of an
 * embedded *E's); *T has all of them.
 *
 * <p>Every entry is a {@link Closure} whose register 0 is the receiver as an interface holds it
 * (Iface.bits/ref). A declared method is used directly when that is already its receiver —
 * a struct or array value and a pointer to one are the same object, and callees copy value
 * receivers, so one Proto serves T and *T. Otherwise a small wrapper Proto adjusts register 0:
 * it dereferences (a value method of a non-struct type called through *T) or walks the embedded
 * fields of a promoted method, then calls the method in the same frame.
 */
final class MethodSets {
  private final Compiler c;
  private final Map<Obj.Func, Closure> derefWrappers = new HashMap<>();
  private final Map<Obj.Func, Closure> nilCheckWrappers = new HashMap<>();

  MethodSets(Compiler c) {
    this.c = c;
  }

  /** Fills r.methods for static type t (not an interface). */
  void fill(Type t, RType r) {
    boolean isPtr = t.underlying() instanceof Type.Pointer && !(t instanceof Type.Named);
    Type base = isPtr ? ((Type.Pointer) t.underlying()).elem : t;
    if (isPtr && Layout.isInterface(base)) {
      return; // a pointer to an interface has no methods
    }
    Set<String> names = new LinkedHashSet<>();
    collect(base, names, new HashSet<>());
    if (names.isEmpty()) {
      return;
    }
    Map<String, Object> ms = new HashMap<>();
    Map<String, String> sigs = new HashMap<>();
    for (String name : names) {
      Types.Lookup l = Types.lookup(t, name, null);
      if (l == null || l.ambiguous() || !(l.obj() instanceof Obj.Func m)) {
        continue;
      }
      boolean ifaceMethod = viaInterface(base, l.path());
      boolean ptrRecv = !ifaceMethod && Types.hasPtrRecv(m);
      if (ptrRecv && !isPtr && !l.indirect()) {
        continue; // *T's method: not in T's method set
      }
      ms.put(name, closureFor(base, isPtr, m, l.path(), ifaceMethod, ptrRecv));
      sigs.put(name, RTypes.name(m.type));
    }
    r.methods = ms;
    r.methodSigs = sigs;
  }

  /** Whether the embedded path from t ends at a field of interface type (an interface's method). */
  private static boolean viaInterface(Type t, int[] path) {
    if (path.length == 0) {
      return false;
    }
    for (int i : path) {
      Type st = t.underlying() instanceof Type.Pointer p ? p.elem : t;
      t = ((Type.Struct) st.underlying()).fields.get(i).type;
    }
    return Layout.isInterface(t);
  }

  /** Names of the methods declared on t and on the types embedded in it, recursively. */
  private static void collect(Type t, Set<String> out, Set<Type> seen) {
    if (t.underlying() instanceof Type.Pointer p && !(t instanceof Type.Named)) {
      t = p.elem;
    }
    if (!seen.add(t)) {
      return;
    }
    if (t instanceof Type.Named n) {
      for (Obj.Func m : n.methods) {
        out.add(m.name);
      }
    }
    Type u = t.underlying();
    if (u instanceof Type.Struct st) {
      for (Obj.Var f : st.fields) {
        if (f.embedded && f.type != null) {
          collect(f.type, out, seen);
        }
      }
    } else if (u instanceof Type.Interface it) {
      for (Obj.Func m : Types.complete(it)) {
        out.add(m.name);
      }
    }
  }

  private Closure closureFor(Type base, boolean isPtr, Obj.Func m, int[] path, boolean ifaceMethod, boolean ptrRecv) {
    if (path.length == 0 && !ifaceMethod) {
      if (!ptrRecv && isPtr) {
        // a value method in *T's method set: a nil *T panics with Go's panicwrap text
        return Layout.isValue(base) ? nilCheckWrapper(m) : derefWrapper(m);
      }
      return c.funcValue(m);
    }
    return promoted(base, m, path, ifaceMethod, ptrRecv);
  }

  /**
   * (*T).m for a value method m of a non-struct type T: checks the pointer (nil: Go's panicwrap
   * text), loads *recv, then calls m.
   */
  Closure derefWrapper(Obj.Func m) {
    return derefWrappers.computeIfAbsent(m, k -> {
      Type.Signature sig = (Type.Signature) m.type;
      Proto target = c.protoOf(m);
      Proto w = new Proto(target.name, target.file, target.line);
      w.wrapper = true; // a recover in m still counts as called by the deferred call
      CodeBuilder cb = new CodeBuilder();
      cb.setLine(target.line);
      cb.emit(Op.CALLN, cb.constR(nilCheck(m)), 0);
      cb.emit(Layout.isPrim(sig.recv.type) ? Op.LDP_L : Op.LDP_R, 0, 0);
      emitCall(cb, target);
      cb.emit(Op.RET, 0, sig.results.size());
      return finish(w, cb, sig);
    });
  }

  /**
   * (*T).m for a value method m of a struct or array type T (whose pointer is the value object
   * itself), as a method expression or in *T's method table (calls through an interface):
   * checks the pointer first, so that a nil one panics with Go's panicwrap text.
   */
  Closure nilCheckWrapper(Obj.Func m) {
    return nilCheckWrappers.computeIfAbsent(m, k -> {
      Type.Signature sig = (Type.Signature) m.type;
      Proto target = c.protoOf(m);
      Proto w = new Proto(target.name, target.file, target.line);
      w.wrapper = true; // a recover in m still counts as called by the deferred call
      CodeBuilder cb = new CodeBuilder();
      cb.setLine(target.line);
      cb.emit(Op.CALLN, cb.constR(nilCheck(m)), 0);
      emitCall(cb, target);
      cb.emit(Op.RET, 0, sig.results.size());
      return finish(w, cb, sig);
    });
  }

  /** Panics with runtime.panicwrap's text when the receiver pointer in slot base is nil. */
  private static gol.runtime.Native nilCheck(Obj.Func m) {
    Type rt = ((Type.Signature) m.type).recv.type;
    String type = rt instanceof Type.Named n ? n.obj.name : String.valueOf(rt);
    String pkg = rt instanceof Type.Named n && n.obj.pkg != null ? n.obj.pkg.path + "." : "";
    String msg = "value method " + pkg + type + "." + m.name + " called using nil *" + type + " pointer";
    return new gol.interp.vm.CheckNatives.NilReceiver(msg);
  }

  /** A promoted method: walks the embedded fields from the receiver, then calls. */
  private Closure promoted(Type base, Obj.Func m, int[] path, boolean ifaceMethod, boolean ptrRecv) {
    Type.Signature sig = (Type.Signature) m.type;
    Proto w = new Proto(c.rtypes.of(base).name + "." + m.name, "<autogenerated>", 1);
    CodeBuilder cb = new CodeBuilder();
    cb.setLine(1);
    Type cur = base;
    int np = sig.params.size();
    int scratch = Math.max(np + 1, sig.results.size());
    for (int i = 0; i < path.length; i++) {
      Type st = cur.underlying() instanceof Type.Pointer p ? p.elem : cur;
      Obj.Var f = ((Type.Struct) st.underlying()).fields.get(path[i]);
      int slot = c.rtypes.of(st).fieldSlot[path[i]];
      boolean last = i == path.length - 1;
      if (!last || ifaceMethod || Layout.isValue(f.type)
          || (f.type.underlying() instanceof Type.Pointer fp && Layout.isValue(fp.elem))) {
        cb.emit(Op.GETF_R, 0, 0, slot);
      } else if (ptrRecv && !(f.type.underlying() instanceof Type.Pointer)) {
        cb.emit(Layout.isPrim(f.type) ? Op.ADDR_FL : Op.ADDR_FR, 0, 0, slot);
      } else if (!ptrRecv && f.type.underlying() instanceof Type.Pointer fp) {
        cb.emit(Op.GETF_R, 0, 0, slot);
        cb.emit(Layout.isPrim(fp.elem) ? Op.LDP_L : Op.LDP_R, 0, 0);
      } else {
        cb.emit(Layout.isPrim(f.type) ? Op.GETF_L : Op.GETF_R, 0, 0, slot);
      }
      cur = f.type;
    }
    if (ifaceMethod) {
      cb.emit(Op.MOV_R, scratch + 1, 0);
      cb.emit(Op.IMETH, scratch, scratch + 1, 0, cb.constR(new Sites.Method(m.name)));
      cb.emit(Op.CALLC, scratch, 0);
    } else {
      emitCall(cb, c.protoOf(m));
    }
    cb.emit(Op.RET, 0, sig.results.size());
    Closure cl = finish(w, cb, sig);
    w.frameSize = scratch + 2;
    return cl;
  }

  private static void emitCall(CodeBuilder cb, Proto target) {
    if (target.nativeFn != null) {
      cb.emit(Op.CALLN, cb.constR(target.nativeFn), 0);
    } else {
      cb.emit(Op.CALL, cb.constR(target), 0);
    }
  }

  private static Closure finish(Proto w, CodeBuilder cb, Type.Signature sig) {
    w.numParams = sig.params.size() + 1;
    w.numResults = sig.results.size();
    w.frameSize = Math.max(w.numParams, w.numResults) + 2;
    cb.finish(w);
    return new Closure(w, new Object[0]);
  }
}
