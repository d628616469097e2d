package gol.stdlib.fmt;

import gol.runtime.Complex;
import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Ref;
import gol.runtime.Slice;
import gol.stdlib.ByteBuf;
import gol.stdlib.strconv.Atof;
import gol.stdlib.strconv.Atoi;
import gol.stdlib.strconv.NumError;
import java.io.IOException;

/**
 * The natives of fmt's scanning code (the Scan functions in fmt.gol): number parsing with
 * strconv's results and errors, stores through a pointer to any basic kind (what Go's scanner
 * does through reflect, for named types), and the unbuffered read of standard input.
 */
final class ScanNatives {
  private ScanNatives() {
  }

  /** The natives, told apart by a switch in one class (see FmtPkg: no lambda linkage per native). */
  private static final String[] NAMES = {"readStdin", "parseInt", "parseUint", "parseFloat", "unquote",
      "pointee", "storeBits", "storeFloat", "storeComplex", "storeString"};

  static Native link(String name) {
    int i = IndexedNative.indexOf(NAMES, name);
    return i >= 0 ? new Call(i) : null;
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> readStdin(g, b);
        case 1 -> parseInt(g, b);
        case 2 -> parseUint(g, b);
        case 3 -> parseFloat(g, b);
        case 4 -> unquote(g, b);
        case 5 -> pointee(g, b);
        case 6 -> storeBits(g, b);
        case 7 -> storeFloat(g, b);
        case 8 -> storeComplex(g, b);
        default -> storeString(g, b);
      }
    }
  }

  /**
   * func readStdin(b []byte) (n int, errno int): a blocking system call; n 0 at EOF; errno -1,
   * reading nothing, when os.Stdin was replaced or closed (gol.runtime.StdRedirect).
   */
  static void readStdin(G g, int b) {
    Slice s = (Slice) g.rs[b];
    int n = 0;
    int errno = 0;
    gol.runtime.StdRedirect r = g.machine.stdinRedirect;
    if (r != null && r.active()) {
      errno = -1;
    } else if (s != null && s.len > 0) {
      g.sched.enterSyscall(g);
      try {
        n = Math.max(0, g.machine.stdin.read((byte[]) s.array, s.off, s.len));
      } catch (IOException e) {
        errno = 5;
      } finally {
        g.sched.exitSyscall(g);
      }
    }
    g.rs[b] = null;
    g.ls[b] = n;
    g.ls[b + 1] = errno;
  }

  /** func parseInt(tok string, base int) (int64, error) */
  static void parseInt(G g, int b) {
    Atoi.Result r = Atoi.parseInt((GoString) g.rs[b], g.ls[b + 1], 64);
    g.rs[b] = null;
    g.ls[b] = r.value();
    g.rs[b + 1] = r.err() == null ? null : r.err().toIface();
  }

  /** func parseUint(tok string, base int) (uint64, error) */
  static void parseUint(G g, int b) {
    Atoi.Result r = Atoi.parseUint((GoString) g.rs[b], g.ls[b + 1], 64);
    g.rs[b] = null;
    g.ls[b] = r.value();
    g.rs[b + 1] = r.err() == null ? null : r.err().toIface();
  }

  /**
   * func parseFloat(tok string, bitSize int, decimalP bool) (float64, error): with decimalP a
   * binary exponent ('p') is applied to the decimal mantissa before it, and an error then names
   * the whole token, as Go's scanner does (strconv.ParseFloat takes 'p' only after a
   * hexadecimal mantissa).
   */
  static void parseFloat(G g, int b) {
    GoString tok = (GoString) g.rs[b];
    long bitSize = g.ls[b + 1];
    String text = tok.toString();
    int p = g.ls[b + 2] != 0 ? text.indexOf('p') : -1;
    double v;
    NumError err = null;
    if (p < 0) {
      Atof.Result r = Atof.parseFloat(tok, bitSize);
      v = r.value();
      err = r.err();
    } else {
      Atof.Result r = Atof.parseFloat(GoString.of(text.substring(0, p)), bitSize);
      v = r.value();
      if (r.err() != null) {
        err = new NumError(r.err().func, tok, r.err().err);
      } else {
        Atoi.Result e = Atoi.atoi(GoString.of(text.substring(p + 1)));
        if (e.err() != null) {
          err = new NumError(e.err().func, tok, e.err().err);
        } else {
          long m = Math.max(-10000, Math.min(10000, e.value()));
          v = Math.scalb(v, (int) m);
        }
      }
    }
    g.rs[b] = null;
    g.ls[b] = Double.doubleToRawLongBits(v);
    g.rs[b + 1] = err == null ? null : err.toIface();
  }

  /** func unquote(q string) (string, bool): q is a double-quoted Go string literal. */
  static void unquote(G g, int b) {
    GoString q = (GoString) g.rs[b];
    GoString s = unquote(q.bytes, q.off, q.len);
    g.rs[b] = s == null ? GoString.EMPTY : s;
    g.ls[b + 1] = s == null ? 0 : 1;
  }

  private static GoString unquote(byte[] a, int off, int len) {
    if (len < 2 || a[off] != '"' || a[off + len - 1] != '"') {
      return null;
    }
    ByteBuf out = new ByteBuf(len);
    int end = off + len - 1;
    for (int i = off + 1; i < end; ) {
      int c = a[i] & 0xFF;
      if (c == '"' || c == '\n') {
        return null;
      }
      if (c != '\\') {
        out.put((byte) c);
        i++;
        continue;
      }
      if (i + 1 >= end) {
        return null;
      }
      int e = a[i + 1] & 0xFF;
      i += 2;
      switch (e) {
        case 'a' -> out.put((byte) 7);
        case 'b' -> out.put((byte) 8);
        case 'f' -> out.put((byte) 12);
        case 'n' -> out.put((byte) '\n');
        case 'r' -> out.put((byte) '\r');
        case 't' -> out.put((byte) '\t');
        case 'v' -> out.put((byte) 11);
        case '\\', '"' -> out.put((byte) e);
        case 'x', 'u', 'U' -> {
          int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
          long v = digits(a, i, end, n, 16);
          if (v < 0) {
            return null;
          }
          i += n;
          if (e == 'x') {
            out.put((byte) v);
          } else if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
            return null;
          } else {
            out.rune((int) v);
          }
        }
        case '0', '1', '2', '3', '4', '5', '6', '7' -> {
          long v = digits(a, i - 1, end, 3, 8);
          if (v < 0 || v > 255) {
            return null;
          }
          i += 2;
          out.put((byte) v);
        }
        default -> {
          return null;
        }
      }
    }
    return out.toGoString();
  }

  /** The value of n digits of the base at a[i..], or -1 if they are not all there. */
  private static long digits(byte[] a, int i, int end, int n, int base) {
    if (i + n > end) {
      return -1;
    }
    long v = 0;
    for (int k = 0; k < n; k++) {
      int d = Character.digit(a[i + k] & 0xFF, base);
      if (d < 0) {
        return -1;
      }
      v = v * base + d;
    }
    return v;
  }

  /** func pointee(arg any) (kind int, bits int): see fmt.gol. */
  static void pointee(G g, int b) {
    Object arg = g.rs[b];
    int kind = 0;
    int bits = 0;
    if (arg instanceof Iface i && i.type.kind == Kind.POINTER) {
      RType e = i.type.elem;
      kind = 8;
      if (i.ref != null) {
        switch (e.kind) {
          case BOOL -> kind = 1;
          case INT, INT8, INT16, INT32, INT64 -> kind = 2;
          case UINT, UINT8, UINT16, UINT32, UINT64, UINTPTR -> kind = 3;
          case STRING -> kind = 4;
          case SLICE -> kind = e.elem.kind == Kind.UINT8 ? 5 : 8;
          case FLOAT32, FLOAT64 -> kind = 6;
          case COMPLEX64, COMPLEX128 -> kind = 7;
          default -> kind = 8;
        }
        bits = bits(e.kind);
      }
    }
    g.rs[b] = null;
    g.ls[b] = kind;
    g.ls[b + 1] = bits;
  }

  private static int bits(Kind k) {
    return switch (k) {
      case INT8, UINT8 -> 8;
      case INT16, UINT16 -> 16;
      case INT32, UINT32, FLOAT32 -> 32;
      case COMPLEX128 -> 128;
      default -> 64;
    };
  }

  private static Iface ptr(G g, int b) {
    return (Iface) g.rs[b];
  }

  /** func storeBits(arg any, v uint64) */
  static void storeBits(G g, int b) {
    Iface p = ptr(g, b);
    long v = g.ls[b + 1];
    v = switch (p.type.elem.kind) {
      case BOOL -> v != 0 ? 1 : 0;
      case INT8 -> (byte) v;
      case INT16 -> (short) v;
      case INT32 -> (int) v;
      case UINT8 -> v & 0xFF;
      case UINT16 -> v & 0xFFFF;
      case UINT32 -> v & 0xFFFFFFFFL;
      default -> v;
    };
    Ref.storeL(p.ref, v);
    g.rs[b] = null;
  }

  /** func storeFloat(arg any, f float64) */
  static void storeFloat(G g, int b) {
    Iface p = ptr(g, b);
    double f = Double.longBitsToDouble(g.ls[b + 1]);
    if (p.type.elem.kind == Kind.FLOAT32) {
      f = (float) f;
    }
    Ref.storeL(p.ref, Double.doubleToRawLongBits(f));
    g.rs[b] = null;
  }

  /** func storeComplex(arg any, c complex128) */
  static void storeComplex(G g, int b) {
    Iface p = ptr(g, b);
    Complex c = (Complex) g.rs[b + 1];
    Ref.storeR(p.ref, p.type.elem.kind == Kind.COMPLEX64 ? c.to64() : c);
    g.rs[b] = null;
    g.rs[b + 1] = null;
  }

  /** func storeString(arg any, str string): into a string or a (copied) byte slice. */
  static void storeString(G g, int b) {
    Iface p = ptr(g, b);
    GoString s = (GoString) g.rs[b + 1];
    if (p.type.elem.kind == Kind.STRING) {
      Ref.storeR(p.ref, s);
    } else {
      byte[] copy = java.util.Arrays.copyOfRange(s.bytes, s.off, s.off + s.len);
      Ref.storeR(p.ref, new Slice(copy, 0, copy.length, copy.length));
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
  }
}
