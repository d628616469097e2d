package gol.stdlib.fmt;

import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.stdlib.Addr;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;

/**
 * The fmt printer (Go's {@code pp}, print.go): turns operands into text for Print, Println and
 * Printf, with Go's exact output — default formats, verbs, flags, width and precision (also from
 * {@code *} operands), explicit argument indexes {@code %[n]d}, and Go's error forms
 * {@code %!d(string=hi)}, {@code %!d(MISSING)}, {@code %!(EXTRA int=3)}, {@code %!d(BADINDEX)},
 * {@code %!(BADWIDTH)}, {@code %!(BADPREC)}, {@code %!(NOVERB)}.
 *
 * <p><b>Operands.</b> Each operand is a gol interface value: an {@link Iface} or null (nil). Basic
 * values of unnamed types take the fast path ({@link #printArg}); anything else first goes through
 * {@link #handleMethods} (Error/String via the {@link Methods} hook), then {@link #printValue},
 * which dispatches on the kind.
 *
 * <p><b>Extension points for the next milestone.</b> {@link #printValue} is where arrays, slices,
 * maps (keys sorted as internal/fmtsort sorts them), structs ({@code {1 2}}, {@code %+v}
 * {@code {X:1 Y:2}}, {@code %#v} {@code main.P{X:1, Y:2}}) and pointers to them at depth 0
 * ({@code &{1 2}}) go: each element is printed by a recursive {@code printValue(.., depth + 1)},
 * which calls {@link #handleMethods} first, as Go does. Methods written in gol come through the
 * {@link Methods} hook. Already done: byte slices ({@code []byte} and named ones, all verbs) and
 * pointer, chan, func and unsafe pointer values as addresses ({@link Addr}).
 *
 * <p>Not thread-safe: one Printer per call.
 */
public final class Printer {
  private final ByteBuf buf = new ByteBuf();
  private final Format fmt = new Format(buf);
  private Methods methods;

  /** The operand being printed (Go's {@code p.arg}); for badVerb. */
  private Object arg;
  /** Whether the format used explicit argument indexes. */
  private boolean reordered;
  /** Whether the most recent argument index was valid. */
  private boolean goodArgNum;
  /** Set while printing a bad verb's operand: methods are not called then. */
  private boolean erroring;
  /**
   * Whether the element being printed was reached through an unexported struct field (reflect's
   * read-only flags): Go does not call its methods (CanInterface is false). STICKY_RO is passed
   * on to everything below; EMBED_RO (an unexported embedded field) only to the value itself,
   * so that its exported fields are printed with their methods again.
   */
  private int ro;
  private static final int STICKY_RO = 1;
  private static final int EMBED_RO = 2;
  /** Errorf: %w accepts an error operand (Go's p.wrapErrs). */
  public boolean wrapErrs;
  /** Errorf: the operand indexes of the %w verbs, in format order (Go's p.wrappedErrs). */
  public final java.util.List<Integer> wrappedErrs = new java.util.ArrayList<>();

  /** Results of {@link #parseNum}: the number, whether there was one, the index after it. */
  private int num;
  private boolean isNum;
  private int numEnd;
  /** Results of {@link #argNumber}: the index after the bracket, whether an index was found. */
  private int argEnd;
  private boolean argFound;

  public Printer() {
    this(Methods.NATIVE);
  }

  public Printer(Methods methods) {
    this.methods = methods;
  }

  /**
   * Makes this printer what a new one with the hook {@code m} would be, keeping its buffers
   * (FmtPkg keeps one per thread, so that a Sprintf allocates no printer).
   */
  Printer reset(Methods m) {
    methods = m;
    buf.truncate(0);
    fmt.clearFlags();
    arg = null;
    reordered = false;
    goodArgNum = false;
    erroring = false;
    wrapErrs = false;
    wrappedErrs.clear();
    return this;
  }

  /** The hook this printer was made or last reset with. */
  Methods methods() {
    return methods;
  }

  public ByteBuf buffer() {
    return buf;
  }

  // ---- entry points ---------------------------------------------------------------------------

  /** Print / Sprint: operands in their default format, a space between two non-strings. */
  public Printer doPrint(Object[] a) {
    boolean prevString = false;
    for (int i = 0; i < a.length; i++) {
      boolean isString = a[i] instanceof Iface v && v.type.kind == RType.Kind.STRING;
      if (i > 0 && !isString && !prevString) {
        buf.put(' ');
      }
      if (!printPlain(a[i], 'v', Plan.NONE, Plan.NONE)) {
        printArg(a[i], 'v');
      }
      prevString = isString;
    }
    return this;
  }

