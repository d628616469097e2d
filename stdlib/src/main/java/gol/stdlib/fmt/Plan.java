package gol.stdlib.fmt;

import gol.stdlib.Utf8;
import java.util.Arrays;

/**
 * A Printf format parsed once (issue 14): the literal text between directives, and each
 * directive's flags, width, precision and verb. A format used again — nearly always a constant
 * in a loop — is then neither scanned byte by byte for '%' nor are its numbers parsed on each
 * call ({@link Printer#doPrintf} runs the plan).
 *
 * <p>Only formats whose every directive is flags, an optional decimal width, an optional
 * precision and a verb are planned; a format with an explicit argument index {@code [n]}, a
 * {@code *} width or precision, a number too long to be a width (Go's parsenum overflow), or a
 * {@code %} at its end is marked {@link #simple} false and always goes through the parser, so
 * those forms keep exactly the parser's behaviour.
 *
 * <p>A plan is found by the identity of the format's byte array, offset and length (a constant
 * format is the same string every call). Strings are immutable, so the same bytes are the same
 * format: the one way to write under a string, unsafe.String of a []byte that is then changed,
 * is forbidden in Go too. (Comparing the bytes as well cost 10 of the 15 ns a plan saves on a
 * six-verb format.) The plan holds the array, so it cannot be collected and reused meanwhile.
 */
final class Plan {
  /** Flag bits of a directive. */
  static final int SHARP = 1;
  static final int ZERO = 2;
  static final int PLUS = 4;
  static final int MINUS = 8;
  static final int SPACE = 16;

  /** Ints per directive in {@link #ops}: literal start and end, flags, width, precision, verb. */
  static final int STRIDE = 6;
  /** A width or precision that is absent. */
  static final int NONE = -1;

  /** The format's array, offset and length when planned: the cache key. */
  final byte[] src;
  final int off;
  final int len;
  /** A copy of the format's bytes (literal spans index into it). */
  final byte[] text;
  /** Whether the format could be planned; false: use the parser. */
  final boolean simple;
  /** STRIDE ints per directive, in order. */
  final int[] ops;
  /** The literal after the last directive: text[tail, len). */
  final int tail;

  private Plan(byte[] src, int off, int len, byte[] text, boolean simple, int[] ops, int tail) {
    this.src = src;
    this.off = off;
    this.len = len;
    this.text = text;
    this.simple = simple;
    this.ops = ops;
    this.tail = tail;
  }

  /** Whether this plan is for the format {@code src[off, off+len)} as it is now. */
  boolean matches(byte[] src, int off, int len) {
    return this.src == src && this.off == off && this.len == len;
  }

  /** Parses the format {@code src[off, off+len)} into a plan (one with simple false if it cannot be planned). */
  static Plan of(byte[] src, int off, int len) {
    byte[] f = Arrays.copyOfRange(src, off, off + len);
    int[] ops = new int[STRIDE * 4];
    int n = 0;
    int i = 0;
    while (true) {
      int lit = i;
      while (i < len && f[i] != '%') {
        i++;
      }
      if (i >= len) {
        return new Plan(src, off, len, f, true, Arrays.copyOf(ops, n), lit);
      }
      int litEnd = i;
      i++; // skip %
      int flags = 0;
      for (; i < len; i++) {
        int c = f[i];
        if (c == '#') {
          flags |= SHARP;
        } else if (c == '0') {
          flags |= ZERO;
        } else if (c == '+') {
          flags |= PLUS;
        } else if (c == '-') {
          flags |= MINUS;
        } else if (c == ' ') {
          flags |= SPACE;
        } else {
          break;
        }
      }
      int wid = NONE;
      int prec = NONE;
      int start = i;
      i = digits(f, i, len);
      if (i < 0) {
        return notSimple(src, off, len, f);
      }
      if (i > start) {
        wid = number(f, start, i);
      }
      if (i + 1 < len && f[i] == '.') {
        i++;
        start = i;
        i = digits(f, i, len);
        if (i < 0) {
          return notSimple(src, off, len, f);
        }
        prec = i > start ? number(f, start, i) : 0; // "%.d" means precision 0
      }
      if (i >= len || f[i] == '[' || f[i] == '*') {
        return notSimple(src, off, len, f); // no verb (%!(NOVERB)), an index or a '*'
      }
      int verb;
      if ((f[i] & 0xFF) < Utf8.RUNE_SELF) {
        verb = f[i];
        i++;
      } else {
        int dec = Utf8.decode(f, i, len);
        verb = Utf8.rune(dec);
        i += Utf8.width(dec);
      }
      if (n + STRIDE > ops.length) {
        ops = Arrays.copyOf(ops, ops.length * 2);
      }
      ops[n] = lit;
      ops[n + 1] = litEnd;
      ops[n + 2] = flags;
      ops[n + 3] = wid;
      ops[n + 4] = prec;
      ops[n + 5] = verb;
      n += STRIDE;
    }
  }

  /**
   * The index after the decimal digits at f[i]; -1 for an index or a '*' there, or for more than
   * six digits (Go's parsenum gives up on a number over 1e6 and consumes the rest of the format:
   * the parser keeps that case).
   */
  private static int digits(byte[] f, int i, int len) {
    if (i < len && (f[i] == '[' || f[i] == '*')) {
      return -1;
    }
    int start = i;
    while (i < len && '0' <= f[i] && f[i] <= '9') {
      i++;
    }
    return i - start > 6 ? -1 : i;
  }

  private static int number(byte[] f, int start, int end) {
    int v = 0;
    for (int i = start; i < end; i++) {
      v = v * 10 + (f[i] - '0');
    }
    return v;
  }

  private static Plan notSimple(byte[] src, int off, int len, byte[] f) {
    return new Plan(src, off, len, f, false, null, 0);
  }
}
