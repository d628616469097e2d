package gol.stdlib.strconv;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.stdlib.ByteBuf;

/**
 * The natives of package strconv (strconv.gol). The parsers report why they failed as a string
 * (NumError.err's text); strconv.gol wraps it in a {@code *strconv.NumError} whose Err is
 * ErrSyntax, ErrRange or a new error. Results on error are Go's (0, or the clamped limit for a
 * range error, ±Inf for a float out of range).
 */
public final class StrconvPkg {
  /** The type of string panic values (Go panics with a plain string for a bad base or bit size). */
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  private StrconvPkg() {
  }

  /**
   * The natives' names; a native is a Call of its index, told apart by a switch: one class for the
   * package instead of a lambda linkage per native, a fraction of a millisecond of cold
   * java.lang.invoke code each at the start-up of every program that imports the package.
   */
  private static final String[] NAMES = {
      "Itoa", "Atoi", "bindErrors", "ParseInt", "ParseUint", "ParseFloat", "ParseBool",
      "parseFloat", "FormatInt", "FormatUint", "FormatFloat", "FormatBool", "Quote", "QuoteToASCII",
      "QuoteRune", "QuoteRuneToASCII", "CanBackquote", "IsPrint"
  };

  public static Native link(String name) {
    int which = IndexedNative.indexOf(NAMES, name);
    return which >= 0 ? new Call(which) : null;
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> itoa(g, b); // Itoa
        case 1 -> atoi(g, b); // Atoi
        case 2 -> NumErrors.bind(g, b); // bindErrors
        case 3 -> parseInt(g, b); // ParseInt
        case 4 -> parseUint(g, b); // ParseUint
        case 5 -> parseFloatErr(g, b); // ParseFloat
        case 6 -> parseBool(g, b); // ParseBool
        case 7 -> parseFloat(g, b); // parseFloat
        case 8 -> formatInt(g, b); // FormatInt
        case 9 -> formatUint(g, b); // FormatUint
        case 10 -> formatFloat(g, b); // FormatFloat
        case 11 -> formatBool(g, b); // FormatBool
        case 12 -> quote(g, b); // Quote
        case 13 -> quoteToAscii(g, b); // QuoteToASCII
        case 14 -> quoteRune(g, b); // QuoteRune
        case 15 -> quoteRuneToAscii(g, b); // QuoteRuneToASCII
        case 16 -> canBackquote(g, b); // CanBackquote
        case 17 -> g.ls[b] = Quote.isPrint((int) g.ls[b]) ? 1 : 0; // IsPrint
        default -> throw new IllegalStateException(NAMES[which]);
      }
    }
  }

  /** func Itoa(i int) string */
  static void itoa(G g, int base) {
    long i = g.ls[base];
    g.rs[base] = decimal(i);
    countFormatted(g, i >= 0 && i < 100, (GoString) g.rs[base]);
  }

  /** "0".."99", made once: Go's strconv returns static strings for them too. */
  private static final GoString[] SMALL = new GoString[100];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = GoString.of(Integer.toString(i));
    }
  }

  /** v in base 10, written straight into the string's one array (no java.lang.String). */
  static GoString decimal(long v) {
    if (v >= 0 && v < 100) {
      return SMALL[(int) v];
    }
    byte[] b = gol.stdlib.Decimal.bytes(v);
    return new GoString(b, 0, b.length);
  }

  /**
   * Counts a formatted number's string as an allocation (gol.runtime.Alloc), unless Go's
   * strconv returns one of its static strings ("0".."99" in base 10).
   */
  private static void countFormatted(G g, boolean small, GoString s) {
    if (!small) {
      Alloc.noscan(g, s.len);
    }
  }

  // The parsers return (value, why): why is "" on success, else the reason ("invalid syntax",
  // "value out of range", "invalid base 1", ...), which strconv.gol turns into a *NumError.

  /** func Atoi(s string) (int, error): its *NumError made natively (NumErrors). */
  static void atoi(G g, int base) {
    GoString s = (GoString) g.rs[base];
    long v = Atoi.smallDecimal(s);
    Object err = null;
    if (v == Atoi.NOT_SMALL) { // the common case above makes no Result
      Atoi.Result r = Atoi.atoi(s);
      v = r.value();
      if (r.err() != null) {
        err = NumErrors.make(g, r.err());
      }
    }
    g.ls[base] = v;
    g.rs[base] = null;
    g.rs[base + 1] = err;
  }

  /** func ParseInt(s string, base int, bitSize int) (int64, error) */
  static void parseInt(G g, int base) {
    intResult(g, base, Atoi.parseInt((GoString) g.rs[base], g.ls[base + 1], g.ls[base + 2]));
  }

  /** func ParseUint(s string, base int, bitSize int) (uint64, error) */
  static void parseUint(G g, int base) {
    intResult(g, base, Atoi.parseUint((GoString) g.rs[base], g.ls[base + 1], g.ls[base + 2]));
  }

  /** func ParseBool(str string) (bool, error) */
  static void parseBool(G g, int base) {
    intResult(g, base, Atoi.parseBool((GoString) g.rs[base]));
  }

  /** A parser's value and error (a *NumError made natively, or nil) as the results. */
  private static void intResult(G g, int base, Atoi.Result r) {
    g.ls[base] = r.value();
    g.rs[base] = null;
    g.rs[base + 1] = r.err() == null ? null : NumErrors.make(g, r.err());
  }

  /** func ParseFloat(s string, bitSize int) (float64, error) */
  static void parseFloatErr(G g, int base) {
    Atof.Result r = Atof.parseFloat((GoString) g.rs[base], g.ls[base + 1]);
    g.ls[base] = Double.doubleToRawLongBits(r.value());
    g.rs[base] = null;
    g.rs[base + 1] = r.err() == null ? null : NumErrors.make(g, r.err());
  }

  /** func parseFloat(s string, bitSize int) (float64, string) */
  static void parseFloat(G g, int base) {
    Atof.Result r = Atof.parseFloat((GoString) g.rs[base], g.ls[base + 1]);
    g.ls[base] = Double.doubleToRawLongBits(r.value());
    g.rs[base] = null;
    g.rs[base + 1] = why(r.err());
  }

  private static GoString why(NumError err) {
    return err == null ? GoString.EMPTY : GoString.of(err.err);
  }

  /** func FormatInt(i int64, base int) string */
  static void formatInt(G g, int base) {
    long i = g.ls[base];
    int radix = checkBase(g.ls[base + 1]);
    g.rs[base] = radix == 10 ? decimal(i) : ascii(Long.toString(i, radix));
    countFormatted(g, i >= 0 && i < 100 && g.ls[base + 1] == 10, (GoString) g.rs[base]);
  }

  /** func FormatUint(i uint64, base int) string */
  static void formatUint(G g, int base) {
    long i = g.ls[base];
    g.rs[base] = ascii(Long.toUnsignedString(i, checkBase(g.ls[base + 1])));
    countFormatted(g, i >= 0 && i < 100 && g.ls[base + 1] == 10, (GoString) g.rs[base]);
  }

  private static int checkBase(long b) {
    if (b < 2 || b > 36) {
      throw panic("strconv: illegal AppendInt/FormatInt base");
    }
    return (int) b;
  }

  /** func FormatFloat(f float64, fmt byte, prec, bitSize int) string */
  static void formatFloat(G g, int base) {
    long bitSize = g.ls[base + 3];
    if (bitSize != 32 && bitSize != 64) {
      throw panic("strconv: illegal AppendFloat/FormatFloat bitSize");
    }
    ByteBuf b = new ByteBuf(32);
    double v = Double.longBitsToDouble(g.ls[base]);
    Ftoa.append(b, v, (char) (g.ls[base + 1] & 0xFF), (int) g.ls[base + 2], (int) bitSize);
    g.rs[base] = b.toGoString();
    countFormatted(g, false, (GoString) g.rs[base]);
  }

  /** func FormatBool(b bool) string */
  static void formatBool(G g, int base) {
    g.rs[base] = ascii(g.ls[base] != 0 ? "true" : "false");
  }

  /** func Quote(s string) string */
  static void quote(G g, int base) {
    g.rs[base] = Quote.quote((GoString) g.rs[base], false);
    countFormatted(g, false, (GoString) g.rs[base]);
  }

  /** func QuoteToASCII(s string) string */
  static void quoteToAscii(G g, int base) {
    g.rs[base] = Quote.quote((GoString) g.rs[base], true);
    countFormatted(g, false, (GoString) g.rs[base]);
  }

  /** func QuoteRune(r rune) string */
  static void quoteRune(G g, int base) {
    ByteBuf b = new ByteBuf(16);
    Quote.appendQuoteRune(b, (int) g.ls[base], false);
    g.rs[base] = b.toGoString();
  }

  /** func QuoteRuneToASCII(r rune) string */
  static void quoteRuneToAscii(G g, int base) {
    ByteBuf b = new ByteBuf(16);
    Quote.appendQuoteRune(b, (int) g.ls[base], true);
    g.rs[base] = b.toGoString();
  }

  /** func CanBackquote(s string) bool */
  static void canBackquote(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Quote.canBackquote(s.bytes, s.off, s.len) ? 1 : 0;
  }

  private static GoString ascii(String s) {
    return GoString.of(s);
  }

  private static GoPanic panic(String message) {
    return new GoPanic(new Iface(STRING, 0, GoString.of(message)));
  }
}