  /** Println / Sprintln: operands in their default format, spaces between, a newline after. */
  public Printer doPrintln(Object[] a) {
    for (int i = 0; i < a.length; i++) {
      if (i > 0) {
        buf.put(' ');
      }
      if (!printPlain(a[i], 'v', Plan.NONE, Plan.NONE)) {
        printArg(a[i], 'v');
      }
    }
    buf.put('\n');
    return this;
  }

  /** Printf / Sprintf. */
  public Printer doPrintf(GoString format, Object[] a) {
    Plan plan = plan(format);
    if (plan != null && plan.simple) {
      runPlan(plan, a);
      return this;
    }
    return parsePrintf(format, a);
  }

  /**
   * Printf's general way: the format parsed as it is printed (a format without a simple plan, or
   * seen once). A method apart from doPrintf, so that a program whose formats all have plans has
   * HotSpot compile a few bytes of doPrintf, not the 1,000 of this loop, in each tier: C1's and
   * C2's compile queues are what a short run waits on.
   */
  private Printer parsePrintf(GoString format, Object[] a) {
    byte[] f = format.bytes;
    int base = format.off;
    int end = format.len;
    int argNum = 0;
    boolean afterIndex;
    reordered = false;
    formatLoop:
    for (int i = 0; i < end; ) {
      goodArgNum = true;
      int lasti = i;
      while (i < end && f[base + i] != '%') {
        i++;
      }
      if (i > lasti) {
        buf.put(f, base + lasti, i - lasti);
      }
      if (i >= end) {
        break;
      }
      i++; // skip %
      fmt.clearFlags();
      simpleFormat:
      for (; i < end; i++) {
        int c = f[base + i];
        switch (c) {
          case '#' -> fmt.sharp = true;
          case '0' -> fmt.zero = true;
          case '+' -> fmt.plus = true;
          case '-' -> fmt.minus = true;
          case ' ' -> fmt.space = true;
          default -> {
            // fast path: a lower-case ASCII verb right after the flags
            if ('a' <= c && c <= 'z' && argNum < a.length) {
              if (c == 'w') {
                wrappedErrs.add(argNum);
              }
              if (c == 'v' || c == 'w') {
                setVFlags();
              }
              printArg(a[argNum], c);
              argNum++;
              i++;
              continue formatLoop;
            }
            break simpleFormat;
          }
        }
      }

      // argument index?
      argNum = argNumber(argNum, f, base, i, end, a.length);
      i = argEnd;
      afterIndex = argFound;

      // width?
      if (i < end && f[base + i] == '*') {
        i++;
        long w = intFromArg(a, argNum);
        fmt.widPresent = w != Long.MIN_VALUE;
        fmt.wid = fmt.widPresent ? (int) w : 0;
        if (argNum < a.length) {
          argNum++;
        }
        if (!fmt.widPresent) {
          buf.ascii("%!(BADWIDTH)");
        }
        if (fmt.wid < 0) {
          fmt.wid = -fmt.wid;
          fmt.minus = true; // a negative width means left-justify
        }
        afterIndex = false;
      } else {
        parseNum(f, base, i, end);
        fmt.wid = num;
        fmt.widPresent = isNum;
        i = numEnd;
        if (afterIndex && fmt.widPresent) { // "%[3]2d"
          goodArgNum = false;
        }
      }

      // precision?
      if (i + 1 < end && f[base + i] == '.') {
        i++;
        if (afterIndex) { // "%[3].2d"
          goodArgNum = false;
        }
        argNum = argNumber(argNum, f, base, i, end, a.length);
        i = argEnd;
        afterIndex = argFound;
        if (i < end && f[base + i] == '*') {
          i++;
          long p = intFromArg(a, argNum);
          fmt.precPresent = p != Long.MIN_VALUE;
          fmt.prec = fmt.precPresent ? (int) p : 0;
          if (argNum < a.length) {
            argNum++;
          }
          if (fmt.prec < 0) { // a negative precision means none
            fmt.prec = 0;
            fmt.precPresent = false;
          }
          if (!fmt.precPresent) {
            buf.ascii("%!(BADPREC)");
          }
          afterIndex = false;
        } else {
          parseNum(f, base, i, end);
          fmt.prec = num;
          fmt.precPresent = true; // "%.d" means precision 0
          i = numEnd;
        }
      }

      if (!afterIndex) {
        argNum = argNumber(argNum, f, base, i, end, a.length);
        i = argEnd;
      }

      if (i >= end) {
        buf.ascii("%!(NOVERB)");
        break;
      }

      int verb;
      int d = f[base + i] & 0xFF;
      if (d < Utf8.RUNE_SELF) {
        verb = d;
        i++;
      } else {
        int dec = Utf8.decode(f, base + i, base + end);
        verb = Utf8.rune(dec);
        i += Utf8.width(dec);
      }

      if (verb != '%' && !goodArgNum) {
        buf.ascii("%!").rune(verb).ascii("(BADINDEX)");
      } else {
        argNum = verb(a, argNum, verb);
      }
    }

    extraOperands(a, argNum);
    return this;
  }

