package gol.interp.vet;

import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import java.util.List;

/**
 * Types as go vet prints them (go/types' TypeString): named types qualified by their package
 * path, the program's own package being {@code command-line-arguments} as for a file given to
 * {@code go vet}; parameter names kept in function types.
 */
final class TypeNames {
  /** The package path go gives the files named on its command line. */
  static final String MAIN_PATH = "command-line-arguments";

  private TypeNames() {
  }

  static String path(Pkg p) {
    return p.isMain() ? MAIN_PATH : p.path;
  }

  static String of(Type t) {
    StringBuilder b = new StringBuilder();
    write(b, t);
    return b.toString();
  }

  private static void write(StringBuilder b, Type t) {
    if (t == null) {
      b.append("invalid type");
    } else if (t instanceof Type.Named n) {
      Pkg p = n.obj.pkg;
      if (p != null) {
        b.append(path(p)).append('.');
      }
      b.append(n.obj.name);
      if (n.typeArgs != null) {
        b.append('[');
        for (int i = 0; i < n.typeArgs.size(); i++) {
          if (i > 0) {
            b.append(", ");
          }
          write(b, n.typeArgs.get(i));
        }
        b.append(']');
      }
    } else if (t instanceof Type.Pointer p) {
      b.append('*');
      write(b, p.elem);
    } else if (t instanceof Type.Slice s) {
      b.append("[]");
      write(b, s.elem);
    } else if (t instanceof Type.Array a) {
      b.append('[').append(a.len).append(']');
      write(b, a.elem);
    } else if (t instanceof Type.Map m) {
      b.append("map[");
      write(b, m.key);
      b.append(']');
      write(b, m.elem);
    } else if (t instanceof Type.Chan c) {
      switch (c.dir) {
        case SEND -> b.append("chan<- ");
        case RECV -> b.append("<-chan ");
        default -> b.append(c.elem instanceof Type.Chan e && e.dir == Type.Chan.Dir.RECV ? "chan (" : "chan ");
      }
      write(b, c.elem);
      if (c.dir == Type.Chan.Dir.BOTH && c.elem instanceof Type.Chan e && e.dir == Type.Chan.Dir.RECV) {
        b.append(')');
      }
    } else if (t instanceof Type.Signature s) {
      b.append("func");
      signature(b, s);
    } else if (t instanceof Type.Struct s) {
      b.append("struct{");
      for (int i = 0; i < s.fields.size(); i++) {
        if (i > 0) {
          b.append("; ");
        }
        Obj.Var f = s.fields.get(i);
        if (!f.embedded) {
          b.append(f.name).append(' ');
        }
        write(b, f.type);
        String tag = s.tags == null || i >= s.tags.size() ? null : s.tags.get(i);
        if (tag != null && !tag.isEmpty()) {
          b.append(' ').append(Quote.go(tag));
        }
      }
      b.append('}');
    } else if (t instanceof Type.Interface it) {
      if (it.isAny) {
        b.append("any");
        return;
      }
      if (it.isComparable) {
        b.append("comparable");
        return;
      }
      b.append("interface{");
      boolean first = true;
      for (Obj.Func m : it.methods) {
        b.append(first ? "" : "; ").append(m.name);
        signature(b, (Type.Signature) m.type);
        first = false;
      }
      for (Type e : it.embeddeds) {
        b.append(first ? "" : "; ");
        write(b, e);
        first = false;
      }
      b.append('}');
    } else if (t instanceof Type.Tuple tu) {
      tuple(b, tu.vars, false);
    } else {
      b.append(t);
    }
  }

  private static void signature(StringBuilder b, Type.Signature s) {
    List<Obj.Var> ps = s.params.vars;
    b.append('(');
    for (int i = 0; i < ps.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      Obj.Var v = ps.get(i);
      if (!v.name.isEmpty()) {
        b.append(v.name).append(' ');
      }
      if (s.variadic && i == ps.size() - 1 && v.type instanceof Type.Slice sl) {
        b.append("...");
        write(b, sl.elem);
      } else {
        write(b, v.type);
      }
    }
    b.append(')');
    List<Obj.Var> rs = s.results.vars;
    if (rs.isEmpty()) {
      return;
    }
    b.append(' ');
    if (rs.size() == 1 && rs.get(0).name.isEmpty()) {
      write(b, rs.get(0).type);
    } else {
      tuple(b, rs, true);
    }
  }

  private static void tuple(StringBuilder b, List<Obj.Var> vs, boolean names) {
    b.append('(');
    for (int i = 0; i < vs.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      Obj.Var v = vs.get(i);
      if (names && !v.name.isEmpty()) {
        b.append(v.name).append(' ');
      }
      write(b, v.type);
    }
    b.append(')');
  }
}
