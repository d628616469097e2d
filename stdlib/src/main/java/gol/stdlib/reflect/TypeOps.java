package gol.stdlib.reflect;

import gol.runtime.GoString;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import java.util.ArrayList;
import java.util.List;

/** Go's type relations (reflect's Implements, AssignableTo, ConvertibleTo) and kind names. */
final class TypeOps {
  private TypeOps() {
  }

  /** reflect.Kind's String names, by RType.Kind ordinal (reflect.Kind = ordinal + 1). */
  static final String[] KIND_NAMES = {
    "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
    "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "array", "chan", "func",
    "interface", "map", "ptr", "slice", "string", "struct", "unsafe.Pointer",
  };

  static String kindName(Kind k) {
    return KIND_NAMES[k.ordinal()];
  }

  /** A defined type: named, or predeclared (int and string are defined types in Go). */
  static boolean defined(RType t) {
    return t.named || t.kind.isPrimitive() || t.kind == Kind.STRING || t.kind == Kind.UNSAFE_POINTER;
  }

  static RType under(RType t) {
    RType u = t.reflect().underlying;
    return u == null ? t : u;
  }

  /** Whether type t implements interface type it: every method by name and signature. */
  static boolean implementsIface(RType t, RType it) {
    String[] names = it.ifaceMethods;
    for (int i = 0; i < names.length; i++) {
      String sig = it.ifaceSigs[i];
      if (t.kind == Kind.INTERFACE) {
        int j = java.util.Arrays.asList(t.ifaceMethods).indexOf(names[i]);
        if (j < 0 || !t.ifaceSigs[j].equals(sig)) {
          return false;
        }
      } else {
        if (!t.methods.containsKey(names[i])) {
          return false;
        }
        if (t.methodSigs != null && !sig.equals(t.methodSigs.get(names[i]))) {
          return false;
        }
      }
    }
    return true;
  }

  /** Go's assignability of a value of type x to type t. */
  static boolean assignable(RType x, RType t) {
    if (x == t) {
      return true;
    }
    if (t.kind == Kind.INTERFACE) {
      return implementsIface(x, t);
    }
    if (defined(x) && defined(t) || x.kind != t.kind) {
      return false;
    }
    if (x.kind == Kind.CHAN && x.reflect().chanDir == 3 && under(x).elem == under(t).elem) {
      return true;
    }
    return under(x).name.equals(under(t).name);
  }

  private static boolean numeric(Kind k) {
    return k.isPrimitive() && k != Kind.BOOL;
  }

  private static boolean complex(Kind k) {
    return k == Kind.COMPLEX64 || k == Kind.COMPLEX128;
  }

  private static boolean integer(Kind k) {
    return k.isSigned() || k.isUnsigned();
  }

  /** Go's convertibility of a value of type x to type t. */
  static boolean convertible(RType x, RType t) {
    if (assignable(x, t)) {
      return true;
    }
    RType ux = under(x);
    RType ut = under(t);
    if (ux.name.equals(ut.name)) {
      return true;
    }
    if (x.kind == Kind.POINTER && t.kind == Kind.POINTER && !x.named && !t.named
        && under(x.elem).name.equals(under(t.elem).name)) {
      return true;
    }
    if (numeric(x.kind) && numeric(t.kind) || complex(x.kind) && complex(t.kind)) {
      return true;
    }
    if (t.kind == Kind.STRING) {
      if (integer(x.kind)) {
        return true;
      }
      if (x.kind == Kind.SLICE && (x.elem.kind == Kind.UINT8 || x.elem.kind == Kind.INT32) && !x.elem.named) {
        return true;
      }
    }
    if (x.kind == Kind.STRING && t.kind == Kind.SLICE && (t.elem.kind == Kind.UINT8 || t.elem.kind == Kind.INT32)
        && !t.elem.named) {
      return true;
    }
    if (x.kind == Kind.SLICE && t.kind == Kind.ARRAY && x.elem == t.elem) {
      return true;
    }
    return x.kind == Kind.SLICE && t.kind == Kind.POINTER && t.elem.kind == Kind.ARRAY && x.elem == t.elem.elem;
  }