  /** How many parsed formats a printer keeps (a loop rarely uses more). */
  private static final int PLANS = 8;
  private final Plan[] plans = new Plan[PLANS];
  private int nextPlan;
  /** The format last looked up without a plan: it gets one when it comes again. */
  private byte[] missSrc;
  private int missOff;
  private int missLen;

  /**
   * The plan for {@code format}: a kept one, or a new one the second time in a row the format
   * misses (a format seen once is parsed as it is used, without making a plan); null if none.
   */
  private Plan plan(GoString format) {
    byte[] src = format.bytes;
    int off = format.off;
    int len = format.len;
    for (Plan p : plans) {
      if (p == null) {
        break;
      }
      if (p.matches(src, off, len)) {
        return p;
      }
    }
    if (src != missSrc || off != missOff || len != missLen) {
      missSrc = src;
      missOff = off;
      missLen = len;
      return null;
    }
    Plan p = Plan.of(src, off, len);
    plans[nextPlan] = p;
    nextPlan = (nextPlan + 1) % PLANS;
    return p;
  }

  /**
   * One verb, its flags set: a literal percent (no operand; width and precision ignored), or the
   * operand at argNum (MISSING when there is none). Returns the next operand's index.
   */
  private int verb(Object[] a, int argNum, int verb) {
    if (verb == '%') {
      buf.put('%');
      return argNum;
    }
    if (argNum >= a.length) {
      buf.ascii("%!").rune(verb).ascii("(MISSING)");
      return argNum;
    }
    if (verb == 'w') {
      wrappedErrs.add(argNum);
    }
    if (verb == 'v' || verb == 'w') {
      setVFlags();
    }
    printArg(a[argNum], verb);
    return argNum + 1;
  }

  /** doPrintf by a plan: what the parser below does for a format with only simple directives. */
  private void runPlan(Plan plan, Object[] a) {
    byte[] f = plan.text;
    int[] ops = plan.ops;
    int argNum = 0;
    reordered = false;
    goodArgNum = true;
    for (int k = 0; k < ops.length; k += Plan.STRIDE) {
      int lit = ops[k];
      int litEnd = ops[k + 1];
      if (litEnd > lit) {
        buf.put(f, lit, litEnd - lit);
      }
      int flags = ops[k + 2];
      int width = ops[k + 3];
      int precision = ops[k + 4];
      int verb = ops[k + 5];
      if (flags == 0 && argNum < a.length && printPlain(a[argNum], verb, width, precision)) {
        argNum++;
        continue;
      }
      fmt.setFlags(flags, width, precision);
      argNum = verb(a, argNum, verb);
    }
    if (plan.tail < plan.len) {
      buf.put(f, plan.tail, plan.len - plan.tail);
    }
    extraOperands(a, argNum);
  }

  /** Go's %!(EXTRA type=value, ...) for operands the format did not use, unless it used explicit indexes. */
  private void extraOperands(Object[] a, int argNum) {
    if (!reordered && argNum < a.length) {
      fmt.clearFlags();
      buf.ascii("%!(EXTRA ");
      for (int k = argNum; k < a.length; k++) {
        if (k > argNum) {
          buf.ascii(", ");
        }
        if (a[k] instanceof Iface v) {
          buf.utf8(v.type.name).put('=');
          printArg(v, 'v');
        } else {
          buf.ascii("<nil>");
        }
      }
      buf.put(')');
    }
  }

  /** For verb v, '#' and '+' select the Go-syntax and field-name forms instead of flags. */
  private void setVFlags() {
    fmt.sharpV = fmt.sharp;
    fmt.sharp = false;
    fmt.plusV = fmt.plus;
    fmt.plus = false;
  }

  /**
   * Parses a decimal number at {@code f[base+start]} into {@link #num}, {@link #isNum},
   * {@link #numEnd}. A number too large to be a width or precision (> 1e6) counts as absent and
   * consumes the rest of the format.
   */
  private void parseNum(byte[] f, int base, int start, int end) {
    num = 0;
    isNum = false;
    numEnd = end;
    if (start >= end) {
      return;
    }
    int i = start;
    for (; i < end && '0' <= f[base + i] && f[base + i] <= '9'; i++) {
      if (tooLarge(num)) {
        num = 0;
        isNum = false;
        return;
      }
      num = num * 10 + (f[base + i] - '0');
      isNum = true;
    }
    numEnd = i;
  }

  private static boolean tooLarge(long x) {
    return x > 1_000_000 || x < -1_000_000;
  }

