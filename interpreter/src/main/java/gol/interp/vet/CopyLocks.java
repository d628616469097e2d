package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * go vet's copylocks analyzer: a value containing a lock (a type whose pointer has Lock and
 * Unlock but which itself has not, as sync.Mutex) passed, assigned, returned, ranged over or
 * put in a literal by value. The standard sync and sync/atomic types are described with Go's
 * own layouts (sync.WaitGroup contains sync.noCopy), so messages read as go vet's.
 */
final class CopyLocks {
  /** What a standard type contains, outermost first after the type itself, as Go lays it out. */
  private static final Map<String, List<String>> STD = Map.of(
      "sync.Mutex", List.of(),
      "sync.RWMutex", List.of(),
      "sync.WaitGroup", List.of("sync.noCopy"),
      "sync.Cond", List.of("sync.noCopy"),
      "sync.Pool", List.of("sync.noCopy"),
      "sync.Map", List.of("sync.Mutex"),
      "sync.Once", List.of("sync/atomic.Uint32", "sync/atomic.noCopy"));
  private static final Set<String> ATOMIC_NOCOPY = Set.of(
      "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Bool", "Pointer");

  private final Pass pass;

  private CopyLocks(Pass pass) {
    this.pass = pass;
  }

  static void run(Pass pass) {
    CopyLocks c = new CopyLocks(pass);
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.Range r) {
        c.rangeVar(r.op, r.key);
        c.rangeVar(r.op, r.value);
      } else if (n instanceof Decl.Func f) {
        c.func(f.name.name, f.recv, f.sig);
      } else if (n instanceof Expr.FuncLit f) {
        c.func("func", null, f.sig);
      } else if (n instanceof Expr.Call call) {
        c.call(call);
      } else if (n instanceof Stmt.Assign a) {
        for (int i = 0; i < a.rhs.size(); i++) {
          String path = c.rhsPath(a.rhs.get(i));
          if (path != null && i < a.lhs.size()) {
            pass.reportAt(a.rhs.get(i), "assignment copies lock value to " + GoSyntax.format(a.lhs.get(i)) + ": " + path);
          }
        }
      } else if (n instanceof Decl.Var v) {
        for (int i = 0; i < v.values.size(); i++) {
          String path = c.rhsPath(v.values.get(i));
          if (path != null && i < v.names.size()) {
            pass.reportAt(v.values.get(i), "variable declaration copies lock value to " + v.names.get(i).name + ": " + path);
          }
        }
      } else if (n instanceof Expr.CompositeLit cl) {
        for (Expr.Element el : cl.elts) {
          String path = c.rhsPath(el.value);
          if (path != null) {
            pass.reportAt(el.value, "literal copies lock value from " + GoSyntax.format(el.value) + ": " + path);
          }
        }
      } else if (n instanceof Stmt.Return r) {
        for (Expr x : r.results) {
          String path = c.rhsPath(x);
          if (path != null) {
            pass.reportAt(x, "return copies lock value: " + path);
          }
        }
      }
      return true;
    });
  }

  private void call(Expr.Call call) {
    Expr f = call.fun;
    Expr.Ident id = f instanceof Expr.Ident i ? i : f instanceof Expr.Selector s ? s.sel : null;
    if (id != null && id.obj instanceof Obj.Builtin b) {
      switch (b.id) {
        case NEW, LEN, CAP:
          return;
        default:
          break;
      }
    }
    for (Expr x : call.args) {
      String path = rhsPath(x);
      if (path != null) {
        pass.reportAt(x, "call of " + GoSyntax.format(call.fun) + " copies lock value: " + path);
      }
    }
  }

  private void func(String name, Expr.Field recv, Expr.FuncType sig) {
    List<Expr.Field> fields = new ArrayList<>();
    if (recv != null) {
      fields.add(recv);
    }
    fields.addAll(sig.params);
    for (Expr.Field f : fields) {
      if (f.type instanceof Expr.Ellipsis) {
        continue; // go/types records no type for ...T
      }
      String path = path(f.type.type);
      if (path != null) {
        pass.reportAt(f.type, name + " passes lock by value: " + path);
      }
    }
  }

  private void rangeVar(Tok op, Expr e) {
    if (e == null || (e instanceof Expr.Ident id && id.name.equals("_"))) {
      return;
    }
    Type t;
    if (op == Tok.DEFINE) {
      if (!(e instanceof Expr.Ident id) || id.obj == null) {
        return;
      }
      t = id.obj.type;
    } else {
      t = e.type;
    }
    String path = path(t);
    if (path != null) {
      pass.report(e, "range var " + GoSyntax.format(e) + " copies lock: " + path);
    }
  }

  /** The lock path of a value copied from x, or null: literals and calls make fresh values. */
  private String rhsPath(Expr x) {
    if (x == null) {
      return null;
    }
    x = x.unparen();
    if (x instanceof Expr.CompositeLit || x instanceof Expr.Call) {
      return null;
    }
    if (x instanceof Expr.Star s && s.x.unparen() instanceof Expr.Call) {
      return null;
    }
    if (x.isType || x.type == null || x instanceof Expr.FuncLit) {
      return null;
    }
    return path(x.type);
  }

  private static String path(Type t) {
    List<String> p = lockPath(t, new HashSet<>());
    if (p == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    for (int i = p.size() - 1; i >= 0; i--) {
      b.append(b.length() > 0 ? " contains " : "").append(p.get(i));
    }
    return b.toString();
  }

  /** Innermost first, as go vet builds it. */
  private static List<String> lockPath(Type t, Set<Type> seen) {
    if (t == null || !seen.add(t)) {
      return null;
    }
    if (t instanceof Type.TypeParam tp) {
      Type.Interface it = tp.iface();
      if (it == null || it.typeSet == null) {
        return null;
      }
      for (Type.Term term : it.typeSet) {
        List<String> sub = lockPath(term.type(), seen);
        if (sub != null && !sub.isEmpty()) {
          if (term.tilde()) {
            sub.set(sub.size() - 1, "~" + sub.get(sub.size() - 1));
          }
          sub.add(TypeNames.of(t));
          return sub;
        }
      }
      return null;
    }
    while (t.underlying() instanceof Type.Array a) {
      t = a.elem;
    }
    if (t instanceof Type.Named n && n.obj.pkg != null) {
      String path = n.obj.pkg.path;
      String name = TypeNames.of(n);
      String base = path + "." + n.obj.name;
      if (STD.containsKey(base)) {
        List<String> out = new ArrayList<>(STD.get(base));
        java.util.Collections.reverse(out);
        out.add(name);
        return out;
      }
      if (path.equals("sync/atomic")) {
        if (!ATOMIC_NOCOPY.contains(n.obj.name)) {
          return null;
        }
        List<String> out = new ArrayList<>(List.of("sync/atomic.noCopy"));
        out.add(name);
        return out;
      }
    }
    if (!(t.underlying() instanceof Type.Struct s)) {
      return null;
    }
    if (locker(t, true) && !locker(t, false)) {
      List<String> out = new ArrayList<>();
      out.add(TypeNames.of(t));
      return out;
    }
    for (Obj.Var f : s.fields) {
      List<String> sub = lockPath(f.type, seen);
      if (sub != null) {
        sub.add(TypeNames.of(t));
        return sub;
      }
    }
    return null;
  }

  /** Whether T (or *T, with {@code ptr}) has methods Lock() and Unlock(): implements sync.Locker. */
  private static boolean locker(Type t, boolean ptr) {
    Type x = ptr ? new Type.Pointer(t) : t;
    for (String m : new String[] {"Lock", "Unlock"}) {
      Obj.Func f = Pass.methodOf(x, m);
      if (f == null || !(f.type instanceof Type.Signature s) || !s.params.vars.isEmpty() || !s.results.vars.isEmpty()) {
        return false;
      }
    }
    return true;
  }
}
