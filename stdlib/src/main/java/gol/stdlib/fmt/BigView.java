package gol.stdlib.fmt;

import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;
import java.math.BigInteger;

/**
 * What fmt shows of a math/big Int, Rat or Float held by value ({@code fmt.Println(*x)}, a struct
 * field of type big.Int): Go prints the struct's unexported fields, so {@code {false [123]}} for
 * an Int (sign, then the magnitude as little-endian 64-bit words), {@code {{false [3]} {false
 * [4]}}} for a Rat, the seven fields of a Float. gol's structs hold a BigInteger instead (see
 * big.gol), so fmt prints a view of the same shape as Go's struct, made here, with every verb's
 * usual rules. An Int that became zero by arithmetic shows {@code big.nat(nil)} under %#v where
 * Go may show {@code big.nat{}}; a Float's mantissa has as many words as its bits need (Go's
 * may have trailing zero words after some operations).
 */
final class BigView {
  private BigView() {
  }

  private static final RType BOOL = new RType(RType.Kind.BOOL, "bool", false);
  private static final RType UINT32 = new RType(RType.Kind.UINT32, "uint32", false);
  private static final RType INT32 = new RType(RType.Kind.INT32, "int32", false);
  private static final RType WORD = new RType(RType.Kind.UINT, "big.Word", true);
  private static final RType NAT = new RType(RType.Kind.SLICE, "big.nat", true);
  private static final RType MODE = new RType(RType.Kind.UINT8, "big.RoundingMode", true);
  private static final RType ACC = new RType(RType.Kind.INT8, "big.Accuracy", true);
  private static final RType FORM = new RType(RType.Kind.UINT8, "big.form", true);
  private static final RType INT = struct("big.Int", new String[] {"neg", "abs"}, BOOL, NAT);
  private static final RType RAT = struct("big.Rat", new String[] {"a", "b"}, INT, INT);
  private static final RType FLOAT = struct("big.Float",
      new String[] {"prec", "mode", "acc", "form", "neg", "mant", "exp"}, UINT32, MODE, ACC, FORM, BOOL, NAT, INT32);

  static {
    NAT.elem = WORD;
  }

  private static RType struct(String name, String[] names, RType... types) {
    RType t = new RType(RType.Kind.STRUCT, name, true);
    t.fieldNames = names;
    t.fieldTypes = types;
    t.fieldEmbedded = new boolean[names.length];
    t.layOut();
    return t;
  }

  /** Go's view of v if it is a math/big Int, Rat or Float value; else v itself. */
  static Iface of(Iface v) {
    RType t = v.type;
    if (!t.named || !t.name.startsWith("big.") || !"math/big".equals(t.reflect().pkgPath)) {
      return v;
    }
    Struct s = (Struct) v.ref;
    switch (t.name) {
      case "big.Int":
        return new Iface(INT, 0, intView(s));
      case "big.Rat": {
        Struct r = new Struct(RAT);
        r.r[RAT.fieldSlot[0]] = intView((Struct) field(s, "a"));
        r.r[RAT.fieldSlot[1]] = intView((Struct) field(s, "b"));
        return new Iface(RAT, 0, r);
      }
      case "big.Float":
        return new Iface(FLOAT, 0, floatView(s));
      default:
        return v;
    }
  }

  /** The Int {neg, abs} of a gol Int (one field: its BigInteger, null for 0). */
  private static Struct intView(Struct s) {
    BigInteger x = (BigInteger) s.r[0];
    Struct view = new Struct(INT);
    view.l[INT.fieldSlot[0]] = x != null && x.signum() < 0 ? 1 : 0;
    view.r[INT.fieldSlot[1]] = x == null || x.signum() == 0 ? null : words(x.abs(), 0);
    return view;
  }

  private static Struct floatView(Struct s) {
    Struct view = new Struct(FLOAT);
    String[] copied = {"prec", "mode", "acc", "form", "neg", "exp"};
    for (String name : copied) {
      view.l[FLOAT.fieldSlot[index(FLOAT, name)]] = s.bits(index(s.type, name));
    }
    BigInteger m = (BigInteger) field(s, "mant");
    if (m != null && m.signum() != 0) {
      int words = (m.bitLength() + 63) / 64;
      view.r[FLOAT.fieldSlot[index(FLOAT, "mant")]] = words(m, words * 64 - m.bitLength());
    }
    return view;
  }

  /** x << shift as a nat: little-endian 64-bit words. */
  private static Slice words(BigInteger x, int shift) {
    BigInteger v = x.shiftLeft(shift);
    int n = (v.bitLength() + 63) / 64;
    long[] w = new long[n];
    for (int i = 0; i < n; i++) {
      w[i] = v.shiftRight(64 * i).longValue();
    }
    return new Slice(w, 0, n, n);
  }

  private static Object field(Struct s, String name) {
    return s.ref(index(s.type, name));
  }

  private static int index(RType t, String name) {
    for (int i = 0; i < t.fieldNames.length; i++) {
      if (t.fieldNames[i].equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("math/big's " + t.name + " has no field " + name);
  }
}
