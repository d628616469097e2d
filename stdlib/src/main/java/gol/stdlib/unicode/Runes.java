package gol.stdlib.unicode;

/**
 * Go's unicode classification and simple case mapping. Above Latin-1 the predicates read Go's
 * own Unicode 15.0.0 tables ({@link Tables}); in Latin-1 Java's {@link Character} data
 * (Unicode 13 on JDK 17, which agrees with Go's in Latin-1). Where Go does not use a category the
 * rule is Go's, spelt out: IsSpace is Unicode's White_Space property, IsUpper/IsLower are exactly
 * Lu/Ll (Java's isUpperCase also counts Other_Uppercase), IsPrint admits only the ASCII space
 * among spaces. Case mapping and folding (ToUpper, SimpleFold, strings.EqualFold) are Go's
 * Unicode 15.0.0 CaseRanges and fold orbits ({@link Cases}).
 */
public final class Runes {
  private Runes() {
  }

  private static int type(int r) {
    return r < 0 || r > Character.MAX_CODE_POINT ? Character.UNASSIGNED : Character.getType(r);
  }

  public static boolean isLetter(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.L, r);
    }
    if (r < 0x80) {
      return (r | 0x20) >= 'a' && (r | 0x20) <= 'z';
    }
    return Character.isLetter(r) && r <= Character.MAX_CODE_POINT;
  }

  public static boolean isDigit(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.ND, r);
    }
    if (r < 0x80) {
      return r >= '0' && r <= '9';
    }
    return type(r) == Character.DECIMAL_DIGIT_NUMBER;
  }

  public static boolean isNumber(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.N, r);
    }
    int t = type(r);
    return t == Character.DECIMAL_DIGIT_NUMBER || t == Character.LETTER_NUMBER
        || t == Character.OTHER_NUMBER;
  }

  /** Unicode's White_Space property. */
  public static boolean isSpace(int r) {
    if (r <= 0xFF) {
      return r == ' ' || (r >= '\t' && r <= '\r') || r == 0x85 || r == 0xA0;
    }
    return r == 0x1680 || (r >= 0x2000 && r <= 0x200A) || r == 0x2028 || r == 0x2029
        || r == 0x202F || r == 0x205F || r == 0x3000;
  }

  public static boolean isUpper(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.LU, r);
    }
    if (r < 0x80) {
      return r >= 'A' && r <= 'Z';
    }
    return type(r) == Character.UPPERCASE_LETTER;
  }

  public static boolean isLower(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.LL, r);
    }
    if (r < 0x80) {
      return r >= 'a' && r <= 'z';
    }
    return type(r) == Character.LOWERCASE_LETTER;
  }

  public static boolean isTitle(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.LT, r);
    }
    return type(r) == Character.TITLECASE_LETTER;
  }

  public static boolean isPunct(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.P, r);
    }
    switch (type(r)) {
      case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION,
          Character.START_PUNCTUATION, Character.END_PUNCTUATION,
          Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
          Character.OTHER_PUNCTUATION:
        return true;
      default:
        return false;
    }
  }

  public static boolean isSymbol(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.S, r);
    }
    int t = type(r);
    return t == Character.MATH_SYMBOL || t == Character.CURRENCY_SYMBOL
        || t == Character.MODIFIER_SYMBOL || t == Character.OTHER_SYMBOL;
  }

  public static boolean isMark(int r) {
    if (r > 0xFF) {
      return Tables.is(Ids.M, r);
    }
    int t = type(r);
    return t == Character.NON_SPACING_MARK || t == Character.ENCLOSING_MARK
        || t == Character.COMBINING_SPACING_MARK;
  }

  /** Go: only the C0 and C1 control codes (Latin-1 Cc). */
  public static boolean isControl(int r) {
    return r >= 0 && r <= 0xFF && type(r) == Character.CONTROL;
  }

  /** Letters, marks, numbers, punctuation, symbols and the ASCII space. */
  public static boolean isPrint(int r) {
    return r == ' ' || isLetter(r) || isMark(r) || isNumber(r) || isPunct(r) || isSymbol(r);
  }

  /** Letters, marks, numbers, punctuation, symbols and space separators (Zs). */
  public static boolean isGraphic(int r) {
    return isPrint(r) || (r > 0xFF ? Tables.is(Ids.ZS, r) : type(r) == Character.SPACE_SEPARATOR);
  }

  private static boolean valid(int r) {
    return r >= 0 && r <= Character.MAX_CODE_POINT;
  }

  public static int toUpper(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z' ? r - 32 : r;
    }
    return Cases.to(0, r);
  }

  public static int toLower(int r) {
    if (r < 0x80) {
      return r >= 'A' && r <= 'Z' ? r + 32 : r;
    }
    return Cases.to(1, r);
  }

  public static int toTitle(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z' ? r - 32 : r;
    }
    return Cases.to(2, r);
  }

  /**
   * The representative of r's case-folding orbit (its least rune); runes with no case, and
   * invalid ones, fold to themselves.
   */
  public static int foldKey(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z' ? r - 32 : r; // no rune below 'A' has a case
    }
    if (!valid(r)) {
      return r;
    }
    int least = r;
    for (int x = Cases.simpleFold(r); x != r; x = Cases.simpleFold(x)) {
      least = Math.min(least, x);
    }
    return least;
  }

  /** Whether two runes are equal under simple case folding (strings.EqualFold per rune). */
  public static boolean equalFold(int a, int b) {
    return a == b || foldKey(a) == foldKey(b);
  }

  /**
   * unicode.SimpleFold: the smallest rune greater than r in r's folding orbit, or else the
   * smallest rune of the orbit; r itself if it has no case. An invalid rune is returned as is.
   */
  public static int simpleFold(int r) {
    return valid(r) ? Cases.simpleFold(r) : r;
  }

  /** Fills t (at most 0x10000 long) with SimpleFold of each of its indexes (regexp's (?i)). */
  public static void bmpSimpleFolds(char[] t) {
    Cases.bmpSimpleFolds(t);
  }

  /** Go's category tables the predicates use above Latin-1, resolved on first use. */
  private static final class Ids {
    static final int L = Tables.id("L");
    static final int ND = Tables.id("Nd");
    static final int N = Tables.id("N");
    static final int LU = Tables.id("Lu");
    static final int LL = Tables.id("Ll");
    static final int LT = Tables.id("Lt");
    static final int P = Tables.id("P");
    static final int S = Tables.id("S");
    static final int M = Tables.id("M");
    static final int ZS = Tables.id("Zs");
  }
}
