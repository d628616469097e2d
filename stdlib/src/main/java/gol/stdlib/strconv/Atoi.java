package gol.stdlib.strconv;

import gol.runtime.GoString;

/**
 * Integer and bool parsing as Go's strconv (atoi.go, atob.go): ParseUint, ParseInt, Atoi,
 * ParseBool, with Go's error values and Go's results on error (0 on a syntax error, the clamped
 * limit on a range error).
 */
public final class Atoi {
  /** A parse result: the value (raw 64 bits; unsigned for ParseUint) and the error, or null. */
  public record Result(long value, NumError err) {
  }

  private Atoi() {
  }

  private static int lower(int c) {
    return c | ('x' - 'X');
  }

  /** strconv.ParseUint. */
  public static Result parseUint(GoString s, long base, long bitSize) {
    return parseUint("ParseUint", s, base, bitSize);
  }

  private static Result parseUint(String fn, GoString s0, long base, long bitSize) {
    if (s0.len == 0) {
      return new Result(0, new NumError(fn, s0, NumError.ERR_SYNTAX));
    }
    boolean base0 = base == 0;
    int i = 0;
    int n = s0.len;
    if (base == 0) {
      base = 10;
      if (s0.byteAt(0) == '0') {
        int c = n >= 3 ? lower(s0.byteAt(1)) : 0;
        base = c == 'b' ? 2 : c == 'o' ? 8 : c == 'x' ? 16 : 8;
        i = c == 'b' || c == 'o' || c == 'x' ? 2 : 1;
      }
    } else if (base < 2 || base > 36) {
      return new Result(0, new NumError(fn, s0, "invalid base " + base));
    }
    if (bitSize == 0) {
      bitSize = 64;
    } else if (bitSize < 0 || bitSize > 64) {
      return new Result(0, new NumError(fn, s0, "invalid bit size " + bitSize));
    }
    long cutoff = Long.divideUnsigned(-1L, base) + 1; // smallest n with n*base > maxUint64
    long maxVal = bitSize == 64 ? -1L : (1L << bitSize) - 1;
    boolean underscores = false;
    long v = 0;
    for (; i < n; i++) {
      int c = s0.byteAt(i);
      int d;
      if (c == '_' && base0) {
        underscores = true;
        continue;
      } else if ('0' <= c && c <= '9') {
        d = c - '0';
      } else if ('a' <= lower(c) && lower(c) <= 'z') {
        d = lower(c) - 'a' + 10;
      } else {
        return new Result(0, new NumError(fn, s0, NumError.ERR_SYNTAX));
      }
      if (d >= base) {
        return new Result(0, new NumError(fn, s0, NumError.ERR_SYNTAX));
      }
      if (Long.compareUnsigned(v, cutoff) >= 0) {
        return new Result(maxVal, new NumError(fn, s0, NumError.ERR_RANGE)); // v*base overflows
      }
      v *= base;
      long v1 = v + d;
      if (Long.compareUnsigned(v1, v) < 0 || Long.compareUnsigned(v1, maxVal) > 0) {
        return new Result(maxVal, new NumError(fn, s0, NumError.ERR_RANGE)); // v+d overflows
      }
      v = v1;
    }
    if (underscores && !underscoreOk(s0)) {
      return new Result(0, new NumError(fn, s0, NumError.ERR_SYNTAX));
    }
    return new Result(v, null);
  }

  /** strconv.ParseInt. */
  public static Result parseInt(GoString s, long base, long bitSize) {
    return parseInt("ParseInt", s, base, bitSize);
  }

