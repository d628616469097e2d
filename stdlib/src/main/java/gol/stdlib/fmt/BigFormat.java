package gol.stdlib.fmt;

import gol.runtime.Iface;
import gol.runtime.Struct;
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
}
