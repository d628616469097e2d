package gol.stdlib.json;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;

/**
 * encoding/json's validity scan of well-formed input, as a native: {@code func validFast(data
 * []byte) bool} reports whether data is one JSON value with only spaces around it, by the same
 * grammar as json.gol's checker (RFC 8259: strings of bytes from 0x20 up with Go's escapes,
 * numbers, the three literals, space, tab, newline and carriage return between tokens; at most
 * 10000 nested arrays and objects). Unmarshal, Valid, Compact and Indent scan their input before anything else; the
 * checker, written in gol, then only runs on input this rejects, to say what is wrong with it.
 * Iterative (a byte stack of open containers), so nesting costs no Java stack.
 */
public final class JsonScan {
  /** How deeply arrays and objects may nest (Go's scanner's limit; json.gol's maxDepth). */
  static final int MAX_DEPTH = 10000;

  private JsonScan() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "validFast" -> JsonScan::validFast;
      case "valueEnd" -> JsonScan::valueEnd;
      default -> null;
    };
  }

  static void validFast(G g, int base) {
    Slice s = (Slice) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = s != null && s.array instanceof byte[] b && valid(b, s.off, s.off + s.len) ? 1 : 0;
  }

  /**
   * func valueEnd(data []byte, pos int) int: the end of the value at data[pos:] (after spaces), or
   * -1 where it is not one; the decoder's skip over data already found valid.
   */
  static void valueEnd(G g, int base) {
    Slice s = (Slice) g.rs[base];
    int pos = (int) g.ls[base + 1];
    g.rs[base] = null;
    int end = -1;
    if (s != null && s.array instanceof byte[] b && pos >= 0 && pos <= s.len) {
      end = value(b, s.off + pos, s.off + s.len);
      end = end < 0 ? -1 : end - s.off;
    }
    g.ls[base] = end;
  }

  /** Whether b[from:to) is one JSON value with spaces around it (see the class comment). */
  static boolean valid(byte[] b, int from, int to) {
    int end = value(b, from, to);
    return end >= 0 && space(b, end, to) == to;
  }

  /** The end of the one value at b[from:) after spaces, or -1. */
  static int value(byte[] b, int from, int to) {
    byte[] open = new byte[32]; // '{' or '[' per open container
    int depth = 0;
    int p = space(b, from, to);
    for (;;) {
      // a value at p
      if (p >= to) {
        return -1;
      }
      byte c = b[p];
      if (c == '{' || c == '[') {
        if (depth == MAX_DEPTH) {
          return -1; // the checker says "exceeded max depth"
        }
        p = space(b, p + 1, to);
        if (p < to && b[p] == (c == '{' ? '}' : ']')) {
          p++;
        } else {
          if (depth == open.length) {
            open = java.util.Arrays.copyOf(open, depth * 2);
          }
          open[depth++] = c;
          if (c == '{' && (p = key(b, p, to)) < 0) {
            return -1;
          }
          continue;
        }
      } else if (c == '"') {
        p = string(b, p, to);
      } else if (c == '-' || c >= '0' && c <= '9') {
        p = number(b, p, to);
      } else if (c == 't') {
        p = literal(b, p, to, "true");
      } else if (c == 'f') {
        p = literal(b, p, to, "false");
      } else if (c == 'n') {
        p = literal(b, p, to, "null");
      } else {
        return -1;
      }
      if (p < 0) {
        return -1;
      }
      // after a value: close containers until a comma asks for the next value
      for (;;) {
        if (depth == 0) {
          return p;
        }
        p = space(b, p, to);
        if (p >= to) {
          return -1;
        }
        byte top = open[depth - 1];
        c = b[p];
        if (c == ',') {
          p = space(b, p + 1, to);
          if (top == '{' && (p = key(b, p, to)) < 0) {
            return -1;
          }
          break;
        }
        if (c != (top == '{' ? '}' : ']')) {
          return -1;
        }
        depth--;
        p++;
      }
    }
  }

  /** An object key at p and its colon: the position after the colon's spaces, or -1. */
  private static int key(byte[] b, int p, int to) {
    if (p >= to || b[p] != '"') {
      return -1;
    }
    p = string(b, p, to);
    if (p < 0) {
      return -1;
    }
    p = space(b, p, to);
    if (p >= to || b[p] != ':') {
      return -1;
    }
    return space(b, p + 1, to);
  }

  private static int space(byte[] b, int p, int to) {
    while (p < to && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r')) {
      p++;
    }
    return p;
  }

  /** The end of the string starting at b[p] == '"', or -1. */
  static int string(byte[] b, int p, int to) {
    p++;
    while (p < to) {
      int c = b[p] & 0xFF;
      if (c == '"') {
        return p + 1;
      }
      if (c < 0x20) {
        return -1;
      }
      if (c != '\\') {
        p++;
        continue;
      }
      if (++p >= to) {
        return -1;
      }
      c = b[p];
      if (c == 'u') {
        if (p + 4 >= to) {
          return -1;
        }
        for (int k = 1; k <= 4; k++) {
          if (Character.digit(b[p + k], 16) < 0) {
            return -1;
          }
        }
        p += 5;
      } else if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't') {
        p++;
      } else {
        return -1;
      }
    }
    return -1;
  }

  /** The end of the number starting at b[p] ('-' or a digit), or -1. */
  static int number(byte[] b, int p, int to) {
    if (b[p] == '-' && ++p >= to) {
      return -1;
    }
    if (!digit(b, p, to)) {
      return -1;
    }
    if (b[p] == '0') {
      p++;
    } else {
      while (digit(b, p, to)) {
        p++;
      }
    }
    if (p < to && b[p] == '.') {
      if (!digit(b, ++p, to)) {
        return -1;
      }
      while (digit(b, p, to)) {
        p++;
      }
    }
    if (p < to && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      if (p < to && (b[p] == '+' || b[p] == '-')) {
        p++;
      }
      if (!digit(b, p, to)) {
        return -1;
      }
      while (digit(b, p, to)) {
        p++;
      }
    }
    return p;
  }

  private static boolean digit(byte[] b, int p, int to) {
    return p < to && b[p] >= '0' && b[p] <= '9';
  }

  private static int literal(byte[] b, int p, int to, String word) {
    if (to - p < word.length()) {
      return -1;
    }
    for (int k = 0; k < word.length(); k++) {
      if (b[p + k] != word.charAt(k)) {
        return -1;
      }
    }
    return p + word.length();
  }
}