  /** The exported methods of a non-interface type, sorted; all methods of an interface type. */
  static List<Integer> visibleMethods(RType t) {
    t.reflect();
    List<Integer> out = new ArrayList<>();
    if (t.kind == Kind.INTERFACE) {
      for (int i = 0; i < t.ifaceMethods.length; i++) {
        out.add(i);
      }
      return out;
    }
    for (int i = 0; i < t.methodNames.length; i++) {
      if (exported(t.methodNames[i])) {
        out.add(i);
      }
    }
    return out;
  }

  static boolean exported(String name) {
    int c = name.codePointAt(0);
    return Character.isUpperCase(c) || Character.isTitleCase(c);
  }

  /** The func type of method expression T.m: the method's type with the receiver first. */
  static RType methodExprType(RType t, RType m) {
    if (t.universe != null) {
      // the program's own descriptor when it writes the type (a conversion to func(T, int) string
      // must accept the method's func value), else one made and kept by the universe
      RType[] in = new RType[m.in.length + 1];
      in[0] = t;
      System.arraycopy(m.in, 0, in, 1, m.in.length);
      return t.universe.funcOf(in, m.out, m.variadic);
    }
    StringBuilder b = new StringBuilder("func(").append(t.name);
    for (int i = 0; i < m.in.length; i++) {
      b.append(", ");
      if (m.variadic && i == m.in.length - 1) {
        b.append("...").append(m.in[i].elem.name);
      } else {
        b.append(m.in[i].name);
      }
    }
    b.append(")");
    if (m.out.length == 1) {
      b.append(' ').append(m.out[0].name);
    } else if (m.out.length > 1) {
      b.append(" (");
      for (int i = 0; i < m.out.length; i++) {
        b.append(i > 0 ? ", " : "").append(m.out[i].name);
      }
      b.append(')');
    }
    RType f = new RType(Kind.FUNC, b.toString(), false);
    f.underlying = f;
    f.in = new RType[m.in.length + 1];
    f.in[0] = t;
    System.arraycopy(m.in, 0, f.in, 1, m.in.length);
    f.out = m.out;
    f.variadic = m.variadic;
    f.universe = t.universe;
    return f;
  }

  /** Struct field lookup by name with Go's embedding rules: the index path, or null. */
  static int[] fieldByName(RType t, String name) {
    List<int[]> level = new ArrayList<>();
    List<RType> types = new ArrayList<>();
    level.add(new int[0]);
    types.add(t);
    java.util.Set<RType> seen = new java.util.HashSet<>();
    while (!level.isEmpty()) {
      int[] found = null;
      int count = 0;
      List<int[]> next = new ArrayList<>();
      List<RType> nextTypes = new ArrayList<>();
      for (int k = 0; k < level.size(); k++) {
        RType st = types.get(k);
        if (!seen.add(st)) {
          continue;
        }
        for (int i = 0; i < st.fieldNames.length; i++) {
          int[] path = java.util.Arrays.copyOf(level.get(k), level.get(k).length + 1);
          path[path.length - 1] = i;
          if (st.fieldNames[i].equals(name)) {
            found = path;
            count++;
            continue;
          }
          if (st.fieldEmbedded[i]) {
            RType ft = st.fieldTypes[i];
            if (ft.kind == Kind.POINTER) {
              ft = ft.elem;
            }
            if (ft.kind == Kind.STRUCT) {
              next.add(path);
              nextTypes.add(ft);
            }
          }
        }
      }
      if (count == 1) {
        return found;
      }
      if (count > 1) {
        return null;
      }
      level = next;
      types = nextTypes;
    }
    return null;
  }

  static GoString str(String s) {
    return GoString.of(s);
  }
}