  /**
   * An explicit argument index {@code [n]} at {@code f[base+i]}, if any: returns the operand
   * number to use next and sets {@link #argEnd} (where the format continues) and
   * {@link #argFound}. A bad index clears {@link #goodArgNum}.
   */
  private int argNumber(int argNum, byte[] f, int base, int i, int end, int numArgs) {
    argEnd = i;
    argFound = false;
    if (end <= i || f[base + i] != '[') {
      return argNum;
    }
    reordered = true;
    int wid = 1; // without a closing bracket only the '[' is consumed
    boolean ok = false;
    int index = 0;
    if (end - i >= 3) {
      for (int j = i + 1; j < end; j++) {
        if (f[base + j] == ']') {
          parseNum(f, base, i + 1, j);
          wid = j - i + 1;
          ok = isNum && numEnd == j;
          index = ok ? num - 1 : 0; // one-based in the format
          break;
        }
      }
    }
    argEnd = i + wid;
    if (ok && 0 <= index && index < numArgs) {
      argFound = true;
      return index;
    }
    goodArgNum = false;
    argFound = ok;
    return argNum;
  }

  /**
   * The operand {@code a[argNum]} as a width or precision: any integer kind whose value fits in
   * an int and is within ±1e6; else {@code Long.MIN_VALUE}.
   */
  private static long intFromArg(Object[] a, int argNum) {
    if (argNum >= a.length || !(a[argNum] instanceof Iface v)) {
      return Long.MIN_VALUE;
    }
    long n = v.bits;
    if (v.type.kind.isSigned()) {
      // ok
    } else if (v.type.kind.isUnsigned()) {
      if (n < 0) {
        return Long.MIN_VALUE;
      }
    } else {
      return Long.MIN_VALUE;
    }
    return tooLarge(n) ? Long.MIN_VALUE : n;
  }

  // ---- one operand ----------------------------------------------------------------------------

  /** Prints one operand for {@code verb}. */
  void printArg(Object a, int verb) {
    ro = 0;
    arg = a;
    if (!(a instanceof Iface v)) {
      if (verb == 'T' || verb == 'v') {
        fmt.fmtNil();
      } else {
        badVerb(verb);
      }
      return;
    }
    // %T and %p are special: they look at the type / address, never at methods
    if (verb == 'T') {
      fmt.fmtS(GoString.of(v.type.name));
      return;
    }
    if (verb == 'p') {
      fmtPointer(v, 'p');
      return;
    }
    // values of unnamed basic types cannot have methods
    if (!v.type.named && printBasic(v, verb, true)) {
      return;
    }
    if (v.type.kind == RType.Kind.STRUCT && v.type.name.equals("reflect.Value")) {
      printReflectValue(v, verb);
      return;
    }
    if (!handleMethods(v, verb)) {
      printValue(v, verb, 0);
    }
  }

