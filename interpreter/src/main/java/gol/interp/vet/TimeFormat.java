package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;

/**
 * go vet's timeformat analyzer: a layout for time.Time.Format or time.Parse holding
 * "2006-02-01" (year-day-month, almost always meant as "2006-01-02"): {@code 2006-02-01 should
 * be 2006-01-02}, at the bad text inside a string literal, else at the argument.
 */
final class TimeFormat {
  private TimeFormat() {
  }

  private static final String BAD = "2006-02-01";
  private static final String GOOD = "2006-01-02";

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Call call && !call.args.isEmpty()) {
        Obj.Func fn = Pass.callee(call);
        if (fn != null && (isFormat(fn) || isParse(fn))) {
          Expr arg = call.args.get(0);
          String layout = Pass.stringConstant(arg);
          int at = layout == null ? -1 : layout.indexOf(BAD);
          if (at >= 0) {
            if (arg instanceof Expr.BasicLit lit) {
              // Go: the literal's position + the byte offset in its value + 1 for the quote
              int bytes = layout.substring(0, at).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
              pass.report(lit.line, lit.col + bytes + 1, BAD + " should be " + GOOD);
            } else {
              pass.reportAt(arg, BAD + " should be " + GOOD);
            }
          }
        }
      }
      return true;
    });
  }

  /** time.Time's Format method. */
  private static boolean isFormat(Obj.Func fn) {
    if (!fn.name.equals("Format") || fn.pkg == null || !fn.pkg.path.equals("time")) {
      return false;
    }
    return fn.type instanceof Type.Signature s && s.recv != null && Pass.isNamed(s.recv.type, "time", "Time");
  }

  /** The function time.Parse. */
  private static boolean isParse(Obj.Func fn) {
    return fn.name.equals("Parse") && fn.pkg != null && fn.pkg.path.equals("time")
        && fn.type instanceof Type.Signature s && s.recv == null;
  }
}
