package gol.stdlib.big;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import java.math.BigInteger;

/** The natives behind big.Float (big.gol): rounding, formatting and scanning. All are leaves. */
final class FloatNatives {
  private FloatNatives() {
  }

  static Native link(String name) {
    return switch (name) {
      case "fround" -> FloatNatives::round;
      case "ftext" -> FloatNatives::text;
      case "fparse" -> FloatNatives::parse;
      default -> null;
    };
  }

  /**
   * func fround(m *bigval, e int, neg bool, prec int, mode RoundingMode, sbit bool) (*bigval,
   * int, Accuracy)
   */
  private static void round(G g, int b) {
    FloatMath.Rounded r = FloatMath.round(BigPkg.val(g.rs[b]), g.ls[b + 1], g.ls[b + 2] != 0, g.ls[b + 3],
        (int) g.ls[b + 4], g.ls[b + 5] != 0);
    g.rs[b] = BigPkg.ref(r.mant());
    g.ls[b + 1] = r.exp();
    g.ls[b + 2] = r.acc();
  }

  /**
   * func ftext(neg bool, form form, m *bigval, e int, prec uint32, mode RoundingMode, format
   * byte, fprec int) string
   */
  private static void text(G g, int b) {
    BigInteger m = BigPkg.val(g.rs[b + 2]);
    String s = FloatText.text(g.ls[b] != 0, (int) g.ls[b + 1], m, g.ls[b + 3], g.ls[b + 4], (int) g.ls[b + 5],
        (int) g.ls[b + 6], (int) g.ls[b + 7]);
    g.rs[b + 2] = null;
    g.rs[b] = GoString.of(s);
  }

  /** func fparse(s string, base int) (m *bigval, exp2, exp5 int, neg bool, b int, err string) */
  private static void parse(G g, int b) {
    FloatParse.Result res = FloatParse.parse(((GoString) g.rs[b]).toBytes(), (int) g.ls[b + 1]);
    g.rs[b] = BigPkg.ref(res.mant);
    g.ls[b + 1] = res.exp2;
    g.ls[b + 2] = res.exp5;
    g.ls[b + 3] = res.neg ? 1 : 0;
    g.ls[b + 4] = res.base;
    g.rs[b + 5] = GoString.of(res.err);
  }
}
