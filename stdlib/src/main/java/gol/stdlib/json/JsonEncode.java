package gol.stdlib.json;

import gol.runtime.G;
import gol.runtime.GoMap;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Ref;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;
import gol.stdlib.ByteBuf;
import gol.stdlib.ByteSlices;
import gol.stdlib.Utf8;
import gol.stdlib.reflect.Handles;
import gol.stdlib.strconv.Ftoa;
import java.util.Arrays;
import java.util.Comparator;

/**
 * encoding/json's encoder for values whose types need no gol code (no MarshalJSON or MarshalText
 * anywhere in them: see {@link JsonPlans}), as a native: {@code func encodeFast(p *plans, buf
 * []byte, v reflect.Value, quoted, escapeHTML bool, ptrLevel int) ([]byte, reflect.Type, int)}.
 * It writes what json.gol's reflectValue would, walking the runtime's representation of the value
 * instead of making a reflect.Value per field and element. It stops, with nothing appended, where
 * the gol code has to take over: status NEED (a type the plans do not know yet: json.gol teaches
 * it and calls again), GOL (an opaque type, a map key or kind it leaves to the gol code, a NaN or
 * an infinity, an invalid json.Number: the gol code encodes this value itself, and its error
 * messages are the ones Go gives) or DEEP (more than 1000 nested pointers, maps and slices: the
 * gol code's cycle check takes over for the rest of the Marshal).
 */
