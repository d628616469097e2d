package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Printf directives as go vet reads them ({@code %-8.*[2]d}: flags, argument index, width,
 * precision, verb), the verbs it knows with the flags and argument types each accepts, and the
 * check of one directive against the argument it formats.
 */
final class PrintfVerbs {
  private PrintfVerbs() {
  }

  static final int BOOL = 1;
  static final int INT = 2;
  static final int RUNE = 4;
  static final int STRING = 8;
  static final int FLOAT = 16;
  static final int COMPLEX = 32;
  static final int POINTER = 64;
  static final int ERROR = 128;
  static final int ANY = ~0;

  private record Verb(char verb, String flags, int types) {
  }

  private static final String NUM = " -+.0";
  private static final String SHARP_NUM = " -+.0#";
  private static final Verb[] VERBS = {
    new Verb('%', "", 0),
    new Verb('b', SHARP_NUM, INT | FLOAT | COMPLEX | POINTER),
    new Verb('c', "-", RUNE | INT),
    new Verb('d', NUM, INT | POINTER),
    new Verb('e', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('E', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('f', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('F', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('g', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('G', SHARP_NUM, FLOAT | COMPLEX),
    new Verb('o', SHARP_NUM, INT | POINTER),
    new Verb('O', SHARP_NUM, INT | POINTER),
    new Verb('p', "-#", POINTER),
    new Verb('q', " -+.0#", RUNE | INT | STRING),
    new Verb('s', " -+.0", STRING),
    new Verb('t', "-", BOOL),
    new Verb('T', "-", ANY),
    new Verb('U', "-#", RUNE | INT),
    new Verb('v', SHARP_NUM, ANY),
    new Verb('w', SHARP_NUM, ERROR),
    new Verb('x', SHARP_NUM, RUNE | INT | STRING | POINTER | FLOAT | COMPLEX),
    new Verb('X', SHARP_NUM, RUNE | INT | STRING | POINTER | FLOAT | COMPLEX),
  };

  /** One parsed directive. */
  static final class State {
    int verb;
    String format;
    String name;
    final StringBuilder flags = new StringBuilder();
    final List<Integer> argNums = new ArrayList<>();
    int firstArg;
    Expr.Call call;
    Pass pass;
    int argNum;
    boolean hasIndex;
    boolean indexPending;
    int nbytes = 1;

    void parseFlags() {
      while (nbytes < format.length()) {
        char c = format.charAt(nbytes);
        if (c == '#' || c == '0' || c == '+' || c == '-' || c == ' ') {
          flags.append(c);
          nbytes++;
        } else {
          return;
        }
      }
    }

    void scanNum() {
      while (nbytes < format.length() && format.charAt(nbytes) >= '0' && format.charAt(nbytes) <= '9') {
        nbytes++;
      }
    }

    boolean parseIndex() {
      if (nbytes == format.length() || format.charAt(nbytes) != '[') {
        return true;
      }
      nbytes++;
      int start = nbytes;
      scanNum();
      boolean ok = true;
      if (nbytes == format.length() || nbytes == start || format.charAt(nbytes) != ']') {
        ok = false;
        int close = format.indexOf(']', start);
        if (close < 0) {
          pass.reportAt(call, name + " format " + format + " is missing closing ]");
          return false;
        }
        nbytes = close;
      }
      String digits = format.substring(start, nbytes);
      long arg;
      try {
        arg = Long.parseLong(digits);
        if (arg > Integer.MAX_VALUE) {
          arg = -1;
        }
      } catch (NumberFormatException e) {
        arg = -1;
      }
      if (!ok || arg <= 0 || arg > call.args.size() - firstArg) {
        pass.reportAt(call, name + " format has invalid argument index [" + digits + "]");
        return false;
      }
      nbytes++;
      argNum = (int) arg + firstArg - 1;
      hasIndex = true;
      indexPending = true;
      return true;
    }

    void parseNum() {
      if (nbytes < format.length() && format.charAt(nbytes) == '*') {
        indexPending = false;
        nbytes++;
        argNums.add(argNum);
        argNum++;
      } else {
        scanNum();
      }
    }

    boolean parsePrecision() {
      if (nbytes < format.length() && format.charAt(nbytes) == '.') {
        flags.append('.');
        nbytes++;
        if (!parseIndex()) {
          return false;
        }
        parseNum();
      }
      return true;
    }
  }

  /** parsePrintfVerb: the directive at the start of {@code format}; null after reporting a problem. */
  static State parse(Pass pass, Expr.Call call, String name, String format, int firstArg, int argNum) {
    State s = new State();
    s.format = format;
    s.name = name;
    s.argNum = argNum;
    s.firstArg = firstArg;
    s.pass = pass;
    s.call = call;
    s.parseFlags();
    if (!s.parseIndex()) {
      return null;
    }
    s.parseNum();
    if (!s.parsePrecision()) {
      return null;
    }
    if (!s.indexPending && !s.parseIndex()) {
      return null;
    }
    if (s.nbytes == s.format.length()) {
      pass.reportAt(call.fun, name + " format " + s.format + " is missing verb at end of string");
      return null;
    }
    int verb = s.format.codePointAt(s.nbytes);
    s.verb = verb;
    s.nbytes += Character.charCount(verb);
    if (verb != '%') {
      s.argNums.add(s.argNum);
    }
    s.format = s.format.substring(0, s.nbytes);
    return s;
  }

  /** okPrintfArg: whether the directive fits its arguments; reports the first misfit. */
  static boolean okArg(Pass pass, Expr.Call call, State s, Function<Expr, String> recursive) {
    Verb v = null;
    for (Verb x : VERBS) {
      if (x.verb == s.verb) {
        v = x;
        break;
      }
    }
    boolean formatter = false;
    if ((v == null || v.types != ERROR) && s.argNum < call.args.size()) {
      Type t = argType(call.args.get(s.argNum));
      formatter = t != null && isFormatter(t);
    }
    if (!formatter) {
      if (v == null) {
        pass.reportAt(call, s.name + " format " + s.format + " has unknown verb " + new String(Character.toChars(s.verb)));
        return false;
      }
      for (int i = 0; i < s.flags.length(); i++) {
        char f = s.flags.charAt(i);
        if (f == '0') {
          continue;
        }
        if (v.flags.indexOf(f) < 0) {
          pass.reportAt(call, s.name + " format " + s.format + " has unrecognized flag " + f);
          return false;
        }
      }
    }
    int trueArgs = s.verb == '%' ? 0 : 1;
    int nargs = s.argNums.size();
    for (int i = 0; i < nargs - trueArgs; i++) {
      if (!canBeChecked(pass, call, i, s)) {
        return false;
      }
      Expr arg = call.args.get(s.argNums.get(i));
      String[] reason = {""};
      if (!match(INT, argType(arg), reason)) {
        pass.reportAt(call, s.name + " format " + s.format + " uses non-int " + GoSyntax.format(arg)
            + (reason[0].isEmpty() ? "" : " (" + reason[0] + ")") + " as argument of *");
        return false;
      }
    }
    if (s.verb == '%' || formatter) {
      return true;
    }
    int last = nargs - 1;
    if (!canBeChecked(pass, call, last, s)) {
      return false;
    }
    Expr arg = call.args.get(s.argNums.get(last));
    if (arg.type instanceof Type.Signature && s.verb != 'p' && s.verb != 'T') {
      pass.reportAt(call, s.name + " format " + s.format + " arg " + GoSyntax.format(arg) + " is a func value, not called");
      return false;
    }
    String[] reason = {""};
    if (v.types != ANY && !match(v.types, argType(arg), reason)) {
      String ts = argType(arg) == null ? "" : TypeNames.of(argType(arg));
      pass.reportAt(call, s.name + " format " + s.format + " has arg " + GoSyntax.format(arg) + " of wrong type " + ts
          + (reason[0].isEmpty() ? "" : " (" + reason[0] + ")"));
      return false;
    }
    if ((v.types & STRING) != 0 && v.verb != 'T' && s.flags.indexOf("#") < 0) {
      String method = recursive.apply(arg);
      if (method != null) {
        pass.reportAt(call, s.name + " format " + s.format + " with arg " + GoSyntax.format(arg)
            + " causes recursive " + method + " method call");
        return false;
      }
    }
    return true;
  }

  private static boolean canBeChecked(Pass pass, Expr.Call call, int formatArg, State s) {
    int argNum = s.argNums.get(formatArg);
    if (argNum < call.args.size() - 1) {
      return true;
    }
    if (call.ellipsis) {
      return false;
    }
    if (argNum < call.args.size()) {
      return true;
    }
    int arg = argNum - s.firstArg + 1;
    pass.reportAt(call, s.name + " format " + s.format + " reads arg #" + arg + ", but call has "
        + count(call.args.size() - s.firstArg, "arg"));
    return false;
  }

  /**
   * An argument's type as go/types records it: gol's checker gives a nil argument the parameter's
   * interface type, go/types keeps "untyped nil".
   */
  static Type argType(Expr arg) {
    if (arg.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Nil n) {
      return n.type;
    }
    return arg.type;
  }

  static String count(int n, String what) {
    return n == 1 ? "1 " + what : n + " " + what + "s";
  }

  /**
   * Standard types with a Format method in Go that gol's library does not declare (on the
   * pointer: *big.Int and *big.Float format themselves with %d, %x, %g...).
   */
  private static final java.util.Set<String> GO_FORMATTERS = java.util.Set.of("math/big.Int", "math/big.Float");

  /** Whether a value of type t may implement fmt.Formatter: an interface, or a Format(fmt.State, rune) method. */
  static boolean isFormatter(Type t) {
    if (t.underlying() instanceof Type.Interface && !(t instanceof Type.TypeParam)) {
      return true;
    }
    if (t instanceof Type.Pointer p && p.elem instanceof Type.Named n && n.obj.pkg != null
        && GO_FORMATTERS.contains(n.obj.pkg.path + "." + n.obj.name)) {
      return true;
    }
    Obj.Func f = Pass.methodOf(t, "Format");
    if (f == null || !(f.type instanceof Type.Signature s)) {
      return false;
    }
    return s.params.vars.size() == 2 && s.results.vars.isEmpty()
        && Pass.isNamed(s.params.vars.get(0).type, "fmt", "State")
        && s.params.vars.get(1).type instanceof Type.Basic b && b.kind == Type.Kind.INT32;
  }

  /** matchArgType: whether type t prints sensibly with a verb accepting {@code want}. */
  static boolean match(int want, Type t, String[] reason) {
    if (t == null) {
      return true;
    }
    return new Matcher(want, reason).match(t, true);
  }

  private static final class Matcher {
    final int t;
    final String[] reason;
    final Set<Type> seen = new HashSet<>();

    Matcher(int t, String[] reason) {
      this.t = t;
      this.reason = reason;
    }

    boolean match(Type typ, boolean top) {
      if (t == ERROR) {
        return Pass.isError(typ) || typ instanceof Type.Basic b && b.kind == Type.Kind.UNTYPED_NIL;
      }
      if (isFormatter(typ)) {
        return true;
      }
      if ((t & STRING) != 0 && stringish(typ)) {
        return true;
      }
      if (typ instanceof Type.TypeParam tp) {
        if (!seen.add(tp)) {
          return true;
        }
        Type.Interface it = tp.iface();
        List<Type.Term> terms = it == null ? null : it.typeSet;
        if (terms == null || terms.isEmpty()) {
          return false;
        }
        boolean report = seen.size() == 1;
        for (Type.Term term : terms) {
          if (!match(term.type(), top)) {
            if (report) {
              reason[0] = "contains " + (term.tilde() ? "~" : "") + TypeNames.of(term.type());
            }
            return false;
          }
        }
        return true;
      }
      Type u = typ.underlying();
      if (!seen.add(u)) {
        return true;
      }
      if (u instanceof Type.Signature) {
        return t == POINTER;
      } else if (u instanceof Type.Map m) {
        if (t == POINTER) {
          return true;
        }
        return match(m.key, false) && match(m.elem, false);
      } else if (u instanceof Type.Chan) {
        return (t & POINTER) != 0;
      } else if (u instanceof Type.Array a) {
        if (isByte(a.elem) && (t & STRING) != 0) {
          return true;
        }
        return match(a.elem, false);
      } else if (u instanceof Type.Slice sl) {
        if (isByte(sl.elem) && (t & STRING) != 0) {
          return true;
        }
        if (t == POINTER) {
          return true;
        }
        return match(sl.elem, false);
      } else if (u instanceof Type.Pointer p) {
        if (t == POINTER) {
          return true;
        }
        if (p.elem instanceof Type.TypeParam) {
          return true;
        }
        Type under = p.elem.underlying();
        if (!(under instanceof Type.Struct || under instanceof Type.Array || under instanceof Type.Slice
            || under instanceof Type.Map)) {
          return (t & POINTER) != 0;
        }
        if (!top) {
          return false;
        }
        return match(under, false);
      } else if (u instanceof Type.Struct st) {
        for (Obj.Var f : st.fields) {
          if (!match(f.type, false)) {
            return false;
          }
          if ((t & STRING) != 0 && !gol.interp.check.Types.isExported(f.name) && stringish(f.type)) {
            return false;
          }
        }
        return true;
      } else if (u instanceof Type.Interface) {
        return true;
      } else if (u instanceof Type.Basic b) {
        switch (b.kind) {
          case BOOL: case UNTYPED_BOOL:
            return (t & BOOL) != 0;
          case UNTYPED_INT: case INT: case INT8: case INT16: case INT32: case INT64:
          case UINT: case UINT8: case UINT16: case UINT32: case UINT64: case UINTPTR:
            return (t & INT) != 0;
          case UNTYPED_FLOAT: case FLOAT32: case FLOAT64:
            return (t & FLOAT) != 0;
          case UNTYPED_COMPLEX: case COMPLEX64: case COMPLEX128:
            return (t & COMPLEX) != 0;
          case UNTYPED_STRING: case STRING:
            return (t & STRING) != 0;
          case UNSAFE_POINTER:
            return (t & (POINTER | INT)) != 0;
          case UNTYPED_RUNE:
            return (t & (INT | RUNE)) != 0;
          case UNTYPED_NIL:
            return false;
          default:
            return true;
        }
      }
      return false;
    }
  }

  private static boolean isByte(Type t) {
    return t.underlying() instanceof Type.Basic b && b.kind == Type.Kind.UINT8;
  }

  /** isConvertibleToString: the value may print through Error() or String(). */
  static boolean stringish(Type t) {
    if (t instanceof Type.Basic b && b.kind == Type.Kind.UNTYPED_NIL) {
      return false;
    }
    if (Pass.isError(t)) {
      return true;
    }
    Obj.Func m = Pass.methodOf(t, "String");
    return m != null && m.type instanceof Type.Signature s && Pass.isStringer(s);
  }
}
