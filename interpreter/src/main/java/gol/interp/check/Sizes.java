package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Sizes, alignments and field offsets of types as Go's gc lays them out on amd64 (types2's
 * gcSizes): the values of unsafe.Sizeof, Alignof and Offsetof. A word is 8 bytes; strings and
 * interfaces are two words, slices three; maps, channels, pointers, functions and
 * unsafe.Pointer one. A struct's fields are aligned in order, a final zero-size field after a
 * non-empty prefix takes a byte (so its address stays inside the struct), and the size is
 * rounded up to the struct's alignment. -1 means too large for an int64.
 */
final class Sizes {
  private static final long WORD = 8;

  private Sizes() {
  }

  /** Whether T's size depends on a type parameter (then it is not a constant). */
  static boolean hasVarSize(Type T) {
    return contains(T, new HashSet<>(), true);
  }

  /** Whether T contains itself (an invalid recursive type, reported at the end): no size. */
  static boolean isRecursive(Type T) {
    return contains(T, new HashSet<>(), false);
  }

  /** Whether T's layout meets a type parameter (typeParams) or a type it is already inside. */
  private static boolean contains(Type T, Set<Type> open, boolean typeParams) {
    Type u = T.underlying();
    if (T instanceof Type.TypeParam || u instanceof Type.TypeParam) {
      return typeParams;
    }
    if (T instanceof Type.Named && !open.add(T)) {
      return !typeParams;
    }
    boolean r = false;
    if (u instanceof Type.Array a) {
      r = contains(a.elem, open, typeParams);
    } else if (u instanceof Type.Struct s) {
      for (Obj.Var f : s.fields) {
        r = r || contains(f.type, open, typeParams);
      }
    }
    open.remove(T);
    return r;
  }

  static long sizeof(Type T) {
    Type u = T.underlying();
    if (u instanceof Type.Basic b) {
      switch (b.kind) {
        case BOOL: case INT8: case UINT8: return 1;
        case INT16: case UINT16: return 2;
        case INT32: case UINT32: case FLOAT32: return 4;
        case COMPLEX128: case STRING: return 16;
        default: return WORD; // int, uint, uintptr, int64, uint64, float64, complex64, unsafe.Pointer
      }
    }
    if (u instanceof Type.Array a) {
      if (a.len <= 0) {
        return 0;
      }
      long e = sizeof(a.elem);
      if (e <= 0) {
        return e;
      }
      return e > Long.MAX_VALUE / a.len ? -1 : e * a.len;
    }
    if (u instanceof Type.Slice) {
      return 3 * WORD;
    }
    if (u instanceof Type.Interface) {
      return 2 * WORD;
    }
    if (u instanceof Type.Struct s) {
      int n = s.fields.size();
      if (n == 0) {
        return 0;
      }
      long[] offsets = offsetsof(s.fields);
      long offs = offsets[n - 1];
      long size = sizeof(s.fields.get(n - 1).type);
      if (offs < 0 || size < 0) {
        return -1;
      }
      if (offs > 0 && size == 0) {
        size = 1;
      }
      return align(offs + size, alignof(T));
    }
    return WORD; // pointers, maps, channels, functions
  }

  static long alignof(Type T) {
    Type u = T.underlying();
    if (u instanceof Type.Array a) {
      return alignof(a.elem);
    }
    if (u instanceof Type.Struct s) {
      long max = 1;
      for (Obj.Var f : s.fields) {
        max = Math.max(max, alignof(f.type));
      }
      return max;
    }
    if (u instanceof Type.Slice || u instanceof Type.Interface
        || u instanceof Type.Basic b && b.kind == Type.Kind.STRING) {
      return WORD;
    }
    long a = sizeof(T);
    if (a < 1) {
      return 1;
    }
    if (u instanceof Type.Basic b && (b.kind == Type.Kind.COMPLEX64 || b.kind == Type.Kind.COMPLEX128)) {
      a /= 2;
    }
    return Math.min(a, WORD);
  }

  /** The offsets of a struct's fields (-1 from the first that overflows). */
  static long[] offsetsof(List<Obj.Var> fields) {
    long[] out = new long[fields.size()];
    long offs = 0;
    for (int i = 0; i < out.length; i++) {
      if (offs < 0) {
        out[i] = -1;
        continue;
      }
      Type t = fields.get(i).type;
      offs = align(offs, alignof(t));
      out[i] = offs;
      long d = sizeof(t);
      offs = d >= 0 && offs >= 0 && offs <= Long.MAX_VALUE - d ? offs + d : -1;
    }
    return out;
  }

  /**
   * The offset of the field reached from struct type T through the field indices of path
   * (embedded fields, then the field itself), or -1 if too large.
   */
  static long offsetof(Type T, int[] path) {
    long offs = 0;
    Type t = T;
    for (int i : path) {
      Type.Struct s = (Type.Struct) t.underlying();
      long o = offsetsof(s.fields)[i];
      if (o < 0) {
        return -1;
      }
      offs += o;
      t = s.fields.get(i).type;
    }
    return offs;
  }

  private static long align(long x, long a) {
    long y = x + a - 1;
    return y < 0 ? -1 : y - y % a;
  }
}