  private static Result parseInt(String fn, GoString s0, long base, long bitSize) {
    if (s0.len == 0) {
      return new Result(0, new NumError(fn, s0, NumError.ERR_SYNTAX));
    }
    boolean neg = s0.byteAt(0) == '-';
    GoString s = neg || s0.byteAt(0) == '+' ? s0.slice(1, s0.len) : s0;
    Result u = parseUint(fn, s, base, bitSize);
    if (u.err != null && !u.err.isRange()) {
      return new Result(0, new NumError(fn, s0, u.err.err));
    }
    if (bitSize == 0) {
      bitSize = 64;
    }
    long cutoff = 1L << (bitSize - 1); // as unsigned: 2^(bitSize-1)
    if (!neg && Long.compareUnsigned(u.value, cutoff) >= 0) {
      return new Result(cutoff - 1, new NumError(fn, s0, NumError.ERR_RANGE));
    }
    if (neg && Long.compareUnsigned(u.value, cutoff) > 0) {
      return new Result(-cutoff, new NumError(fn, s0, NumError.ERR_RANGE));
    }
    return new Result(neg ? -u.value : u.value, null);
  }

  /** strconv.Atoi (int is 64 bits in gol). */
  /** What {@link #smallDecimal} returns for a string it does not take. */
  public static final long NOT_SMALL = Long.MIN_VALUE;

  /**
   * Atoi's fast path on its own: the value of 1 to 18 decimal digits with an optional sign (which
   * cannot overflow), or {@link #NOT_SMALL} for anything else, which {@link #atoi} then parses
   * (or rejects) in full. No Result is made, so the common case allocates nothing even before C2
   * compiles the caller (whose escape analysis would remove the record).
   */
  public static long smallDecimal(GoString s) {
    int n = s.len;
    if (n <= 0 || n >= 19) {
      return NOT_SMALL;
    }
    byte[] b = s.bytes;
    int i = s.off;
    int end = i + n;
    boolean neg = b[i] == '-';
    if (neg || b[i] == '+') {
      i++;
      if (i == end) {
        return NOT_SMALL;
      }
    }
    long v = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_SMALL;
      }
      v = v * 10 + d;
    }
    return neg ? -v : v;
  }

  public static Result atoi(GoString s) {
    int n = s.len;
    if (0 < n && n < 19) {
      // Fast path: fits in an int64 without overflow checks.
      int i = 0;
      boolean neg = s.byteAt(0) == '-';
      if (neg || s.byteAt(0) == '+') {
        i = 1;
        if (n == 1) {
          return new Result(0, new NumError("Atoi", s, NumError.ERR_SYNTAX));
        }
      }
      long v = 0;
      for (; i < n; i++) {
        int d = s.byteAt(i) - '0';
        if (d < 0 || d > 9) {
          return new Result(0, new NumError("Atoi", s, NumError.ERR_SYNTAX));
        }
        v = v * 10 + d;
      }
      return new Result(neg ? -v : v, null);
    }
    return parseInt("Atoi", s, 10, 0);
  }

  /** strconv.ParseBool: the value as 0/1. */
  public static Result parseBool(GoString s) {
    switch (s.toString()) {
      case "1", "t", "T", "TRUE", "true", "True":
        return new Result(1, null);
      case "0", "f", "F", "FALSE", "false", "False":
        return new Result(0, null);
      default:
        return new Result(0, new NumError("ParseBool", s, NumError.ERR_SYNTAX));
    }
  }

  /**
   * Whether the underscores in {@code s} (a number with optional sign and base prefix) only
   * separate digits: each must sit between digits, or between the base prefix and a digit.
   */
  static boolean underscoreOk(GoString s) {
    int saw = '^'; // ^ start, 0 digit or prefix, _ underscore, ! anything else
    int i = 0;
    int n = s.len;
    if (n >= 1 && (s.byteAt(0) == '-' || s.byteAt(0) == '+')) {
      i = 1;
    }
    boolean hex = false;
    if (n - i >= 2 && s.byteAt(i) == '0') {
      int c = lower(s.byteAt(i + 1));
      if (c == 'b' || c == 'o' || c == 'x') {
        i += 2;
        saw = '0';
        hex = c == 'x';
      }
    }
    for (; i < n; i++) {
      int c = s.byteAt(i);
      if ('0' <= c && c <= '9' || hex && 'a' <= lower(c) && lower(c) <= 'f') {
        saw = '0';
      } else if (c == '_') {
        if (saw != '0') {
          return false;
        }
        saw = '_';
      } else {
        if (saw == '_') {
          return false;
        }
        saw = '!';
      }
    }
    return saw != '_';
  }
}