public final class JsonEncode extends JsonWalk {
  static final int DEEP = 3;

  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] BASE64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  /** ASCII bytes a JSON string carries as they are: [0] without HTML escaping, [1] with it. */
  private static final boolean[][] PLAIN = new boolean[2][128];

  static {
    for (int c = 0x20; c < 128; c++) {
      boolean ok = c != '"' && c != '\\';
      PLAIN[0][c] = ok;
      PLAIN[1][c] = ok && c != '<' && c != '>' && c != '&';
    }
  }

  private final ByteBuf out = new ByteBuf(256);
  private final boolean html;
  private int level;

  private JsonEncode(JsonPlans plans, boolean html, int level) {
    super(plans);
    this.html = html;
    this.level = level;
  }

  public static Native link(String name) {
    return switch (name) {
      case "encodeFast" -> JsonEncode::encodeFast;
      default -> null;
    };
  }

  static void encodeFast(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    Slice buf = (Slice) g.rs[base + 1];
    Object h = Handles.of(g.rs[base + 2]);
    boolean quoted = g.ls[base + 3] != 0;
    boolean html = g.ls[base + 4] != 0;
    int level = (int) g.ls[base + 5];
    for (int k = 0; k <= 5; k++) {
      g.rs[base + k] = null;
    }
    JsonEncode e = new JsonEncode(p, html, level);
    int st;
    try {
      if (h == null) {
        e.out.ascii("null");
      } else {
        e.value(Handles.type(h), Handles.bits(h), Handles.ref(h), quoted);
      }
      st = DONE;
    } catch (Stop s) {
      st = e.status;
    } catch (StackOverflowError s) {
      st = DEEP;
    } catch (ClassCastException s) { // a representation this walk does not know (unsafe)
      st = GOL;
    }
    g.rs[base] = st == DONE ? append(g, buf, e.out) : buf;
    g.rs[base + 1] = st == NEED ? p.typeValue(e.need) : null;
    g.ls[base + 2] = st;
  }

  /** One value of type t, as a slot holds it (bits for primitive kinds, ref for the others). */
  private void value(RType t, long bits, Object ref, boolean quoted) {
    JsonPlans.Plan p = plan(t);
    if (p.what == JsonPlans.OPAQUE) {
      stop(GOL);
    }
    switch (t.kind) {
      case BOOL:
        quote(quoted);
        out.ascii(bits != 0 ? "true" : "false");
        quote(quoted);
        break;
      case INT: case INT8: case INT16: case INT32: case INT64:
        quote(quoted);
        decimal(bits);
        quote(quoted);
        break;
      case UINT: case UINT8: case UINT16: case UINT32: case UINT64: case UINTPTR:
        quote(quoted);
        unsigned(bits);
        quote(quoted);
        break;
      case FLOAT32: case FLOAT64:
        floating(t.kind == RType.Kind.FLOAT32, Double.longBitsToDouble(bits), quoted);
        break;
      case STRING: {
        GoString s = (GoString) ref;
        if (p.what == JsonPlans.NUMBER) {
          number(s, quoted);
        } else if (quoted) {
          ByteBuf inner = new ByteBuf(s.len + 2);
          string(inner, s.bytes, s.off, s.len, html);
          string(out, inner.array(), 0, inner.length(), false);
        } else {
          string(out, s.bytes, s.off, s.len, html);
        }
        break;
      }
      case STRUCT:
        struct(p, (Struct) ref);
        break;
      case MAP:
        map(t, (GoMap) ref);
        break;
      case SLICE:
        slice(t, (Slice) ref);
        break;
      case ARRAY:
        elements(t.elem, ref, 0, (int) t.len);
        break;
      case INTERFACE:
        if (ref == null) {
          out.ascii("null");
        } else {
          Iface i = (Iface) ref;
          value(i.type, i.bits, i.ref, false);
        }
        break;
      case POINTER:
        if (ref == null) {
          out.ascii("null");
          break;
        }
        deeper();
        RType et = t.elem;
        if (et.isValue()) {
          value(et, 0, ref, quoted); // a pointer to a struct or array is the value object
        } else if (et.kind.isPrimitive()) {
          value(et, Ref.loadL(ref), null, quoted);
        } else {
          value(et, 0, Ref.loadR(ref), quoted);
        }
        level--;
        break;
      default:
        stop(GOL); // complex, chan, func, unsafe.Pointer: the gol code's UnsupportedTypeError
    }
  }

  /** Counts one more pointer, map or slice on the way down (json.gol's ptrLevel). */
  private void deeper() {
    if (++level > 1000) {
      stop(DEEP);
    }
  }

  private void quote(boolean quoted) {
    if (quoted) {
      out.put('"');
    }
  }

  private void struct(JsonPlans.Plan p, Struct s) {
    out.put('{');
    boolean first = true;
    for (JsonPlans.Field f : p.fields) {
      RType ft = s.type;
      Object cur = s;
      long cb = 0;
      int[] ix = f.index;
      boolean reached = true;
      for (int k = 0; k < ix.length; k++) {
        if (k > 0 && ft.kind == RType.Kind.POINTER) { // an embedded *T: its fields are T's
          if (cur == null) {
            reached = false;
            break;
          }
          ft = ft.elem;
        }
        Struct cs = (Struct) cur;
        int x = ix[k];
        RType nt = ft.fieldTypes[x];
        int slot = ft.fieldSlot[x];
        if (nt.kind.isPrimitive()) {
          cb = cs.l[slot];
          cur = null;
        } else {
          cb = 0;
          cur = cs.r[slot];
        }
        ft = nt;
      }
      if (!reached || f.omitEmpty && empty(ft, cb, cur)) {
        continue;
      }
      if (!first) {
        out.put(',');
      }
      first = false;
      byte[] key = html ? f.keyHTML : f.keyPlain;
      out.put(key, 0, key.length);
      value(ft, cb, cur, f.quoted);
    }
    out.put('}');
  }

  /** omitempty's test (json.gol's isEmptyValue). */
  private static boolean empty(RType t, long bits, Object ref) {
    switch (t.kind) {
      case ARRAY:
        return t.len == 0;
      case MAP:
        return GoMap.len((GoMap) ref) == 0;
      case SLICE:
        return ref == null || ((Slice) ref).len == 0;
      case STRING:
        return ((GoString) ref).len == 0;
      case FLOAT32: case FLOAT64:
        return Double.longBitsToDouble(bits) == 0;
      case BOOL: case INT: case INT8: case INT16: case INT32: case INT64:
      case UINT: case UINT8: case UINT16: case UINT32: case UINT64: case UINTPTR:
        return bits == 0;
      case INTERFACE: case POINTER:
        return ref == null;
      default:
        return false;
    }
  }

  /** A map's key as written, and where its value is. */
  private static final class Entry {
    final byte[] key;
    final int from;
    final int to;
    final int index;

    Entry(byte[] key, int from, int to, int index) {
      this.key = key;
      this.from = from;
      this.to = to;
      this.index = index;
    }
  }

  /** Keys in Go's string order (bytes compared unsigned). */
  private static final class ByKey implements Comparator<Entry> {
    static final ByKey INSTANCE = new ByKey();

    @Override
    public int compare(Entry a, Entry b) {
      return Arrays.compareUnsigned(a.key, a.from, a.to, b.key, b.from, b.to);
    }
  }

  private void map(RType t, GoMap m) {
    if (m == null) {
      out.ascii("null");
      return;
    }
    RType kt = t.key;
    boolean str = kt.kind == RType.Kind.STRING;
    if (!str && (!kt.kind.isSigned() && !kt.kind.isUnsigned() || plan(kt).what == JsonPlans.OPAQUE)) {
      stop(GOL); // keys by MarshalText, or an unsupported key type
    }
    deeper();
    int n = m.len();
    long[] kb = new long[n];
    Object[] kr = new Object[n];
    long[] vb = new long[n];
    Object[] vr = new Object[n];
    m.entries(kb, kr, vb, vr);
    Entry[] es = new Entry[n];
    for (int i = 0; i < n; i++) {
      if (str) {
        GoString k = (GoString) kr[i];
        es[i] = new Entry(k.bytes, k.off, k.off + k.len, i);
      } else {
        byte[] k = (kt.kind.isSigned() ? Long.toString(kb[i]) : Long.toUnsignedString(kb[i]))
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        es[i] = new Entry(k, 0, k.length, i);
      }
    }
    if (n > 1) {
      Arrays.sort(es, ByKey.INSTANCE);
    }
    out.put('{');
    RType et = t.elem;
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.put(',');
      }
      Entry e = es[i];
      string(out, e.key, e.from, e.to - e.from, html);
      out.put(':');
      value(et, vb[e.index], vr[e.index], false);
    }
    out.put('}');
    level--;
  }

  private void slice(RType t, Slice s) {
    if (s == null) {
      out.ascii("null");
      return;
    }
    if (t.elem.kind == RType.Kind.UINT8) {
      if (plan(t.elem).what == JsonPlans.OPAQUE) {
        stop(GOL); // bytes with marshaling methods: an array of their encodings
      }
      base64((byte[]) s.array, s.off, s.len);
      return;
    }
    deeper();
    elements(t.elem, s.array, s.off, s.len);
    level--;
  }

  private void elements(RType et, Object array, int off, int n) {
    out.put('[');
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.put(',');
      }
      value(et, Values.elemBits(array, off + i), Values.elemRef(array, off + i), false);
    }
    out.put(']');
  }

  private void base64(byte[] b, int off, int len) {
    out.put('"');
    int end = off + len;
    int i = off;
    for (; end - i >= 3; i += 3) {
      int v = (b[i] & 0xFF) << 16 | (b[i + 1] & 0xFF) << 8 | b[i + 2] & 0xFF;
      out.put(BASE64[v >> 18 & 63]).put(BASE64[v >> 12 & 63]).put(BASE64[v >> 6 & 63]).put(BASE64[v & 63]);
    }
    if (end - i == 1) {
      int v = (b[i] & 0xFF) << 16;
      out.put(BASE64[v >> 18 & 63]).put(BASE64[v >> 12 & 63]).put('=').put('=');
    } else if (end - i == 2) {
      int v = (b[i] & 0xFF) << 16 | (b[i + 1] & 0xFF) << 8;
      out.put(BASE64[v >> 18 & 63]).put(BASE64[v >> 12 & 63]).put(BASE64[v >> 6 & 63]).put('=');
    }
    out.put('"');
  }

  private void decimal(long v) {
    if (v < 0) {
      out.put('-');
      if (v == Long.MIN_VALUE) {
        out.ascii("9223372036854775808");
        return;
      }
      v = -v;
    }
    unsigned(v);
  }

  private void unsigned(long v) {
    if (v < 0) {
      out.ascii(Long.toUnsignedString(v));
      return;
    }
    int n = 1;
    for (long x = v; x >= 10; x /= 10) {
      n++;
    }
    int at = out.extend(n);
    byte[] a = out.array();
    for (int i = at + n - 1; i >= at; i--) {
      a[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
  }

  /** json.gol's float: 'f' format, or 'e' for tiny and huge magnitudes with e-09 as e-9. */
  private void floating(boolean f32, double f, boolean quoted) {
    if (Double.isNaN(f) || Double.isInfinite(f)) {
      stop(GOL); // the gol code's UnsupportedValueError
    }
    quote(quoted);
    double abs = Math.abs(f);
    char format = 'f';
    if (abs != 0) {
      if (!f32 && (abs < 1e-6 || abs >= 1e21) || f32 && ((float) abs < 1e-6f || (float) abs >= 1e21f)) {
        format = 'e';
      }
    }
    Ftoa.append(out, f, format, -1, f32 ? 32 : 64);
    if (format == 'e') {
      int n = out.length();
      byte[] a = out.array();
      if (n >= 4 && a[n - 4] == 'e' && a[n - 3] == '-' && a[n - 2] == '0') {
        a[n - 2] = a[n - 1];
        out.truncate(n - 1);
      }
    }
    quote(quoted);
  }

  /** A json.Number: its text as it is ("" as 0), when it is a valid JSON number. */
  private void number(GoString s, boolean quoted) {
    if (s.len == 0) {
      quote(quoted);
      out.put('0');
      quote(quoted);
      return;
    }
    int c = s.bytes[s.off];
    if (c != '-' && (c < '0' || c > '9') || JsonScan.number(s.bytes, s.off, s.off + s.len) != s.off + s.len) {
      stop(GOL); // the gol code's "invalid number literal" error
    }
    quote(quoted);
    out.put(s);
    quote(quoted);
  }

  /**
   * b[off, off+len) as a JSON string (json.gol's appendString): control characters, quotes and
   * backslashes escaped, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped, and with html also
   * &lt;, &gt; and &amp;.
   */
  static void string(ByteBuf out, byte[] b, int off, int len, boolean html) {
    boolean[] plain = PLAIN[html ? 1 : 0];
    out.put('"');
    int end = off + len;
    int start = off;
    for (int i = off; i < end; ) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        if (plain[c]) {
          i++;
          continue;
        }
        out.put(b, start, i - start);
        switch (c) {
          case '\\': case '"':
            out.put('\\').put(c);
            break;
          case '\b':
            out.put('\\').put('b');
            break;
          case '\f':
            out.put('\\').put('f');
            break;
          case '\n':
            out.put('\\').put('n');
            break;
          case '\r':
            out.put('\\').put('r');
            break;
          case '\t':
            out.put('\\').put('t');
            break;
          default:
            out.ascii("\\u00").put(HEX[c >> 4]).put(HEX[c & 0xF]);
        }
        start = ++i;
        continue;
      }
      int d = Utf8.decode(b, i, end);
      int r = Utf8.rune(d);
      int w = Utf8.width(d);
      if (r == Utf8.RUNE_ERROR && w == 1) {
        out.put(b, start, i - start);
        out.ascii("\\ufffd");
        start = ++i;
        continue;
      }
      if (r == 0x2028 || r == 0x2029) {
        out.put(b, start, i - start);
        out.ascii("\\u202").put(HEX[r & 0xF]);
        i += w;
        start = i;
        continue;
      }
      i += w;
    }
    out.put(b, start, end - start);
    out.put('"');
  }

  /** append(buf, out...) as the VM's append does it (in place when the capacity allows). */
  static Slice append(G g, Slice buf, ByteBuf out) {
    return ByteSlices.append(g, buf, out.array(), 0, out.length());
  }
}
