package gol.interp.vm;

import gol.interp.compile.Program;
import gol.runtime.Complex;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.stdlib.Stdlib;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compiled program as bytes and back, for gol run's cache of compiled programs
 * (gol.interp.ProgramCache): a hit replaces planning, parsing, checking and compiling, the cold
 * code that is most of a short script's start-up.
 *
 * <p><b>What is written.</b> The object graph reachable from the program's functions: their
 * {@link Proto}s, constants and run-time type descriptors. Each object is written once and
 * referred to by its number, so sharing and cycles come back as they were (one Closure per
 * function, one descriptor per type). Objects with fields set after they are made (Proto, RType,
 * Object[]) are written in two parts, a shell that makes them and a fill after every object is
 * made; the rest are made whole from objects written before them. Natives are written by the
 * name the standard library binds them under, or as a static field of the VM that holds them,
 * and their recorded widths ({@link NativeWidths}) with them. The caches the run fills in
 * (call-site tables, a type's interface tables, JIT state) start empty, as after compiling.
 *
 * <p>A program that reflects has its whole type universe written, closed by the compiler over
 * the types reflect could derive that carry methods (RTypes.closeForCache), so that the decoded
 * universe ({@link DecodedUniverse}) makes the rest from descriptors alone. Every descriptor's
 * reflection fields are filled before writing (what {@link RType#reflect} does on first use).
 *
 * <p><b>What is not.</b> A constant of any other class (a lambda the compiler made for one
 * expression; the checks and conversions that carry a constant are classes, CheckNatives and
 * ConvertNatives, for this) makes {@link #encode} return null: that program is compiled each run.
 */
public final class ProgramCodec {
  private ProgramCodec() {
  }

  // record tags: shells (fields filled later) and whole objects
  private static final int PROTO = 1;
  private static final int RTYPE = 2;
  private static final int ARRAY = 3;
  private static final int STRING = 4;
  private static final int GOSTRING = 5;
  private static final int INTS = 6;
  private static final int LONGS = 7;
  private static final int COMPLEX = 8;
  private static final int METHOD_SITE = 9;
  private static final int ASSERT_SITE = 10;
  private static final int STR_SWITCH = 11;
  private static final int CLOSURE = 12;
  private static final int IFACE = 13;
  private static final int NATIVE = 14;
  private static final int STATIC = 15;
  private static final int ERROR_TYPE = 16;
  private static final int EMPTY_STRING = 17;
  private static final int BOXED_LONG = 18;
  private static final int BOXED_INT = 19;
  private static final int BOOLEAN = 20;
  private static final int BOXED_DOUBLE = 21;
  private static final int UNSIGNED_INDEX = 22;
  private static final int NIL_RECEIVER = 23;
  private static final int UNSIGNED_SLICE = 24;
  private static final int UNSAFE_POINTER = 25;
  private static final int SLICE_TO_ARRAY = 26;

  /** A constant this codec cannot write: the program is not cached. */
  private static final class Unencodable extends RuntimeException {
    Unencodable(String what) {
      super(what, null, false, false);
    }
  }

  /** Classes whose static fields hold natives or tables the compiler puts in constants. */
  private static final String[] STATIC_HOLDERS = {
    "gol.interp.vm.ComplexOps", "gol.interp.vm.RangeFuncOps", "gol.interp.compile.ExprCompiler",
    "gol.interp.compile.CallCompiler", "gol.interp.compile.FlowCompiler", "gol.interp.compile.StmtCompiler",
    "gol.interp.vm.Panics", "gol.interp.vm.Slow",
  };

  // ====================================================================================
  // Writing
  // ====================================================================================

  /**
   * The bytes of {@code p}, or null when it holds something this codec cannot write.
   */
  public static byte[] encode(Program p) {
    return encode(p, List.of());
  }

  /** The descriptors of a decoded program's universe, in the order they were read (none otherwise). */
  public static java.util.Collection<RType> decodedTypes(Program p) {
    return p.universe() instanceof DecodedUniverse d ? new ArrayList<>(d.all) : List.of();
  }

  /** As above, writing the descriptors {@code types} too (a reflecting program's whole universe). */
  public static byte[] encode(Program p, java.util.Collection<RType> types) {
    try {
      return new Writer(p, types).write();
    } catch (Unencodable | StackOverflowError e) {
      return null;
    }
  }

  private static final class Writer {
    private final Program program;
    private final java.util.Collection<RType> types;
    private final IdentityHashMap<Object, Integer> ids = new IdentityHashMap<>();
    private final List<Object> order = new ArrayList<>();
    private final Map<Object, String> statics = new IdentityHashMap<>();
    private final gol.interp.ByteWriter out = new gol.interp.ByteWriter();

    Writer(Program program, java.util.Collection<RType> types) {
      this.program = program;
      this.types = types;
    }

    byte[] write() {
      findStatics();
      // filling a descriptor's reflection fields can make more descriptors: visit until none is new
      int seen = -1;
      while (seen != ids.size()) {
        seen = ids.size();
        ids.clear();
        order.clear();
        visitAll();
      }
      out.s(order.size());
      for (Object o : order) {
        record(o);
      }
      for (Object o : order) {
        if (o instanceof Proto q) {
          fillProto(q);
        } else if (o instanceof RType r) {
          fillType(r);
        } else if (o instanceof Object[] a) {
          for (Object x : a) {
            ref(x);
          }
        }
      }
      List<Proto> inits = program.inits();
      out.s(inits.size());
      for (Proto q : inits) {
        ref(q);
      }
      ref(program.main());
      out.s(program.globalCount());
      ints(program.stringGlobals());
      return out.toByteArray();
    }

    private void visitAll() {
      for (Proto q : program.inits()) {
        visit(q);
      }
      visit(program.main());
      for (RType r : types) {
        visit(r);
      }
    }

    private void findStatics() {
      for (String c : STATIC_HOLDERS) {
        try {
          for (java.lang.reflect.Field f : Class.forName(c).getDeclaredFields()) {
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers())
                && java.lang.reflect.Modifier.isFinal(f.getModifiers()) && !f.getType().isPrimitive()) {
              f.setAccessible(true);
              Object v = f.get(null);
              if (v instanceof Native || v instanceof RType) {
                statics.putIfAbsent(v, c + "#" + f.getName());
              }
            }
          }
        } catch (ReflectiveOperationException | RuntimeException e) {
          // a holder that is not there: its natives are not encodable
        }
      }
    }

    /** Numbers o and what it refers to: shells before their contents, whole objects after theirs. */
    private void visit(Object o) {
      if (o == null || ids.containsKey(o)) {
        return;
      }
      if (o instanceof Proto q) {
        visit(q.name);
        visit(q.file);
        number(o);
        for (Object k : q.kr) {
          visit(k);
        }
        visit(q.nativeFn);
      } else if (o instanceof RType r) {
        if (RuntimeErrorTypes.exported(r.name) == r) {
          visit(r.name);
          number(o);
          return;
        }
        if (r.universe != program.universe() || r.universe == null) {
          throw new Unencodable("descriptor from elsewhere: " + r.name);
        }
        r.reflect();
        visit(r.name);
        number(o);
        visitType(r);
      } else if (o instanceof Object[] a) {
        if (a.getClass() != Object[].class) {
          throw new Unencodable(a.getClass().getName());
        }
        number(o);
        for (Object x : a) {
          visit(x);
        }
      } else if (o instanceof String || o instanceof int[] || o instanceof long[] || o instanceof Complex
          || o instanceof Long || o instanceof Integer || o instanceof Boolean || o instanceof Double) {
        number(o);
      } else if (o instanceof GoString s) {
        number(o);
      } else if (o instanceof Sites.Method m) {
        visit(m.name);
        number(o);
      } else if (o instanceof Sites.Assert a) {
        visit(a.target);
        visit(a.from);
        number(o);
      } else if (o instanceof StrSwitch s) {
        for (GoString c : s.cases()) {
          visit(c);
        }
        number(o);
      } else if (o instanceof Closure c) {
        visit(c.proto);
        visit(c.cells);
        number(o);
      } else if (o instanceof Iface i) {
        visit(i.type);
        visit(i.ref);
        number(o);
      } else if (o instanceof CheckNatives.UnsignedIndex || o instanceof CheckNatives.UnsignedSlice) {
        number(o);
      } else if (o instanceof CheckNatives.NilReceiver c) {
        visit(c.message);
        number(o);
      } else if (o instanceof ConvertNatives.UnsafePointerConversion c) {
        visit(c.type);
        number(o);
      } else if (o instanceof ConvertNatives.SliceToArray) {
        number(o);
      } else if (o instanceof Native n) {
        String s = statics.get(o);
        if (s == null) {
          String name = Stdlib.nameOf(n);
          if (name == null) {
            throw new Unencodable("native " + o.getClass().getName());
          }
          s = name;
        }
        visit(s);
        number(o);
      } else {
        throw new Unencodable(o.getClass().getName());
      }
    }

    private void visitType(RType r) {
      visit(r.elem);
      visit(r.key);
      visitAll(r.fieldNames);
      visitAll(r.fieldTypes);
      visitAll(r.ifaceMethods);
      visitAll(r.ifaceSigs);
      if (r.methodSigs != null) {
        for (Map.Entry<String, String> e : r.methodSigs.entrySet()) {
          visit(e.getKey());
          visit(e.getValue());
        }
      }
      for (Map.Entry<String, Object> e : r.methods.entrySet()) {
        visit(e.getKey());
        visit(e.getValue());
      }
      visit(r.simpleName);
      visit(r.pkgPath);
      visit(r.underlying);
      visitAll(r.fieldTags);
      visitAll(r.in);
      visitAll(r.out);
      visitAll(r.ifaceTypes);
      visitAll(r.methodNames);
      visitAll(r.methodTypes);
    }

    private void visitAll(Object[] a) {
      if (a != null) {
        for (Object x : a) {
          visit(x);
        }
      }
    }

    private void number(Object o) {
      ids.put(o, order.size() + 1);
      order.add(o);
    }

    private void ref(Object o) {
      if (o == null) {
        out.s(0);
        return;
      }
      Integer id = ids.get(o);
      if (id == null) {
        throw new Unencodable("unnumbered " + o.getClass().getName());
      }
      out.s(id);
    }

    /** The record that makes o (a shell for Proto, RType and Object[]). */
    private void record(Object o) {
      if (o instanceof Proto q) {
        out.s(PROTO);
        ref(q.name);
        ref(q.file);
        out.s(q.line);
      } else if (o instanceof RType r) {
        if (RuntimeErrorTypes.exported(r.name) == r) {
          out.s(ERROR_TYPE);
          ref(r.name);
          return;
        }
        out.s(RTYPE);
        out.s(r.kind.ordinal());
        ref(r.name);
        out.bool(r.named);
      } else if (o instanceof Object[] a) {
        out.s(ARRAY);
        out.s(a.length);
      } else if (o instanceof String s) {
        out.s(STRING);
        out.bytes(s.getBytes(StandardCharsets.UTF_8));
      } else if (o instanceof GoString s) {
        if (s.len == 0) {
          out.s(EMPTY_STRING);
        } else {
          out.s(GOSTRING);
          out.bytes(s.toBytes());
        }
      } else if (o instanceof int[] a) {
        out.s(INTS);
        ints(a);
      } else if (o instanceof long[] a) {
        out.s(LONGS);
        longs(a);
      } else if (o instanceof Complex c) {
        out.s(COMPLEX);
        out.fixed(Double.doubleToRawLongBits(c.re));
        out.fixed(Double.doubleToRawLongBits(c.im));
      } else if (o instanceof Long v) {
        out.s(BOXED_LONG);
        out.fixed(v);
      } else if (o instanceof Integer v) {
        out.s(BOXED_INT);
        out.fixed(v);
      } else if (o instanceof Double v) {
        out.s(BOXED_DOUBLE);
        out.fixed(Double.doubleToRawLongBits(v));
      } else if (o instanceof Boolean v) {
        out.s(BOOLEAN);
        out.bool(v);
      } else if (o instanceof Sites.Method m) {
        out.s(METHOD_SITE);
        ref(m.name);
      } else if (o instanceof Sites.Assert a) {
        out.s(ASSERT_SITE);
        ref(a.target);
        ref(a.from);
      } else if (o instanceof StrSwitch s) {
        out.s(STR_SWITCH);
        GoString[] cases = s.cases();
        out.s(cases.length);
        for (int i = 0; i < cases.length; i++) {
          ref(cases[i]);
          out.s(s.targets[i]);
        }
      } else if (o instanceof Closure c) {
        out.s(CLOSURE);
        ref(c.proto);
        ref(c.cells);
      } else if (o instanceof Iface i) {
        out.s(IFACE);
        ref(i.type);
        out.fixed(i.bits);
        ref(i.ref);
      } else if (o instanceof CheckNatives.UnsignedIndex c) {
        out.s(UNSIGNED_INDEX);
        out.fixed(c.len);
      } else if (o instanceof CheckNatives.UnsignedSlice c) {
        out.s(UNSIGNED_SLICE);
        out.fixed(c.len);
        out.s(c.flags);
        out.bool(c.isSlice);
      } else if (o instanceof CheckNatives.NilReceiver c) {
        out.s(NIL_RECEIVER);
        ref(c.message);
      } else if (o instanceof ConvertNatives.UnsafePointerConversion c) {
        out.s(UNSAFE_POINTER);
        ref(c.type);
        out.bool(c.toUnsafe);
      } else if (o instanceof ConvertNatives.SliceToArray c) {
        out.s(SLICE_TO_ARRAY);
        out.s(c.n);
        out.bool(c.pointer);
      } else if (o instanceof Native n) {
        String s = statics.get(o);
        out.s(s != null ? STATIC : NATIVE);
        ref(s != null ? s : Stdlib.nameOf(n));
        out.s(NativeWidths.of(n) + 1);
      }
    }

    private void fillProto(Proto q) {
      out.s(q.frameSize);
      out.s(q.numParams);
      out.s(q.numResults);
      ints(q.code);
      longs(q.kl);
      out.s(q.kr.length);
      for (Object k : q.kr) {
        ref(k);
      }
      ints(q.lines);
      ints(q.captures);
      ref(q.nativeFn);
      out.s(q.deferReg + 1);
      out.s(q.deferRet);
      ints(q.openDefers);
      out.bool(q.wrapper);
      out.bool(q.deferredRecover);
    }

    private void fillType(RType r) {
      if (RuntimeErrorTypes.exported(r.name) == r) {
        return;
      }
      ref(r.elem);
      ref(r.key);
      out.fixed(r.len);
      refs(r.fieldNames);
      refs(r.fieldTypes);
      bools(r.fieldEmbedded);
      ints(r.fieldSlot);
      out.s(r.nl);
      out.s(r.nr);
      refs(r.ifaceMethods);
      refs(r.ifaceSigs);
      if (r.methodSigs == null) {
        out.s(0);
      } else {
        out.s(r.methodSigs.size() + 1);
        for (Map.Entry<String, String> e : r.methodSigs.entrySet()) {
          ref(e.getKey());
          ref(e.getValue());
        }
      }
      out.s(r.methods.size());
      for (Map.Entry<String, Object> e : r.methods.entrySet()) {
        ref(e.getKey());
        ref(e.getValue());
      }
      ref(r.simpleName);
      ref(r.pkgPath);
      ref(r.underlying);
      refs(r.fieldTags);
      refs(r.in);
      refs(r.out);
      out.bool(r.variadic);
      out.s(r.chanDir);
      refs(r.ifaceTypes);
      refs(r.methodNames);
      refs(r.methodTypes);
    }

    private void refs(Object[] a) {
      if (a == null) {
        out.s(0);
        return;
      }
      out.s(a.length + 1);
      for (Object x : a) {
        ref(x);
      }
    }

    private void ints(int[] a) {
      if (a == null) {
        out.s(0);
        return;
      }
      out.s(a.length + 1);
      for (int x : a) {
        out.s(x);
      }
    }

    private void longs(long[] a) {
      if (a == null) {
        out.s(0);
        return;
      }
      out.s(a.length + 1);
      for (long x : a) {
        out.fixed(x);
      }
    }

    private void bools(boolean[] a) {
      if (a == null) {
        out.s(0);
        return;
      }
      out.s(a.length + 1);
      for (boolean x : a) {
        out.bool(x);
      }
    }
  }

  // ====================================================================================
  // Reading
  // ====================================================================================

  /**
   * The program {@code data[from, to)} holds ({@link #encode}'s bytes); null when the bytes do
   * not make one.
   */
  public static Program decode(byte[] data, int from, int to) {
    try {
      return new Reader(data, from, to).read();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static final class Reader extends gol.interp.ByteReader {
    private static final RType.Kind[] KINDS = RType.Kind.values();

    private Object[] objs;
    private final DecodedUniverse universe = new DecodedUniverse();

    Reader(byte[] d, int from, int to) {
      super(d, from, to);
    }

    Program read() {
      int n = varint();
      objs = new Object[n + 1];
      int[] tags = new int[n + 1];
      for (int i = 1; i <= n; i++) {
        tags[i] = varint();
        objs[i] = make(tags[i]);
      }
      for (int i = 1; i <= n; i++) {
        switch (tags[i]) {
          case PROTO -> fillProto((Proto) objs[i]);
          case RTYPE -> fillType((RType) objs[i]);
          case ARRAY -> {
            Object[] a = (Object[]) objs[i];
            for (int j = 0; j < a.length; j++) {
              a[j] = ref();
            }
          }
          default -> {
          }
        }
      }
      int ni = varint();
      List<Proto> inits = new ArrayList<>(ni);
      for (int i = 0; i < ni; i++) {
        inits.add((Proto) ref());
      }
      Proto main = (Proto) ref();
      int globals = varint();
      int[] stringGlobals = ints();
      if (!atEnd()) {
        throw new IllegalStateException("trailing bytes");
      }
      return new Program(inits, main, globals, stringGlobals, universe);
    }

    private Object make(int tag) {
      switch (tag) {
        case PROTO:
          return new Proto((String) ref(), (String) ref(), varint());
        case RTYPE: {
          RType r = new RType(KINDS[varint()], (String) ref(), bool());
          r.universe = universe;
          universe.add(r);
          return r;
        }
        case ERROR_TYPE: {
          RType r = RuntimeErrorTypes.exported((String) ref());
          if (r == null) {
            throw new IllegalStateException("no run-time error type");
          }
          return r;
        }
        case ARRAY:
          return new Object[varint()];
        case STRING:
          return new String(bytes(), StandardCharsets.UTF_8);
        case GOSTRING:
          return GoString.wrap(bytes());
        case EMPTY_STRING:
          return GoString.EMPTY;
        case INTS:
          return ints();
        case LONGS:
          return longs();
        case COMPLEX:
          return new Complex(Double.longBitsToDouble(fixed()), Double.longBitsToDouble(fixed()));
        case BOXED_LONG:
          return fixed();
        case BOXED_INT:
          return (int) fixed();
        case BOXED_DOUBLE:
          return Double.longBitsToDouble(fixed());
        case BOOLEAN:
          return bool();
        case METHOD_SITE:
          return new Sites.Method((String) ref());
        case ASSERT_SITE:
          return new Sites.Assert((RType) ref(), (String) ref());
        case STR_SWITCH: {
          int n = varint();
          GoString[] cases = new GoString[n];
          int[] targets = new int[n];
          for (int i = 0; i < n; i++) {
            cases[i] = (GoString) ref();
            targets[i] = varint();
          }
          StrSwitch s = new StrSwitch(cases);
          for (int i = 0; i < n; i++) {
            s.setTarget(i, targets[i]);
          }
          return s;
        }
        case CLOSURE:
          return new Closure((Proto) ref(), (Object[]) ref());
        case IFACE:
          return new Iface((RType) ref(), fixed(), ref());
        case UNSIGNED_INDEX:
          return new CheckNatives.UnsignedIndex(fixed());
        case UNSIGNED_SLICE:
          return new CheckNatives.UnsignedSlice(fixed(), varint(), bool());
        case NIL_RECEIVER:
          return new CheckNatives.NilReceiver((String) ref());
        case UNSAFE_POINTER:
          return new ConvertNatives.UnsafePointerConversion((RType) ref(), bool());
        case SLICE_TO_ARRAY:
          return new ConvertNatives.SliceToArray(varint(), bool());
        case NATIVE:
        case STATIC: {
          String name = (String) ref();
          Native n = tag == NATIVE ? Stdlib.lookup(name) : staticField(name);
          if (n == null) {
            throw new IllegalStateException("no native " + name);
          }
          int width = varint() - 1;
          if (width >= 0) {
            NativeWidths.record(n, width);
          }
          return n;
        }
        default:
          throw new IllegalStateException("bad tag " + tag);
      }
    }

    private static Native staticField(String name) {
      int hash = name.indexOf('#');
      try {
        java.lang.reflect.Field f = Class.forName(name.substring(0, hash)).getDeclaredField(name.substring(hash + 1));
        f.setAccessible(true);
        return (Native) f.get(null);
      } catch (ReflectiveOperationException e) {
        return null;
      }
    }

    private void fillProto(Proto q) {
      q.frameSize = varint();
      q.numParams = varint();
      q.numResults = varint();
      q.code = ints();
      q.kl = longs();
      Object[] kr = new Object[varint()];
      for (int i = 0; i < kr.length; i++) {
        kr[i] = ref();
      }
      q.kr = kr;
      q.lines = ints();
      q.captures = ints();
      q.nativeFn = (Native) ref();
      q.deferReg = varint() - 1;
      q.deferRet = varint();
      q.openDefers = ints();
      q.wrapper = bool();
      q.deferredRecover = bool();
    }

    private void fillType(RType r) {
      r.elem = (RType) ref();
      r.key = (RType) ref();
      r.len = fixed();
      r.fieldNames = strings();
      r.fieldTypes = types();
      r.fieldEmbedded = bools();
      r.fieldSlot = ints();
      r.nl = varint();
      r.nr = varint();
      r.ifaceMethods = strings();
      r.ifaceSigs = strings();
      int ns = varint() - 1;
      if (ns >= 0) {
        Map<String, String> sigs = new HashMap<>();
        for (int i = 0; i < ns; i++) {
          sigs.put((String) ref(), (String) ref());
        }
        r.methodSigs = sigs;
      }
      int nm = varint();
      if (nm > 0) {
        Map<String, Object> methods = new LinkedHashMap<>();
        for (int i = 0; i < nm; i++) {
          methods.put((String) ref(), ref());
        }
        r.methods = methods;
      }
      r.simpleName = (String) ref();
      r.pkgPath = (String) ref();
      r.underlying = (RType) ref();
      r.fieldTags = strings();
      r.in = types();
      r.out = types();
      r.variadic = bool();
      r.chanDir = varint();
      r.ifaceTypes = types();
      r.methodNames = strings();
      r.methodTypes = types();
      r.reflectInfo = null;
    }

    // (two methods, not one taking String[]::new: no lambda is linked on a start-up's path)
    private String[] strings() {
      int n = varint() - 1;
      if (n < 0) {
        return null;
      }
      String[] a = new String[n];
      for (int i = 0; i < n; i++) {
        a[i] = (String) ref();
      }
      return a;
    }

    private RType[] types() {
      int n = varint() - 1;
      if (n < 0) {
        return null;
      }
      RType[] a = new RType[n];
      for (int i = 0; i < n; i++) {
        a[i] = (RType) ref();
      }
      return a;
    }

    private Object ref() {
      int id = varint();
      if (id == 0) {
        return null;
      }
      Object o = objs[id];
      if (o == null) {
        throw new IllegalStateException("forward reference");
      }
      return o;
    }

    /** A signed int (the writer's {@code s}). */
    private int varint() {
      return (int) s();
    }

    private int[] ints() {
      int n = varint() - 1;
      if (n < 0) {
        return null;
      }
      int[] a = new int[n];
      for (int i = 0; i < n; i++) {
        a[i] = varint();
      }
      return a;
    }

    private long[] longs() {
      int n = varint() - 1;
      if (n < 0) {
        return null;
      }
      long[] a = new long[n];
      for (int i = 0; i < n; i++) {
        a[i] = fixed();
      }
      return a;
    }

    private boolean[] bools() {
      int n = varint() - 1;
      if (n < 0) {
        return null;
      }
      boolean[] a = new boolean[n];
      for (int i = 0; i < n; i++) {
        a[i] = bool();
      }
      return a;
    }
  }

  /**
   * A decoded program's type universe: its descriptors, and what package reflect derives from
   * them. The encoder closed the universe over every type that carries methods or needs the
   * checker (RTypes.closeForCache: pointers to named types and to structs with embedded fields,
   * the predeclared types), so a type reflect asks for is either one of those, found by its parts,
   * or one without methods, made from its parts here as the compiled universe makes the types it
   * has no static type for (RTypes.derived): the same descriptor the compiled universe gives,
   * one per type. (Not covered: reflect.StructOf with embedded fields whose methods would be
   * promoted, a struct type the program never names; it gets no methods.)
   */
  private static final class DecodedUniverse implements RType.Universe {
    private final List<RType> all = new ArrayList<>();
    private final Map<String, RType> basics = new HashMap<>();
    /** Unnamed descriptors by their parts (see key); built on first use. */
    private Map<List<Object>, RType> byParts;

    void add(RType r) {
      all.add(r);
      if (!r.named || r.name.equals("error")) {
        basics.putIfAbsent(r.name, r);
      }
    }

    @Override
    public synchronized RType basic(String name) {
      RType r = basics.get(name);
      // the names the compiled universe answers (RTypes.basic): booleans, integers, floats,
      // string, error and interface {}
      return r != null && (r.kind.ordinal() <= RType.Kind.FLOAT64.ordinal() || r.kind == RType.Kind.STRING
          || name.equals("error") || name.equals("interface {}")) ? r : null;
    }

    /** What identifies an unnamed type: its kind and parts (descriptors by identity). */
    private static List<Object> key(RType.Kind kind, Object... parts) {
      List<Object> k = new ArrayList<>(parts.length + 1);
      k.add(kind);
      for (Object p : parts) {
        k.add(p instanceof Object[] a ? java.util.Arrays.asList(a) : p instanceof boolean[] b ? bools(b) : p);
      }
      return k;
    }

    private static List<Boolean> bools(boolean[] b) {
      List<Boolean> l = new ArrayList<>(b.length);
      for (boolean x : b) {
        l.add(x);
      }
      return l;
    }

    private static List<Object> keyOf(RType r) {
      switch (r.kind) {
        case POINTER:
        case SLICE:
          return key(r.kind, r.elem);
        case ARRAY:
          return key(r.kind, r.len, r.elem);
        case CHAN:
          return key(r.kind, r.chanDir, r.elem);
        case MAP:
          return key(r.kind, r.key, r.elem);
        case FUNC:
          return key(r.kind, r.in, r.out, r.variadic);
        case STRUCT: // (reflect.StructOf names a package only for unexported fields)
          return key(r.kind, r.fieldNames, r.fieldTypes, r.fieldTags, r.fieldEmbedded,
              anyUnexported(r.fieldNames) ? r.pkgPath : "");
        default:
          return null;
      }
    }

    private static boolean anyUnexported(String[] names) {
      for (String n : names) {
        if (!gol.interp.check.Types.isExported(n)) {
          return true;
        }
      }
      return false;
    }

    /** The descriptor with these parts: the program's, or one made now (no methods). */
    private RType find(List<Object> key, RType.Kind kind, String name, RType elem) {
      if (byParts == null) {
        byParts = new HashMap<>();
        for (RType r : all) {
          List<Object> k = r.named ? null : keyOf(r);
          if (k != null) {
            byParts.putIfAbsent(k, r);
          }
        }
      }
      RType r = byParts.get(key);
      if (r == null) {
        r = RType.madeAtRunTime(this, kind, name, elem);
        byParts.put(key, r);
        all.add(r);
      }
      return r;
    }

    @Override
    public synchronized RType pointerTo(RType elem) {
      return find(key(RType.Kind.POINTER, elem), RType.Kind.POINTER, "*" + elem.name, elem);
    }

    @Override
    public synchronized RType sliceOf(RType elem) {
      return find(key(RType.Kind.SLICE, elem), RType.Kind.SLICE, "[]" + elem.name, elem);
    }

    @Override
    public synchronized RType chanOf(int dir, RType elem) {
      RType r = find(key(RType.Kind.CHAN, dir, elem), RType.Kind.CHAN, RuntimeTypeNames.chan(dir, elem), elem);
      r.chanDir = dir;
      return r;
    }

    @Override
    public synchronized RType mapOf(RType key, RType elem) {
      RType r = find(key(RType.Kind.MAP, key, elem), RType.Kind.MAP, "map[" + key.name + "]" + elem.name, elem);
      r.key = key;
      return r;
    }

    @Override
    public synchronized RType funcOf(RType[] in, RType[] out, boolean variadic) {
      RType r = find(key(RType.Kind.FUNC, in, out, variadic), RType.Kind.FUNC,
          RuntimeTypeNames.func(in, out, variadic), null);
      if (r.in == null) {
        r.in = in.clone();
        r.out = out.clone();
        r.variadic = variadic;
      }
      return r;
    }

    @Override
    public synchronized RType arrayOf(long len, RType elem) {
      RType r = find(key(RType.Kind.ARRAY, len, elem), RType.Kind.ARRAY, "[" + len + "]" + elem.name, elem);
      r.len = len;
      return r;
    }

    @Override
    public synchronized RType structOf(String[] names, RType[] types, String[] tags, boolean[] embedded, String pkgPath) {
      String name = RuntimeTypeNames.struct(names, types, tags, embedded);
      RType r = find(key(RType.Kind.STRUCT, names, types, tags, embedded, pkgPath), RType.Kind.STRUCT, name, null);
      if (r.fieldNames == null) {
        r.fieldNames = names.clone();
        r.fieldTypes = types.clone();
        r.fieldEmbedded = embedded.clone();
        r.fieldTags = tags.clone();
        r.pkgPath = pkgPath;
        r.layOut();
      }
      return r;
    }

  }
}
