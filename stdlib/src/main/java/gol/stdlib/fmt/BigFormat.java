package gol.stdlib.fmt;

import gol.runtime.Iface;
import gol.runtime.Struct;
import gol.stdlib.big.FloatText;
import java.math.BigInteger;

/**
 * Go's {@code (*big.Int).Format}: fmt hands a *big.Int to its Formatter before anything else,
 * and since natives never call gol code, fmt formats it here from the Int's BigInteger (the
 * struct's one field, see math/big's big.gol): verbs b, o, O, d, s, v, x, X with the sign,
 * '#' prefix, width, precision and padding rules of Go's intconv.go.
 */
final class BigFormat {
  private BigFormat() {
  }

  static void format(Format f, Iface v, int verb) {
    int base;
    switch (verb) {
      case 'b' -> base = 2;
      case 'o', 'O' -> base = 8;
      case 'd', 's', 'v' -> base = 10;
      case 'x', 'X' -> base = 16;
      default -> base = 0;
    }
    Struct s = (Struct) v.ref;
    BigInteger x = s == null ? null : s.r[0] == null ? BigInteger.ZERO : (BigInteger) s.r[0];
    if (base == 0) {
      f.buf.ascii("%!").rune(verb).ascii("(big.Int=").ascii(x == null ? "<nil>" : x.toString()).put(')');
      return;
    }
    if (x == null) {
      f.buf.ascii("<nil>");
      return;
    }
    String sign = "";
    if (x.signum() < 0) {
      sign = "-";
    } else if (f.plus || f.plusV) {
      sign = "+";
    } else if (f.space) {
      sign = " ";
    }
    String prefix = "";
    if (f.sharp || f.sharpV) {
      switch (verb) {
        case 'b' -> prefix = "0b";
        case 'o' -> prefix = "0";
        case 'x' -> prefix = "0x";
        case 'X' -> prefix = "0X";
        default -> prefix = "";
      }
    }
    if (verb == 'O') {
      prefix = "0o";
    }
    String digits = x.abs().toString(base);
    if (verb == 'X') {
      digits = digits.toUpperCase();
    }
    int left = 0;
    int zeros = 0;
    int right = 0;
    if (f.precPresent) {
      if (digits.length() < f.prec) {
        zeros = f.prec - digits.length();
      } else if (digits.equals("0") && f.prec == 0) {
        return; // nothing for a zero value with zero precision
      }
    }
    int length = sign.length() + prefix.length() + zeros + digits.length();
    if (f.widPresent && length < f.wid) {
      int d = f.wid - length;
      if (f.minus) {
        right = d;
      } else if (f.zero && !f.precPresent) {
        zeros = d;
      } else {
        left = d;
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(" ".repeat(left)).append(sign).append(prefix).append("0".repeat(zeros)).append(digits)
        .append(" ".repeat(right));
    f.buf.ascii(sb.toString());
  }

  /**
   * Go's {@code (*big.Float).Format}: the Float's fields (see big.gol) formatted by
   * FloatText like Text, then Go's sign, width and padding rules; 'v' is 'g', 'F' is 'f', and
   * 'g'/'G' without a precision give the shortest decimal.
   */
  static void formatFloat(Format f, Iface v, int verb) {
    Struct s = (Struct) v.ref;
    if (s == null) {
      f.buf.ascii("<nil>");
      return;
    }
    int[] slot = s.type.fieldSlot;
    long prec = s.l[slot[0]];
    int mode = (int) s.l[slot[1]];
    int form = (int) s.l[slot[3]];
    boolean neg = s.l[slot[4]] != 0;
    BigInteger mant = s.r[slot[5]] == null ? BigInteger.ZERO : (BigInteger) s.r[slot[5]];
    long exp = s.l[slot[6]];
    int p = f.precPresent ? f.prec : 6;
    switch (verb) {
      case 'e', 'E', 'f', 'b', 'p', 'x' -> {
      }
      case 'F' -> verb = 'f';
      case 'v', 'g', 'G' -> {
        if (verb == 'v') {
          verb = 'g';
        }
        if (!f.precPresent) {
          p = -1;
        }
      }
      default -> {
        String str = FloatText.text(neg, form, mant, exp, prec, mode, 'g', 10);
        f.buf.ascii("%!").rune(verb).ascii("(*big.Float=").ascii(str).put(')');
        return;
      }
    }
    String text = FloatText.text(neg, form, mant, exp, prec, mode, verb, p);
    String sign = "";
    if (text.startsWith("-")) {
      sign = "-";
      text = text.substring(1);
    } else if (text.startsWith("+")) {
      sign = f.space ? " " : "+";
      text = text.substring(1);
    } else if (f.plus || f.plusV) {
      sign = "+";
    } else if (f.space) {
      sign = " ";
    }
    int padding = 0;
    if (f.widPresent && f.wid > sign.length() + text.length()) {
      padding = f.wid - sign.length() - text.length();
    }
    StringBuilder sb = new StringBuilder();
    if (f.zero && form != FloatText.INF) {
      sb.append(sign).append("0".repeat(padding)).append(text);
    } else if (f.minus) {
      sb.append(sign).append(text).append(" ".repeat(padding));
    } else {
      sb.append(" ".repeat(padding)).append(sign).append(text);
    }
    f.buf.ascii(sb.toString());
  }
}