  /**
   * The commonest directives without flags, written straight into the buffer: with neither width
   * nor precision, %v and %d of an integer, %x of one, %v, %s and %q of a string, %v and %t of a
   * bool; and %f (any width and precision) of a float64. Only for operands of unnamed types,
   * which have no methods, so that printArg would print them the same way. Returns false, having
   * written nothing, for anything else.
   */
  private boolean printPlain(Object a, int verb, int width, int precision) {
    if (!(a instanceof Iface v) || v.type.named) {
      return false;
    }
    long bits = v.bits;
    if (v.type.kind == RType.Kind.FLOAT64) {
      return (verb == 'f' || verb == 'F') && printFixed(Double.longBitsToDouble(bits), width, precision);
    }
    if (width != Plan.NONE || precision != Plan.NONE) {
      return false;
    }
    switch (v.type.kind) {
      case INT, INT64, INT32, INT16, INT8 -> {
        if (verb == 'v' || verb == 'd') {
          gol.stdlib.Decimal.append(buf, bits);
          return true;
        }
        if (verb == 'x' && bits != Long.MIN_VALUE) {
          if (bits < 0) {
            buf.put('-');
            bits = -bits;
          }
          appendHex(bits);
          return true;
        }
        return false;
      }
      case UINT, UINT64, UINT32, UINT16, UINT8, UINTPTR -> {
        if ((verb == 'v' || verb == 'd') && bits >= 0) {
          gol.stdlib.Decimal.append(buf, bits);
          return true;
        }
        if (verb == 'x') {
          appendHex(bits);
          return true;
        }
        return false;
      }
      case STRING -> {
        GoString str = (GoString) v.ref;
        if (verb == 'v' || verb == 's') {
          buf.put(str);
          return true;
        }
        if (verb == 'q') {
          gol.stdlib.strconv.Quote.appendQuote(buf, str.bytes, str.off, str.len, false);
          return true;
        }
        return false;
      }
      case BOOL -> {
        if (verb == 'v' || verb == 't') {
          byte[] b = bits != 0 ? TRUE : FALSE;
          buf.put(b, 0, b.length);
          return true;
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * %f of d with the plan's width and precision and no flags: the digits from strconv's fast path
   * (false, nothing written, where it has none: infinities, NaN, the exact path's cases), then
   * spaces before them up to the width (digits and sign are ASCII: one byte, one rune).
   */
  private boolean printFixed(double d, int width, int precision) {
    int start = buf.length();
    if (!gol.stdlib.strconv.Ftoa.appendFixed(buf, d, precision == Plan.NONE ? 6 : precision)) {
      return false;
    }
    int n = buf.length() - start;
    if (width > n) {
      int pad = width - n;
      buf.extend(pad);
      byte[] b = buf.array();
      System.arraycopy(b, start, b, start + pad, n);
      java.util.Arrays.fill(b, start, start + pad, (byte) ' ');
    }
    return true;
  }

  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

  /** Appends u, taken as unsigned, in lower-case hex without a prefix. */
  private void appendHex(long u) {
    int n = Math.max(1, (67 - Long.numberOfLeadingZeros(u)) / 4);
    int at = buf.extend(n);
    byte[] b = buf.array();
    for (int i = at + n - 1; i >= at; i--) {
      b[i] = Format.LDIGITS[(int) (u & 0xF)];
      u >>>= 4;
    }
  }

  /**
   * A reflect.Value operand prints as the value it holds, its methods included (Go's printArg
   * case reflect.Value); %T and %p, a width from '*' and the EXTRA list see the Value itself.
   */
  private void printReflectValue(Iface v, int verb) {
    boolean[] invalid = new boolean[1];
    Object held = gol.stdlib.reflect.ReflectPkg.printable(((gol.runtime.Struct) v.ref).r[0], invalid);
    if (invalid[0]) {
      buf.ascii("<invalid reflect.Value>");
      return;
    }
    if (!(held instanceof Iface h)) {
      buf.ascii("<nil>"); // a Value holding a nil interface
      return;
    }
    arg = h;
    if (!handleMethods(h, verb)) {
      printValue(h, verb, 0);
    }
  }

  /**
   * Formats a basic value by its kind; false if the kind is not basic. {@code topLevel}: v is an
   * argument of Printf itself, not inside one, where Go's %#v calls an unnamed byte slice
   * {@code []byte} (inside a composite it is the reflected type's name, {@code []uint8}).
   */
  private boolean printBasic(Iface v, int verb, boolean topLevel) {
    RType.Kind k = v.type.kind;
    if (k == RType.Kind.BOOL) {
      fmtBool(v.bits != 0, verb);
    } else if (k.isSigned()) {
      fmtInteger(v.bits, true, verb);
    } else if (k.isUnsigned()) {
      fmtInteger(v.bits, false, verb);
    } else if (k == RType.Kind.FLOAT64) {
      fmtFloat(Double.longBitsToDouble(v.bits), 64, verb);
    } else if (k == RType.Kind.FLOAT32) {
      fmtFloat(Double.longBitsToDouble(v.bits), 32, verb);
    } else if (k == RType.Kind.COMPLEX128 || k == RType.Kind.COMPLEX64) {
      fmtComplex((gol.runtime.Complex) v.ref, k == RType.Kind.COMPLEX64 ? 32 : 64, verb);
    } else if (k == RType.Kind.STRING) {
      fmtString((GoString) v.ref, verb);
    } else if (k == RType.Kind.SLICE && v.type.elem != null && v.type.elem.kind == RType.Kind.UINT8) {
      fmtBytes((Slice) v.ref, verb, topLevel && !v.type.named ? "[]byte" : v.type.name, v.type.elem);
    } else {
      return false;
    }
    return true;
  }

  /**
   * Uses the value's Error / String (or GoString for %#v) method where Go would: for the verbs
   * that accept a string. Returns whether the value was printed.
   */
  private boolean handleMethods(Iface v, int verb) {
    if (erroring) {
      return false;
    }
    if (v.type.name.equals("*big.Int")) { // Go's fmt.Formatter, which only math/big implements in gol
      BigFormat.format(fmt, v, verb);
      return true;
    }
    if (v.type.name.equals("*big.Float")) {
      BigFormat.formatFloat(fmt, v, verb);
      return true;
    }
    if (verb == 'w') {
      // %w is valid only in Errorf and only with an error operand; it then prints as %v
      if (!wrapErrs || !(v.ref instanceof gol.runtime.GoError || v.type.methods.containsKey("Error"))) {
        badVerb(verb);
        return true;
      }
      verb = 'v';
    }
    GoString formatted = methods.format(v, fmt, verb); // fmt.Formatter: for every verb
    if (formatted != null) {
      buf.put(formatted); // written as Format wrote it, panics included (fmt.gol)
      return true;
    }
    if (fmt.sharpV) {
      GoString s = methods.goString(v);
      if (s != null) {
        if (s.len > 0 && s.byteAt(0) == Recorder.PANIC_MARK) {
          catchPanic(s, 'v');
        } else {
          fmt.fmtS(s);
        }
        return true;
      }
      return false;
    }
    if (verb == 'v' || verb == 's' || verb == 'x' || verb == 'X' || verb == 'q') {
      GoString s = methods.errorOrString(v);
      if (s != null) {
        if (s.len > 0 && s.byteAt(0) == Recorder.PANIC_MARK) {
          catchPanic(s, verb);
        } else {
          fmtString(s, verb);
        }
        return true;
      }
    }
    return false;
  }

  /** Go's catchPanic output for a method that panicked (see Recorder). */
  private void catchPanic(GoString s, int verb) {
    GoString rest = s.slice(1, s.len);
    if (rest.equals(GoString.of("<nil>"))) {
      fmt.fmtNil();
      return;
    }
    buf.ascii("%!").rune(verb).put('(').put(rest).put(')');
  }

  /**
   * Prints a value by its kind (Go's printValue). {@code depth} > 0 inside composite values, where
   * methods are looked for first.
   */
  void printValue(Iface v, int verb, int depth) {
    if (depth > 0 && ro == 0) {
      arg = v; // before the methods, as Go's p.arg: a bad %w inside reports the inner value
      if (handleMethods(v, verb)) {
        return;
      }
    }
    arg = v;
    if (printBasic(v, verb, false)) {
      return;
    }
    switch (v.type.kind) {
      case POINTER -> {
        RType.Kind ek = v.type.elem.kind;
        if (depth == 0 && v.ref != null && (ek == RType.Kind.ARRAY || ek == RType.Kind.SLICE
            || ek == RType.Kind.STRUCT || ek == RType.Kind.MAP)) {
          buf.put('&');
          printValue(element(v.type.elem, 0, pointee(v)), verb, depth + 1);
        } else {
          fmtPointer(v, verb);
        }
      }
      case CHAN, FUNC, UNSAFE_POINTER -> fmtPointer(v, verb);
      case STRUCT -> printStruct(v, verb, depth);
      case ARRAY, SLICE -> {
        if ((verb == 's' || verb == 'q' || verb == 'x' || verb == 'X') && v.type.elem.kind == RType.Kind.UINT8) {
          fmtBytes(byteView(v), verb, v.type.name, v.type.elem); // Go: byte arrays and named byte slices
        } else {
          printList(v, verb, depth);
        }
      }
      case MAP -> printMap(v, verb, depth);
      default -> buf.put('?').utf8(v.type.name).put('?');
    }
  }

  /**
   * What a pointer to a composite points at: the value object itself for a struct or array (it is
   * its own address); for a slice or map, the variable's content (a RefCell or a Ref to a slot).
   */
  private static Object pointee(Iface v) {
    RType.Kind ek = v.type.elem.kind;
    return ek == RType.Kind.SLICE || ek == RType.Kind.MAP ? gol.runtime.Ref.loadR(v.ref) : v.ref;
  }

  /**
   * A value of static type t held as slot halves, as the Iface printValue takes; null for a nil
   * interface-typed element (printed by {@link #printElem}).
   */
  private static Iface element(RType t, long bits, Object ref) {
    if (t.kind == RType.Kind.INTERFACE) {
      return (Iface) ref;
    }
    return new Iface(t, bits, ref);
  }

  /** An element of a composite: a nil interface prints as {@code <nil>} (%#v: {@code T(nil)}). */
  private void printElem(RType t, long bits, Object ref, int verb, int depth) {
    Iface e = element(t, bits, ref);
    if (e == null) {
      if (fmt.sharpV) {
        buf.utf8(t.name).ascii("(nil)");
      } else {
        buf.ascii("<nil>");
      }
      return;
    }
    int saved = ro;
    if (t.kind == RType.Kind.INTERFACE && ro != 0) {
      ro = STICKY_RO; // what an interface read through an unexported field holds is read-only too
    }
    printValue(e, verb, depth + 1);
    ro = saved;
  }

  private void printStruct(Iface v, int verb, int depth) {
    v = BigView.of(v); // Go's fields for a math/big value (gol's hold a BigInteger)
    RType t = v.type;
    gol.runtime.Struct s = (gol.runtime.Struct) v.ref;
    if (fmt.sharpV) {
      buf.utf8(t.name);
    }
    buf.put('{');
    for (int i = 0; i < t.fieldTypes.length; i++) {
      if (i > 0) {
        if (fmt.sharpV) {
          buf.ascii(", ");
        } else {
          buf.put(' ');
        }
      }
      if (fmt.plusV || fmt.sharpV) {
        buf.utf8(t.fieldNames[i]).put(':');
      }
      int saved = ro;
      String name = t.fieldNames[i];
      if (name.isEmpty() || !Character.isUpperCase(name.codePointAt(0))) {
        ro = (saved & STICKY_RO) | (t.fieldEmbedded[i] ? EMBED_RO : STICKY_RO);
      } else {
        ro = saved & STICKY_RO;
      }
      printElem(t.fieldTypes[i], s.bits(i), s.ref(i), verb, depth);
      ro = saved;
    }
    buf.put('}');
  }

  private void printList(Iface v, int verb, int depth) {
    RType t = v.type;
    Object array;
    int off;
    int n;
    if (t.kind == RType.Kind.SLICE) {
      Slice s = (Slice) v.ref;
      if (fmt.sharpV) {
        buf.utf8(t.name);
        if (s == null) {
          buf.ascii("(nil)");
          return;
        }
      }
      array = s == null ? null : s.array;
      off = s == null ? 0 : s.off;
      n = s == null ? 0 : s.len;
    } else {
      if (fmt.sharpV) {
        buf.utf8(t.name);
      }
      array = v.ref;
      off = 0;
      n = (int) t.len;
    }
    buf.put(fmt.sharpV ? '{' : '[');
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        if (fmt.sharpV) {
          buf.ascii(", ");
        } else {
          buf.put(' ');
        }
      }
      int saved = ro;
      ro = saved != 0 ? STICKY_RO : 0;
      printElem(t.elem, gol.runtime.Values.elemBits(array, off + i), gol.runtime.Values.elemRef(array, off + i),
          verb, depth);
      ro = saved;
    }
    buf.put(fmt.sharpV ? '}' : ']');
  }

  private void printMap(Iface v, int verb, int depth) {
    RType t = v.type;
    gol.runtime.GoMap m = (gol.runtime.GoMap) v.ref;
    if (fmt.sharpV) {
      buf.utf8(t.name);
      if (m == null) {
        buf.ascii("(nil)");
        return;
      }
      buf.put('{');
    } else {
      buf.ascii("map[");
    }
    MapSort.Entry[] es = m == null ? new MapSort.Entry[0] : MapSort.sorted(m);
    for (int i = 0; i < es.length; i++) {
      if (i > 0) {
        if (fmt.sharpV) {
          buf.ascii(", ");
        } else {
          buf.put(' ');
        }
      }
      int saved = ro;
      ro = saved != 0 ? STICKY_RO : 0;
      printElem(t.key, es[i].keyBits(), es[i].keyRef(), verb, depth);
      buf.put(':');
      printElem(t.elem, es[i].valBits(), es[i].valRef(), verb, depth);
      ro = saved;
    }
    buf.put(fmt.sharpV ? '}' : ']');
  }

  private void badVerb(int verb) {
    erroring = true;
    buf.ascii("%!").rune(verb).put('(');
    if (arg instanceof Iface v) {
      buf.utf8(v.type.name).put('=');
      printArg(v, 'v');
    } else {
      buf.ascii("<nil>");
    }
    buf.put(')');
    erroring = false;
  }

  private void fmtBool(boolean v, int verb) {
    if (verb == 't' || verb == 'v') {
      fmt.fmtBoolean(v);
    } else {
      badVerb(verb);
    }
  }

  /** Formats {@code v} in hex with or without a leading 0x, whatever the '#' flag says. */
  private void fmt0x64(long v, boolean leading0x) {
    boolean sharp = fmt.sharp;
    fmt.sharp = leading0x;
    fmt.fmtInteger(v, 16, false, 'v', Format.LDIGITS);
    fmt.sharp = sharp;
  }

  private void fmtInteger(long v, boolean signed, int verb) {
    switch (verb) {
      case 'v' -> {
        if (fmt.sharpV && !signed) {
          fmt0x64(v, true);
        } else {
          fmt.fmtInteger(v, 10, signed, verb, Format.LDIGITS);
        }
      }
      case 'd' -> fmt.fmtInteger(v, 10, signed, verb, Format.LDIGITS);
      case 'b' -> fmt.fmtInteger(v, 2, signed, verb, Format.LDIGITS);
      case 'o', 'O' -> fmt.fmtInteger(v, 8, signed, verb, Format.LDIGITS);
      case 'x' -> fmt.fmtInteger(v, 16, signed, verb, Format.LDIGITS);
      case 'X' -> fmt.fmtInteger(v, 16, signed, verb, Format.UDIGITS);
      case 'c' -> fmt.fmtC(v);
      case 'q' -> fmt.fmtQc(v);
      case 'U' -> fmt.fmtUnicode(v);
      default -> badVerb(verb);
    }
  }

  private void fmtFloat(double v, int size, int verb) {
    switch (verb) {
      case 'v' -> fmt.fmtFloat(v, size, 'g', -1);
      case 'b', 'g', 'G', 'x', 'X' -> fmt.fmtFloat(v, size, verb, -1);
      case 'f', 'e', 'E' -> fmt.fmtFloat(v, size, verb, 6);
      case 'F' -> fmt.fmtFloat(v, size, 'f', 6);
      default -> badVerb(verb);
    }
  }

  /** (re+imi): each part as fmtFloat prints it (size: a part's bits), the imaginary one always signed. */
  private void fmtComplex(gol.runtime.Complex v, int size, int verb) {
    switch (verb) {
      case 'v', 'b', 'g', 'G', 'x', 'X', 'f', 'F', 'e', 'E' -> {
        boolean oldPlus = fmt.plus;
        buf.put('(');
        fmtFloat(v.re, size, verb);
        fmt.plus = true;
        fmtFloat(v.im, size, verb);
        buf.put('i').put(')');
        fmt.plus = oldPlus;
      }
      default -> badVerb(verb);
    }
  }

  private void fmtString(GoString v, int verb) {
    switch (verb) {
      case 'v' -> {
        if (fmt.sharpV) {
          fmt.fmtQ(v);
        } else {
          fmt.fmtS(v);
        }
      }
      case 's' -> fmt.fmtS(v);
      case 'x' -> fmt.fmtSx(v, Format.LDIGITS);
      case 'X' -> fmt.fmtSx(v, Format.UDIGITS);
      case 'q' -> fmt.fmtQ(v);
      default -> badVerb(verb);
    }
  }

  /**
   * A byte slice ({@code []byte} or a named one): %s %q %x %X as a string, %v %d as a list of
   * numbers ({@code %#v}: {@code []byte{0x1, 0x2}}), any other verb element by element.
   */
  private void fmtBytes(Slice v, int verb, String typeName, RType elem) {
    // a read-only view for the string routines; it does not outlive this call
    GoString bytes = v == null ? GoString.EMPTY : new GoString((byte[]) v.array, v.off, v.len);
    switch (verb) {
      case 's' -> fmt.fmtS(bytes);
      case 'x' -> fmt.fmtSx(bytes, Format.LDIGITS);
      case 'X' -> fmt.fmtSx(bytes, Format.UDIGITS);
      case 'q' -> fmt.fmtQ(bytes);
      default -> {
        if ((verb == 'v' || verb == 'd') && fmt.sharpV) {
          buf.utf8(typeName);
          if (v == null) {
            buf.ascii("(nil)");
            return;
          }
          buf.put('{');
          for (int i = 0; i < bytes.len; i++) {
            if (i > 0) {
              buf.ascii(", ");
            }
            fmt0x64(bytes.byteAt(i), true);
          }
          buf.put('}');
          return;
        }
        buf.put('[');
        for (int i = 0; i < bytes.len; i++) {
          if (i > 0) {
            buf.put(' ');
          }
          arg = new Iface(elem, bytes.byteAt(i), null); // what a bad verb reports
          fmtInteger(bytes.byteAt(i), false, verb == 'v' ? 'd' : verb);
        }
        buf.put(']');
      }
    }
  }

  /** The bytes of a byte array or slice value as a slice. */
  private static Slice byteView(Iface v) {
    if (v.type.kind == RType.Kind.SLICE) {
      return (Slice) v.ref;
    }
    byte[] a = (byte[]) v.ref;
    return new Slice(a, 0, a.length, a.length);
  }

  /** Pointer-like values: their address (0 for nil) in the verb's form. */
  private void fmtPointer(Iface v, int verb) {
    long u;
    switch (v.type.kind) {
      case POINTER, CHAN, FUNC, UNSAFE_POINTER, MAP, SLICE -> u = Addr.of(v.ref);
      default -> {
        badVerb(verb);
        return;
      }
    }
    switch (verb) {
      case 'v' -> {
        if (fmt.sharpV) {
          buf.put('(').utf8(v.type.name).ascii(")(");
          if (u == 0) {
            buf.ascii("nil");
          } else {
            fmt0x64(u, true);
          }
          buf.put(')');
        } else if (u == 0) {
          fmt.fmtNil();
        } else {
          fmt0x64(u, !fmt.sharp);
        }
      }
      case 'p' -> fmt0x64(u, !fmt.sharp);
      case 'b', 'o', 'd', 'x', 'X' -> fmtInteger(u, false, verb);
      default -> badVerb(verb);
    }
  }
}
