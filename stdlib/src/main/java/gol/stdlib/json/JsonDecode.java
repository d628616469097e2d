package gol.stdlib.json;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoMap;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Ref;
import gol.runtime.RefCell;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;
import gol.stdlib.reflect.Handles;
import gol.stdlib.strconv.Atof;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * encoding/json's decoder for values whose types need no gol code, as a native: {@code func
 * decodeFast(p *plans, data []byte, off int, v reflect.Value, useNumber, disallowUnknown bool)
 * (end int, need reflect.Type, status int)} decodes the value at data[off:] into v as json.gol's
 * value would, for input the caller already found valid, and returns where the value ends. It
 * writes through the runtime's representation instead of making a reflect.Value per field and
 * element, and makes the empty interface's maps, slices, strings and numbers directly.
 *
 * <p>It stops (status NEED: a type the plans do not know yet; GOL: anything else) wherever the gol
 * code must decide: UnmarshalJSON and UnmarshalText methods, every kind of mismatch or number out
 * of range (the gol code records those errors with their offsets and goes on), the ,string
 * option's harder cases, unknown fields under DisallowUnknownFields, base64 strings, map keys of
 * other kinds or not plain decimal digits, nil embedded pointers, an interface that holds a
 * pointer, non-empty interfaces, key matching that needs Unicode case folding. The gol code then decodes that same value from its
 * start; what this decoder wrote before it stopped is what the gol code writes again (it decodes
 * into the same variables, allocating only where they are nil, and grows slices the same way), so
 * the result is the gol code's.
 */
public final class JsonDecode extends JsonWalk {

  private static final double[] POW10 = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

  private final G g;
  private final byte[] b;
  private final int to;
  private int pos;
  private final boolean useNumber;
  private final boolean disallowUnknown;
  /** A decoded value (into's result), as a slot holds it. */
  private long rb;
  private Object rr;
  /** The last key or string read: bytes [sOff, sOff+sLen) of sBytes (maybe the input itself). */
  private byte[] sBytes;
  private int sOff;
  private int sLen;
  private boolean sAscii;

  private JsonDecode(G g, JsonPlans plans, byte[] b, int pos, int to, boolean useNumber, boolean disallowUnknown) {
    super(plans);
    this.g = g;
    this.b = b;
    this.pos = pos;
    this.to = to;
    this.useNumber = useNumber;
    this.disallowUnknown = disallowUnknown;
  }

  public static Native link(String name) {
    return switch (name) {
      case "decodeFast" -> JsonDecode::decodeFast;
      default -> null;
    };
  }

  static void decodeFast(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    Slice data = (Slice) g.rs[base + 1];
    int off = (int) g.ls[base + 2];
    Object h = Handles.of(g.rs[base + 3]);
    boolean useNumber = g.ls[base + 4] != 0;
    boolean disallow = g.ls[base + 5] != 0;
    for (int k = 0; k <= 5; k++) {
      g.rs[base + k] = null;
    }
    int st = GOL;
    JsonDecode d = null;
    if (h != null && data != null && data.array instanceof byte[] bytes) {
      d = new JsonDecode(g, p, bytes, data.off + off, data.off + data.len, useNumber, disallow);
      try {
        d.root(h);
        st = DONE;
      } catch (Stop s) {
        st = d.status;
      } catch (StackOverflowError | ClassCastException | ArrayIndexOutOfBoundsException s) {
        st = GOL; // very deep input, or input or a representation this walk does not expect
      }
    }
    g.ls[base] = st == DONE ? d.pos - data.off : off;
    g.rs[base + 1] = st == NEED ? p.typeValue(d.need) : null;
    g.ls[base + 2] = st;
  }

