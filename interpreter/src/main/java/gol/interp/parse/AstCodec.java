package gol.interp.parse;

import gol.interp.ByteReader;
import gol.interp.ByteWriter;
import gol.interp.ast.Decl;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A parsed, not yet checked syntax tree to bytes and back, for {@link ParseCache}: decoding a
 * file's tree costs a fraction of parsing it on a cold JVM (ANTLR's parser tables, adaptive
 * prediction and the tree builder all run as cold code at every start-up).
 *
 * <p>The encoding is generic: a node is its class and then each instance field (the class's and
 * its superclasses', by name), so a field added to a node class is carried without a change
 * here; the cache is stamped with gol's jar, so an entry never outlives the classes it
 * describes. Nodes (and the plain objects a const group is identified by) keep their identity:
 * a node reached twice is decoded once, as the builder shares the expressions of an inherited
 * const spec. Lists are decoded as new ArrayLists. A generic function's {@code copier}, which
 * builds a fresh tree for each instantiation, becomes one that decodes the function's own
 * encoding again. Any other kind of value makes {@link #encode} throw {@link Unsupported}: that
 * file is then parsed every time.
 *
 * <p>Decoding makes nodes without running their constructors ({@link gol.runtime.UnsafeAccess}):
 * the fields are all set from the encoding, each checked against its declared type, and only
 * classes of gol.interp.ast are made, so that bytes the encoder did not write fail to decode
 * rather than make a tree of the wrong shape.
 */
public final class AstCodec {
  private AstCodec() {
  }

  /** The encoding holds a value of a kind the codec does not know. */
  public static final class Unsupported extends RuntimeException {
    Unsupported(String what) {
      super(what, null, false, false);
    }
  }

  private static final int NULL = 0;
  private static final int REF = 1;
  private static final int NODE = 2;
  private static final int STRING = 3;
  private static final int INT = 4;
  private static final int LONG = 5;
  private static final int TRUE = 6;
  private static final int FALSE = 7;
  private static final int BIG_INTEGER = 8;
  private static final int BIG_DECIMAL = 9;
  private static final int BYTES = 10;
  private static final int ENUM = 11;
  private static final int LIST = 12;
  private static final int OBJECT = 13;
  private static final int GENERIC_FUNC = 14;
  private static final int DOUBLE = 15;

  private static final sun.misc.Unsafe UNSAFE = gol.runtime.UnsafeAccess.UNSAFE;

  /** Whether the codec can run here (it needs sun.misc.Unsafe). */
  public static boolean available() {
    return UNSAFE != null;
  }

  /** The encoding of a freshly parsed file's tree. */
  public static byte[] encode(File f) {
    return encodeNode(f);
  }

  /** The encoding of any node (a file's tree; for tests, a generic function's copies). */
  static byte[] encodeNode(Node n) {
    Encoder e = new Encoder();
    e.value(n);
    return e.out.toByteArray();
  }

  /** The tree {@link #encode} encoded; throws IllegalStateException for bytes it did not make. */
  public static File decode(byte[] b) {
    return decode(b, 0);
  }

  /** {@link #decode(byte[])} of the encoding that starts at {@code b[from]}. */
  public static File decode(byte[] b, int from) {
    Decoder d = new Decoder(b, from);
    Object o = d.value();
    if (!(o instanceof File f)) {
      throw new IllegalStateException("not a file's tree");
    }
    return f;
  }

  // ---------------------------------------------------------------------------------------------
  // A class's fields

  /** A node class's instance fields in encoding order: their offsets and kinds. */
  private static final class Shape {
    final Class<?> cls;
    final String[] names;
    final long[] offsets;
    /** The field's type descriptor letter (I, Z, B, J, C, S, D, F; L for a reference). */
    final char[] kinds;
    /** A reference field's declared type: a decoded value must be one. */
    final Class<?>[] types;
    /** The index of Decl.Func's copier (encoded apart), or -1. */
    final int copier;

    Shape(Class<?> cls) {
      this.cls = cls;
      // superclasses' fields first, each class's in the order reflection gives them (its class
      // file's; an encoding lists them, and the decoder checks); no sort: a comparator's lambdas
      // would cost start-up more than the decoding saves
      List<Field> fs = new ArrayList<>();
      for (Class<?> c = cls; c != Object.class; c = c.getSuperclass()) {
        Field[] own = c.getDeclaredFields();
        int at = 0;
        for (Field f : own) {
          if (!Modifier.isStatic(f.getModifiers())) {
            fs.add(at++, f);
          }
        }
      }
      int n = fs.size();
      names = new String[n];
      offsets = new long[n];
      kinds = new char[n];
      types = new Class<?>[n];
      int cp = -1;
      for (int i = 0; i < n; i++) {
        Field f = fs.get(i);
        names[i] = f.getName();
        offsets[i] = UNSAFE.objectFieldOffset(f);
        Class<?> t = f.getType();
        types[i] = t;
        kinds[i] = t.isPrimitive() ? t.descriptorString().charAt(0) : 'L';
        if (cls == Decl.Func.class && f.getName().equals("copier")) {
          cp = i;
        }
      }
      copier = cp;
    }
  }

  private static final ConcurrentHashMap<Class<?>, Shape> SHAPES = new ConcurrentHashMap<>();

  private static Shape shape(Class<?> c) {
    Shape s = SHAPES.get(c);
    if (s == null) {
      s = new Shape(c);
      SHAPES.put(c, s);
    }
    return s;
  }

  // ---------------------------------------------------------------------------------------------
  // Encoding

  private static final class Encoder {
    final ByteWriter out = new ByteWriter();
    final IdentityHashMap<Object, Integer> seen = new IdentityHashMap<>();
    final IdentityHashMap<Class<?>, Integer> classes = new IdentityHashMap<>();

    void value(Object o) {
      if (o == null) {
        out.u(NULL);
        return;
      }
      Integer ref = seen.get(o);
      if (ref != null) {
        out.u(REF);
        out.u(ref);
      } else if (o instanceof Node n) {
        node(n);
      } else if (o instanceof String s) {
        out.u(STRING);
        out.string(s);
      } else if (o instanceof Integer i) {
        out.u(INT);
        out.s(i);
      } else if (o instanceof Long l) {
        out.u(LONG);
        out.s(l);
      } else if (o instanceof Boolean z) {
        out.u(z ? TRUE : FALSE);
      } else if (o instanceof Double d) {
        out.u(DOUBLE);
        out.s(Double.doubleToRawLongBits(d));
      } else if (o instanceof BigInteger b) {
        out.u(BIG_INTEGER);
        out.bytes(b.toByteArray());
      } else if (o instanceof BigDecimal b) {
        out.u(BIG_DECIMAL);
        out.s(b.scale());
        out.bytes(b.unscaledValue().toByteArray());
      } else if (o instanceof byte[] b) {
        out.u(BYTES);
        out.bytes(b);
      } else if (o instanceof Enum<?> e) {
        out.u(ENUM);
        classRef(e.getDeclaringClass());
        out.u(e.ordinal());
      } else if (o instanceof List<?> l) {
        out.u(LIST);
        out.u(l.size());
        for (Object x : l) {
          value(x);
        }
      } else if (o.getClass() == Object.class) {
        seen.put(o, seen.size());
        out.u(OBJECT);
      } else {
        throw new Unsupported(o.getClass().getName());
      }
    }

    void node(Node n) {
      Shape s = shape(n.getClass());
      java.util.function.Supplier<Decl.Func> copier = s.copier >= 0 ? ((Decl.Func) n).copier : null;
      if (copier != null && !(copier instanceof Copier || copier instanceof AstBuilder.Copier)) {
        throw new Unsupported(copier.getClass().getName());
      }
      if (copier != null) {
        // a generic function: its own encoding, which its copier decodes again for each instance
        Encoder own = new Encoder();
        own.seen.put(n, 0); // as the decoder registers it
        own.fields(n, s);
        seen.put(n, seen.size());
        out.u(GENERIC_FUNC);
        out.bytes(own.out.toByteArray());
        return;
      }
      seen.put(n, seen.size());
      out.u(NODE);
      fields(n, s);
    }

    void fields(Node n, Shape s) {
      classRef(s.cls);
      for (int i = 0; i < s.kinds.length; i++) {
        long off = s.offsets[i];
        switch (s.kinds[i]) {
          case 'I' -> out.s(UNSAFE.getInt(n, off));
          case 'J' -> out.s(UNSAFE.getLong(n, off));
          case 'Z' -> out.u(UNSAFE.getBoolean(n, off) ? 1 : 0);
          case 'B' -> out.s(UNSAFE.getByte(n, off));
          case 'C' -> out.u(UNSAFE.getChar(n, off));
          case 'S' -> out.s(UNSAFE.getShort(n, off));
          case 'D' -> out.s(Double.doubleToRawLongBits(UNSAFE.getDouble(n, off)));
          case 'F' -> out.s(Float.floatToRawIntBits(UNSAFE.getFloat(n, off)));
          default -> value(i == s.copier ? null : UNSAFE.getObject(n, off));
        }
      }
    }

    void classRef(Class<?> c) {
      Integer i = classes.get(c);
      if (i != null) {
        out.u(i);
        return;
      }
      out.u(classes.size());
      classes.put(c, classes.size());
      out.string(c.getName());
      if (Node.class.isAssignableFrom(c)) { // a node class's fields, in the order encoded
        String[] names = shape(c).names;
        out.u(names.length);
        for (String n : names) {
          out.string(n);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Decoding

  private static final class Decoder extends ByteReader {
    final List<Object> seen = new ArrayList<>();
    final List<Class<?>> classes = new ArrayList<>();

    Decoder(byte[] b, int from) {
      super(b, from, b.length);
    }

    Object value() {
      int tag = u();
      switch (tag) {
        case NULL:
          return null;
        case REF:
          return seen.get(u());
        case NODE: {
          return fields(null);
        }
        case GENERIC_FUNC: {
          byte[] own = bytes();
          int slot = seen.size();
          seen.add(null);
          Decl.Func f = genericFunc(own);
          seen.set(slot, f);
          return f;
        }
        case STRING:
          return string();
        case INT:
          return (int) s();
        case LONG:
          return s();
        case TRUE:
          return Boolean.TRUE;
        case FALSE:
          return Boolean.FALSE;
        case DOUBLE:
          return Double.longBitsToDouble(s());
        case BIG_INTEGER:
          return new BigInteger(bytes());
        case BIG_DECIMAL: {
          int scale = (int) s();
          return new BigDecimal(new BigInteger(bytes()), scale);
        }
        case BYTES:
          return bytes();
        case ENUM:
          return classRef().getEnumConstants()[u()];
        case LIST: {
          int n = u();
          ArrayList<Object> l = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            l.add(value());
          }
          return l;
        }
        case OBJECT: {
          Object o = new Object();
          seen.add(o);
          return o;
        }
        default:
          throw new IllegalStateException("bad tag " + tag + " at " + (at - 1));
      }
    }

    /** A node's class and fields; registered as seen before its fields (they may refer to it). */
    Object fields(Object registered) {
      Class<?> c = classRef();
      Shape s = shape(c);
      Object n;
      try {
        n = UNSAFE.allocateInstance(c);
      } catch (InstantiationException e) {
        throw new IllegalStateException(e);
      }
      if (registered == null) {
        seen.add(n);
      }
      for (int i = 0; i < s.kinds.length; i++) {
        long off = s.offsets[i];
        switch (s.kinds[i]) {
          case 'I' -> UNSAFE.putInt(n, off, (int) s());
          case 'J' -> UNSAFE.putLong(n, off, s());
          case 'Z' -> UNSAFE.putBoolean(n, off, u() != 0);
          case 'B' -> UNSAFE.putByte(n, off, (byte) s());
          case 'C' -> UNSAFE.putChar(n, off, (char) u());
          case 'S' -> UNSAFE.putShort(n, off, (short) s());
          case 'D' -> UNSAFE.putDouble(n, off, Double.longBitsToDouble(s()));
          case 'F' -> UNSAFE.putFloat(n, off, Float.intBitsToFloat((int) s()));
          default -> {
            Object v = value();
            if (v != null && !s.types[i].isInstance(v)) { // a damaged entry, never a corrupt node
              throw new IllegalStateException(s.names[i] + ": " + v.getClass().getName());
            }
            UNSAFE.putObject(n, off, v);
          }
        }
      }
      return n;
    }

    Class<?> classRef() {
      int i = u();
      if (i < classes.size()) {
        return classes.get(i);
      }
      String name = string();
      if (!name.startsWith("gol.interp.ast.")) { // nodes and the enums they hold, nothing else
        throw new IllegalStateException("not a syntax tree class: " + name);
      }
      Class<?> c;
      try {
        c = Class.forName(name, false, AstCodec.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("no class " + name);
      }
      if (Node.class.isAssignableFrom(c)) { // the fields as the encoder ordered them
        String[] names = shape(c).names;
        int n = u();
        if (n != names.length) {
          throw new IllegalStateException(name + ": " + n + " fields encoded, " + names.length + " now");
        }
        for (String want : names) {
          if (!want.equals(string())) {
            throw new IllegalStateException(name + ": fields encoded in another order");
          }
        }
      }
      classes.add(c);
      return c;
    }
  }

  /** A generic function decoded from its own encoding, with a copier that decodes it again. */
  private static Decl.Func genericFunc(byte[] own) {
    Decl.Func f = (Decl.Func) new Decoder(own, 0).fields(null);
    f.copier = new Copier(own);
    return f;
  }

  /** Decl.Func.copier for a decoded generic function: a fresh tree from the same bytes. */
  private static final class Copier implements java.util.function.Supplier<Decl.Func> {
    private final byte[] own;

    Copier(byte[] own) {
      this.own = own;
    }

    @Override
    public Decl.Func get() {
      return genericFunc(own);
    }
  }
}