  private void space() {
    while (pos < to) {
      int c = b[pos];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  /** Decodes into the Value itself: a settable variable, or (the root) a non-nil pointer. */
  private void root(Object h) {
    RType t = Handles.type(h);
    space();
    if (Handles.canSet(h)) {
      into(t, Handles.bits(h), Handles.ref(h));
      Handles.store(h, rb, rr);
      return;
    }
    Object ptr = Handles.ref(h);
    if (t.kind != RType.Kind.POINTER || ptr == null || plan(t).decodeOpaque) {
      stop(GOL);
    }
    pointee(t.elem, ptr);
  }

  /** Decodes into the variable pointer p points at (of type et). */
  private void pointee(RType et, Object p) {
    if (et.isValue()) {
      into(et, 0, p);
    } else if (et.kind.isPrimitive()) {
      into(et, Ref.loadL(p), null);
      Ref.storeL(p, rb);
    } else {
      into(et, 0, Ref.loadR(p));
      Ref.storeR(p, rr);
    }
  }

  /**
   * Decodes the value at pos (spaces skipped) into a variable of type t now holding (ob, or), and
   * leaves the variable's new value in (rb, rr); a struct or array is decoded in place.
   */
  private void into(RType t, long ob, Object or) {
    int c = b[pos];
    if (t.kind == RType.Kind.INTERFACE) {
      iface(t, or, c);
      return;
    }
    JsonPlans.Plan p = plan(t);
    if (p.decodeOpaque) {
      stop(GOL);
    }
    rb = ob;
    rr = or;
    if (c == 'n') {
      pos += 4;
      switch (t.kind) {
        case POINTER: case MAP: case SLICE:
          rb = 0;
          rr = null;
          break;
        default:
          break;
      }
      return;
    }
    switch (t.kind) {
      case POINTER: {
        Object ptr = or;
        if (ptr == null) {
          ptr = newVar(t.elem);
        }
        pointee(t.elem, ptr);
        rb = 0;
        rr = ptr;
        return;
      }
      case STRUCT:
        if (c != '{') {
          stop(GOL);
        }
        object(p, (Struct) or);
        rr = or;
        return;
      case MAP:
        if (c != '{') {
          stop(GOL);
        }
        rr = map(t, (GoMap) or);
        rb = 0;
        return;
      case ARRAY:
        if (c != '[') {
          stop(GOL);
        }
        array(t, or);
        rr = or;
        return;
      case SLICE:
        if (c != '[') {
          stop(GOL); // a base64 string, or a mismatch
        }
        rr = slice(t, (Slice) or);
        rb = 0;
        return;
      case STRING:
        if (c == '"' && p.what != JsonPlans.NUMBER) {
          rr = string();
        } else if (p.what == JsonPlans.NUMBER && (c == '-' || c >= '0' && c <= '9')) {
          int start = pos;
          pos = numberEnd();
          rr = copy(b, start, pos - start);
        } else {
          stop(GOL);
        }
        return;
      case BOOL:
        if (c == 't') {
          pos += 4;
          rb = 1;
        } else if (c == 'f') {
          pos += 5;
          rb = 0;
        } else {
          stop(GOL);
        }
        return;
      case INT: case INT8: case INT16: case INT32: case INT64:
        rb = integer(t.kind, c);
        return;
      case UINT: case UINT8: case UINT16: case UINT32: case UINT64: case UINTPTR:
        rb = unsigned(t.kind, c);
        return;
      case FLOAT32: case FLOAT64:
        rb = Double.doubleToRawLongBits(floating(t.kind == RType.Kind.FLOAT32, c));
        return;
      default:
        stop(GOL);
    }
  }

  /** new(et)'s variable: the value object of a struct or array, else a cell. */
  private Object newVar(RType et) {
    Alloc.object(g, et);
    if (et.isValue()) {
      return Values.zeroRef(et);
    }
    if (et.kind.isPrimitive()) {
      return new LongCell(0);
    }
    return new RefCell(Values.zeroRef(et));
  }

  /** Into an interface variable: the empty interface gets the value's natural Go type. */
  private void iface(RType t, Object or, int c) {
    if (or instanceof Iface i && i.type.kind == RType.Kind.POINTER && i.ref != null) {
      stop(GOL); // the gol code decodes into what the pointer points at
    }
    rb = 0;
    if (c == 'n') {
      pos += 4;
      rr = null;
      return;
    }
    if (t.ifaceMethods != null && t.ifaceMethods.length > 0) {
      stop(GOL);
    }
    rr = anyValue();
  }

  // ---- the empty interface's values ----

  /** The value at pos as an interface holds it: an Iface, or null. */
  private Object anyValue() {
    int c = b[pos];
    switch (c) {
      case '{':
        return new Iface(plans.mapType, 0, anyObject());
      case '[':
        return new Iface(plans.sliceType, 0, anyArray());
      case '"': {
        GoString s = string();
        Alloc.box(g, plans.stringType, 0, s);
        return new Iface(plans.stringType, 0, s);
      }
      case 't':
        pos += 4;
        return new Iface(plans.boolType, 1, null);
      case 'f':
        pos += 5;
        return new Iface(plans.boolType, 0, null);
      case 'n':
        pos += 4;
        return null;
      default: {
        if (useNumber) {
          int start = pos;
          pos = numberEnd();
          GoString s = copy(b, start, pos - start);
          Alloc.box(g, plans.numberType, 0, s);
          return new Iface(plans.numberType, 0, s);
        }
        long bits = Double.doubleToRawLongBits(floating(false, c));
        Alloc.box(g, plans.float64Type, bits, null);
        return new Iface(plans.float64Type, bits, null);
      }
    }
  }

  /** A map[string]any of the object at pos (make, then one insertion per key). */
  private GoMap anyObject() {
    GoMap m = new GoMap(plans.mapType, 0);
    Alloc.makemap(g, m, 0);
    pos++;
    for (;;) {
      space();
      if (b[pos] == '}') {
        pos++;
        return m;
      }
      GoString key = string();
      colon();
      Object v = anyValue();
      GoMap.put(g, m, 0, key, 0, v);
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
  }

  /** A []any of the array at pos, with the capacity appending one element at a time gives. */
  private Slice anyArray() {
    ArrayList<Object> xs = new ArrayList<>();
    pos++;
    for (;;) {
      space();
      if (b[pos] == ']') {
        pos++;
        break;
      }
      xs.add(anyValue());
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
    int n = xs.size();
    RType et = plans.sliceType.elem;
    long size = Alloc.sizeOf(et);
    long cap = 0;
    for (int len = 1; len <= n; len++) {
      if (len > cap) {
        cap = Alloc.roundupsize(Alloc.nextslicecap(len, cap) * size, false) / size;
        Alloc.array(g, et, cap);
      }
    }
    Object[] a = new Object[(int) cap];
    for (int i = 0; i < n; i++) {
      a[i] = xs.get(i);
    }
    return new Slice(a, 0, n, (int) cap);
  }

  // ---- composites ----

  /** After a key: spaces, the colon, spaces. */
  private void colon() {
    space();
    pos++;
    space();
  }

  /** The object at pos into struct s, field by field (typeFields' names, exact match first). */
  private void object(JsonPlans.Plan p, Struct s) {
    pos++;
    for (;;) {
      space();
      if (b[pos] == '}') {
        pos++;
        return;
      }
      key();
      JsonPlans.Field f = field(p.fields);
      colon();
      if (f == null) {
        if (disallowUnknown) {
          stop(GOL);
        }
        skipValue();
      } else {
        intoField(s, f.index, f.quoted);
      }
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
  }

  /**
   * Decodes into the field at path ix of s (through embedded structs and non-nil pointers); a
   * field with the ,string option takes its value from inside a string.
   */
  private void intoField(Struct s, int[] ix, boolean quoted) {
    Struct cs = s;
    int last = ix.length - 1;
    for (int k = 0; k < last; k++) {
      Object e = cs.r[cs.type.fieldSlot[ix[k]]];
      if (e == null) {
        stop(GOL); // a nil embedded pointer: the gol code allocates it, or says why it cannot
      }
      cs = (Struct) e;
    }
    RType st = cs.type;
    int x = ix[last];
    RType ft = st.fieldTypes[x];
    int slot = st.fieldSlot[x];
    long ob = ft.kind.isPrimitive() ? cs.l[slot] : 0;
    Object or = ft.kind.isPrimitive() ? null : cs.r[slot];
    if (quoted && b[pos] == '"') {
      int end = unquote(b, pos, to);
      byte[] a = sBytes;
      int from = sOff;
      int n = sLen;
      if (a == b) {
        a = Arrays.copyOfRange(b, from, from + n); // a string inside will be unquoted into sBytes
        from = 0;
      }
      intoQuoted(ft, ob, or, a, from, from + n);
      pos = end;
    } else if (quoted && b[pos] != 'n') {
      stop(GOL); // "invalid use of ,string struct tag"
    } else {
      into(ft, ob, or);
    }
    if (ft.kind.isPrimitive()) {
      cs.l[slot] = rb;
    } else {
      cs.r[slot] = rr;
    }
  }

  /**
   * Decodes the text a[from, to) found inside a ,string field's string into a variable of type
   * t holding (ob, or), leaving its new value in (rb, rr): null, true, false, a string literal
   * or a JSON number; anything else (and every error) is the gol code's.
   */
  private void intoQuoted(RType t, long ob, Object or, byte[] a, int from, int end) {
    JsonPlans.Plan p = plan(t);
    if (p.decodeOpaque || from == end) {
      stop(GOL);
    }
    rb = ob;
    rr = or;
    int c = a[from];
    if (c == 'n') {
      if (!same(a, from, end, "null")) {
        stop(GOL);
      }
      if (t.kind == RType.Kind.POINTER) {
        rr = null;
      }
      return;
    }
    if (t.kind == RType.Kind.POINTER) {
      Object ptr = or == null ? newVar(t.elem) : or;
      RType et = t.elem;
      if (et.kind.isPrimitive()) {
        intoQuoted(et, Ref.loadL(ptr), null, a, from, end);
        Ref.storeL(ptr, rb);
      } else if (!et.isValue()) {
        intoQuoted(et, 0, Ref.loadR(ptr), a, from, end);
        Ref.storeR(ptr, rr);
      } else {
        stop(GOL);
      }
      rb = 0;
      rr = ptr;
      return;
    }
    switch (t.kind) {
      case BOOL:
        if (same(a, from, end, "true")) {
          rb = 1;
        } else if (same(a, from, end, "false")) {
          rb = 0;
        } else {
          stop(GOL);
        }
        return;
      case STRING:
        if (p.what == JsonPlans.NUMBER) {
          if (!number(a, from, end)) {
            stop(GOL);
          }
          rr = copy(a, from, end - from);
        } else if (c == '"' && JsonScan.string(a, from, end) == end) {
          unquote(a, from, end);
          rr = copy(sBytes, sOff, sLen);
        } else {
          stop(GOL);
        }
        return;
      case INT: case INT8: case INT16: case INT32: case INT64:
        numberOrStop(a, from, end);
        rb = parseInt(a, from, end, t.kind);
        return;
      case UINT: case UINT8: case UINT16: case UINT32: case UINT64: case UINTPTR:
        numberOrStop(a, from, end);
        rb = parseUint(a, from, end, t.kind);
        return;
      case FLOAT32: case FLOAT64:
        numberOrStop(a, from, end);
        rb = Double.doubleToRawLongBits(parseFloat(a, from, end, t.kind == RType.Kind.FLOAT32));
        return;
      default:
        stop(GOL);
    }
  }

  private static boolean same(byte[] a, int from, int end, String word) {
    if (end - from != word.length()) {
      return false;
    }
    for (int i = 0; i < word.length(); i++) {
      if (a[from + i] != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a[from, end) is exactly one JSON number. */
  private static boolean number(byte[] a, int from, int end) {
    int c = a[from];
    return (c == '-' || c >= '0' && c <= '9') && JsonScan.number(a, from, end) == end;
  }

  private void numberOrStop(byte[] a, int from, int end) {
    if (!number(a, from, end)) {
      stop(GOL); // strconv's syntax is wider than JSON's: the gol code parses what else it takes
    }
  }

  /** The field the last key names: exactly, else ignoring ASCII case; null for none. */
  private JsonPlans.Field field(JsonPlans.Field[] fields) {
    for (JsonPlans.Field f : fields) {
      if (f.name.length == sLen && Arrays.equals(f.name, 0, sLen, sBytes, sOff, sOff + sLen)) {
        return f;
      }
    }
    for (JsonPlans.Field f : fields) {
      if (!f.ascii || !sAscii) {
        if (f.name.length > 0 && sLen > 0 && mayFold(f) ) {
          stop(GOL); // Unicode case folding: the gol code's strings.EqualFold
        }
        continue;
      }
      if (f.name.length == sLen && asciiFold(f.name, sBytes, sOff, sLen)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Whether a name and the key, not both ASCII, might still be equal under Unicode simple case
   * folding: a non-ASCII name might; an ASCII name only matches a non-ASCII key through the
   * Kelvin sign (E2 84 AA) or the long s (C5 BF).
   */
  private boolean mayFold(JsonPlans.Field f) {
    if (!f.ascii) {
      return true;
    }
    for (int i = sOff; i + 1 < sOff + sLen; i++) {
      int c = sBytes[i] & 0xFF;
      if (c == 0xC5 && (sBytes[i + 1] & 0xFF) == 0xBF
          || c == 0xE2 && i + 2 < sOff + sLen && (sBytes[i + 1] & 0xFF) == 0x84 && (sBytes[i + 2] & 0xFF) == 0xAA) {
        return true;
      }
    }
    return false;
  }

  private static boolean asciiFold(byte[] a, byte[] k, int off, int n) {
    for (int i = 0; i < n; i++) {
      int x = a[i];
      int y = k[off + i];
      if (x != y) {
        if (x >= 'A' && x <= 'Z') {
          x += 'a' - 'A';
        }
        if (y >= 'A' && y <= 'Z') {
          y += 'a' - 'A';
        }
        if (x != y) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The object at pos into a map with string or integer keys (a fresh element decoded for each
   * key; an integer key is its decimal digits, as ParseInt and ParseUint read them).
   */
  private GoMap map(RType t, GoMap m) {
    RType kt = t.key;
    boolean str = kt.kind == RType.Kind.STRING;
    if (!str && !kt.kind.isSigned() && !kt.kind.isUnsigned() || plan(kt).decodeOpaque) {
      stop(GOL);
    }
    RType et = t.elem;
    if (m == null) {
      m = new GoMap(t, 0);
      Alloc.makemap(g, m, 0);
    }
    pos++;
    for (;;) {
      space();
      if (b[pos] == '}') {
        pos++;
        return m;
      }
      long kb = 0;
      Object kr;
      if (str) {
        kr = string();
      } else {
        key(); // a key out of range or not all digits: the gol code's error
        kb = kt.kind.isSigned() ? parseInt(sBytes, sOff, sOff + sLen, kt.kind) : parseUint(sBytes, sOff, sOff + sLen, kt.kind);
        kr = null;
      }
      colon();
      if (et.kind.isPrimitive()) {
        into(et, 0, null);
      } else {
        into(et, 0, Values.zeroRef(et));
      }
      GoMap.put(g, m, kb, kr, rb, rr);
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
  }

  /** The array at pos into a Go array in place: extra elements skipped, missing ones zeroed. */
  private void array(RType t, Object a) {
    RType et = t.elem;
    int n = (int) t.len;
    pos++;
    int i = 0;
    for (;; i++) {
      space();
      if (b[pos] == ']') {
        pos++;
        break;
      }
      if (i < n) {
        intoElem(et, a, i);
      } else {
        skipValue();
      }
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
    for (; i < n; i++) {
      zeroElem(et, a, i);
    }
  }

  /** The array at pos into a slice: elements decoded over the old ones, grown as append grows. */
  private Slice slice(RType t, Slice s) {
    RType et = t.elem;
    Object arr = s == null ? null : s.array;
    int off = s == null ? 0 : s.off;
    int len = s == null ? 0 : s.len;
    int cap = s == null ? 0 : s.cap;
    pos++;
    int i = 0;
    for (;; i++) {
      space();
      if (b[pos] == ']') {
        pos++;
        break;
      }
      if (i >= len) {
        if (i >= cap) { // reflect.Append of a zero element: append's growth
          long size = Alloc.sizeOf(et);
          int newCap = size == 0 ? i + 1 : (int) Math.min(
              Alloc.roundupsize(Alloc.nextslicecap(i + 1, cap) * size, Alloc.noscan(et)) / size, Integer.MAX_VALUE - 8);
          Alloc.array(g, et, newCap);
          Object na = Values.newArrayNoFill(et, newCap);
          if (len > 0) {
            System.arraycopy(arr, off, na, 0, len);
            if (et.isValue() && s != null && arr == s.array) { // the old array keeps its own values
              Object[] o = (Object[]) na;
              for (int k = 0; k < len; k++) {
                o[k] = Values.copy(et, o[k]);
              }
            }
          }
          if (na instanceof Object[] o) {
            Values.fillZero(et, o, len, newCap);
          }
          arr = na;
          off = 0;
          cap = newCap;
        }
        len = i + 1;
      }
      intoElem(et, arr, off + i);
      space();
      if (b[pos] == ',') {
        pos++;
      }
    }
    if (i == 0) {
      return new Slice(Values.newArray(et, 0), 0, 0, 0); // MakeSlice(t, 0, 0): empty, not nil
    }
    return new Slice(arr, off, i, cap);
  }

  private void intoElem(RType et, Object a, int i) {
    if (a instanceof long[] l) {
      into(et, l[i], null);
      l[i] = rb;
    } else if (a instanceof byte[] by) {
      into(et, by[i] & 0xFF, null);
      by[i] = (byte) rb;
    } else {
      Object[] o = (Object[]) a;
      into(et, 0, o[i]);
      o[i] = rr;
    }
  }

  private static void zeroElem(RType et, Object a, int i) {
    if (a instanceof long[] l) {
      l[i] = 0;
    } else if (a instanceof byte[] by) {
      by[i] = 0;
    } else if (et.isValue()) {
      Values.assign(et, ((Object[]) a)[i], Values.zeroRef(et));
    } else {
      ((Object[]) a)[i] = Values.zeroRef(et);
    }
  }

  /** Moves past the value at pos. */
  private void skipValue() {
    int end = JsonScan.value(b, pos, to);
    if (end < 0) {
      stop(GOL);
    }
    pos = end;
  }

  // ---- literals ----

  private int numberEnd() {
    int end = JsonScan.number(b, pos, to);
    if (end < 0) {
      stop(GOL);
    }
    return end;
  }

  /** An integer of kind k at pos (in range for k), else the gol code. */
  private long integer(RType.Kind k, int c) {
    if (c != '-' && (c < '0' || c > '9')) {
      stop(GOL);
    }
    int end = numberEnd();
    long v = parseInt(b, pos, end, k);
    pos = end;
    return v;
  }

  /**
   * The JSON number a[start, end) as an integer of kind k, when it has no fraction nor exponent
   * and is in range for k (where strconv.ParseInt agrees); else the gol code.
   */
  private long parseInt(byte[] a, int start, int end, RType.Kind k) {
    int p = start;
    boolean neg = a[p] == '-';
    if (neg) {
      p++;
    }
    if (end - p > 18 || p == end) {
      stop(GOL); // maybe out of range: ParseInt's error is the gol code's
    }
    long v = 0;
    for (; p < end; p++) {
      int d = a[p] - '0';
      if (d < 0 || d > 9) {
        stop(GOL); // a fraction or an exponent
      }
      v = v * 10 + d;
    }
    if (neg) {
      v = -v;
    }
    int bits = switch (k) {
      case INT8 -> 8;
      case INT16 -> 16;
      case INT32 -> 32;
      default -> 64;
    };
    if (bits < 64 && (v < -(1L << (bits - 1)) || v >= 1L << (bits - 1))) {
      stop(GOL);
    }
    return v;
  }

  /** An unsigned integer of kind k at pos (in range for k), else the gol code. */
  private long unsigned(RType.Kind k, int c) {
    if (c < '0' || c > '9') {
      stop(GOL);
    }
    int end = numberEnd();
    long v = parseUint(b, pos, end, k);
    pos = end;
    return v;
  }

  /** The JSON number a[start, end) as an unsigned integer of kind k (as parseInt). */
  private long parseUint(byte[] a, int start, int end, RType.Kind k) {
    if (end - start > 19 || end == start) {
      stop(GOL);
    }
    long v = 0;
    for (int p = start; p < end; p++) {
      int d = a[p] - '0';
      if (d < 0 || d > 9) {
        stop(GOL); // a sign, a fraction or an exponent
      }
      v = v * 10 + d;
    }
    int bits = switch (k) {
      case UINT8 -> 8;
      case UINT16 -> 16;
      case UINT32 -> 32;
      default -> 64;
    };
    if (v < 0 || bits < 64 && v >= 1L << bits) {
      stop(GOL);
    }
    return v;
  }

  /** A float64 (or a float32, as float64) of the number at pos; out of range is the gol code's. */
  private double floating(boolean f32, int c) {
    if (c != '-' && (c < '0' || c > '9')) {
      stop(GOL);
    }
    int end = numberEnd();
    double v = parseFloat(b, pos, end, f32);
    pos = end;
    return v;
  }

  /** The JSON number a[start, end) as strconv.ParseFloat gives it; out of range: the gol code. */
  private double parseFloat(byte[] a, int start, int end, boolean f32) {
    double fast = f32 ? Double.NaN : exactDecimal(a, start, end);
    if (!Double.isNaN(fast)) {
      return fast;
    }
    Atof.Result r = Atof.parseFloat(new GoString(a, start, end - start), f32 ? 32 : 64);
    if (r.err() != null) {
      stop(GOL);
    }
    return r.value();
  }

  /**
   * The number in a[start, end) when its digits (at most 15) and its power of ten (at most 22)
   * are exact doubles, so one division rounds correctly; NaN otherwise.
   */
  private static double exactDecimal(byte[] a, int start, int end) {
    int p = start;
    boolean neg = a[p] == '-';
    if (neg) {
      p++;
    }
    long m = 0;
    int digits = 0;
    int scale = 0;
    boolean frac = false;
    for (; p < end; p++) {
      int c = a[p];
      if (c == '.') {
        frac = true;
        continue;
      }
      if (c < '0' || c > '9') {
        return Double.NaN; // an exponent
      }
      if (m != 0 || c != '0') {
        digits++;
      }
      m = m * 10 + (c - '0');
      if (frac) {
        scale++;
      }
    }
    if (digits > 15 || scale > 22) {
      return Double.NaN;
    }
    double v = scale == 0 ? (double) m : m / POW10[scale];
    return neg ? -v : v;
  }

  /** The string literal at pos, unquoted, as a new string. */
  private GoString string() {
    key();
    return copy(sBytes, sOff, sLen);
  }

  private GoString copy(byte[] a, int off, int n) {
    if (n == 0) {
      return GoString.EMPTY;
    }
    Alloc.noscan(g, n);
    return new GoString(Arrays.copyOfRange(a, off, off + n), 0, n);
  }

  /** Unquotes the string literal at pos into (sBytes, sOff, sLen) and moves past it. */
  private void key() {
    pos = unquote(b, pos, to);
  }

  /**
   * Unquotes the string literal at a[at] (ending before limit) into (sBytes, sOff, sLen) and
   * returns its end: a's own bytes when it has no escapes and is ASCII, else a decoded copy
   * (json.gol's unquote: escapes, surrogate pairs, invalid UTF-8 and lone surrogates as U+FFFD).
   */
  private int unquote(byte[] a, int at, int limit) {
    int p = at + 1;
    int q = p;
    while (q < limit) {
      int c = a[q];
      if (c == '"' || c == '\\' || c < 0) {
        break;
      }
      q++;
    }
    if (q < limit && a[q] == '"') {
      sBytes = a;
      sOff = p;
      sLen = q - p;
      sAscii = true;
      return q + 1;
    }
    int end = JsonScan.string(a, at, limit);
    if (end < 0) {
      stop(GOL);
    }
    int close = end - 1;
    ByteBuf out = new ByteBuf(close - p + 8);
    out.put(a, p, q - p);
    boolean ascii = true;
    for (int r = q; r < close; ) {
      int c = a[r] & 0xFF;
      if (c == '\\') {
        int e = a[r + 1];
        switch (e) {
          case '"': case '\\': case '/': case '\'':
            out.put(e);
            r += 2;
            break;
          case 'b':
            out.put('\b');
            r += 2;
            break;
          case 'f':
            out.put('\f');
            r += 2;
            break;
          case 'n':
            out.put('\n');
            r += 2;
            break;
          case 'r':
            out.put('\r');
            r += 2;
            break;
          case 't':
            out.put('\t');
            r += 2;
            break;
          case 'u': {
            int rr = hex4(a, r, close);
            if (rr < 0) {
              stop(GOL);
            }
            r += 6;
            if (rr >= 0xD800 && rr < 0xDC00) {
              int lo = hex4(a, r, close);
              if (lo >= 0xDC00 && lo < 0xE000) {
                rr = (rr - 0xD800) << 10 | (lo - 0xDC00) + 0x10000;
                r += 6;
              } else {
                rr = Utf8.RUNE_ERROR;
              }
            } else if (rr >= 0xDC00 && rr < 0xE000) {
              rr = Utf8.RUNE_ERROR;
            }
            ascii &= rr < 0x80;
            out.rune(rr);
            break;
          }
          default:
            stop(GOL);
        }
      } else if (c < 0x80) {
        out.put(c);
        r++;
      } else {
        ascii = false;
        int d = Utf8.decode(a, r, close);
        int w = Utf8.width(d);
        if (Utf8.rune(d) == Utf8.RUNE_ERROR && w == 1) {
          out.rune(Utf8.RUNE_ERROR);
        } else {
          out.put(a, r, w);
        }
        r += w;
      }
    }
    sBytes = out.array();
    sOff = 0;
    sLen = out.length();
    sAscii = ascii;
    return end;
  }

  /** The rune of the \\uXXXX escape at a[r] (within the string's content up to close), or -1. */
  private static int hex4(byte[] a, int r, int close) {
    if (close - r < 6 || a[r] != '\\' || a[r + 1] != 'u') {
      return -1;
    }
    int v = 0;
    for (int k = 2; k < 6; k++) {
      int d = Character.digit(a[r + k], 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }
}
