package gol.stdlib.unicode;

import java.util.Arrays;

/**
 * Go's unicode classification and simple case mapping on Java's {@link Character} data. Go's
 * categories are Unicode's General_Category, which Character.getType reports, so the predicates
 * agree with Go's for every code point both Unicode versions assign (JDK 17: Unicode 13; Go 1.23:
 * Unicode 15 — runes added since are unassigned here). Where Go does not use a category the
 * rule is Go's, spelt out: IsSpace is Unicode's White_Space property, IsUpper/IsLower are exactly
 * Lu/Ll (Java's isUpperCase also counts Other_Uppercase), IsPrint admits only the ASCII space
 * among spaces. Case mapping is the simple (one rune to one rune) mapping, as Go's; case folding
 * (SimpleFold, strings.EqualFold) groups runes by {@code toLower(toUpper(r))}, except U+0130 and
 * U+0131, which Unicode folds only under Turkic rules and Go not at all.
 */
public final class Runes {
  private Runes() {
  }

  private static int type(int r) {
    return r < 0 || r > Character.MAX_CODE_POINT ? Character.UNASSIGNED : Character.getType(r);
  }

  public static boolean isLetter(int r) {
    if (r < 0x80) {
      return (r | 0x20) >= 'a' && (r | 0x20) <= 'z';
    }
    return Character.isLetter(r) && r <= Character.MAX_CODE_POINT;
  }

  public static boolean isDigit(int r) {
    if (r < 0x80) {
      return r >= '0' && r <= '9';
    }
    return type(r) == Character.DECIMAL_DIGIT_NUMBER;
  }

  public static boolean isNumber(int r) {
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
    if (r < 0x80) {
      return r >= 'A' && r <= 'Z';
    }
    return type(r) == Character.UPPERCASE_LETTER;
  }

  public static boolean isLower(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z';
    }
    return type(r) == Character.LOWERCASE_LETTER;
  }

  public static boolean isTitle(int r) {
    return type(r) == Character.TITLECASE_LETTER;
  }

  public static boolean isPunct(int r) {
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
    int t = type(r);
    return t == Character.MATH_SYMBOL || t == Character.CURRENCY_SYMBOL
        || t == Character.MODIFIER_SYMBOL || t == Character.OTHER_SYMBOL;
  }

  public static boolean isMark(int r) {
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
    return isPrint(r) || type(r) == Character.SPACE_SEPARATOR;
  }

  private static boolean valid(int r) {
    return r >= 0 && r <= Character.MAX_CODE_POINT;
  }

  public static int toUpper(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z' ? r - 32 : r;
    }
    return valid(r) ? Character.toUpperCase(r) : r;
  }

  public static int toLower(int r) {
    if (r < 0x80) {
      return r >= 'A' && r <= 'Z' ? r + 32 : r;
    }
    return valid(r) ? Character.toLowerCase(r) : r;
  }

  public static int toTitle(int r) {
    if (r < 0x80) {
      return r >= 'a' && r <= 'z' ? r - 32 : r;
    }
    return valid(r) ? Character.toTitleCase(r) : r;
  }

  /** The representative of r's case-folding orbit; runes with no case fold to themselves. */
  public static int foldKey(int r) {
    if (r < 0x80) {
      return r >= 'A' && r <= 'Z' ? r + 32 : r;
    }
    if (r == 0x130 || r == 0x131 || !valid(r)) {
      return r;
    }
    return Character.toLowerCase(Character.toUpperCase(r));
  }

  /** Whether two runes are equal under simple case folding (strings.EqualFold per rune). */
  public static boolean equalFold(int a, int b) {
    return a == b || foldKey(a) == foldKey(b);
  }

  /**
   * Every rune that has a case (its fold key differs from it, or it has an upper-case mapping),
   * with its fold key: built on first use of SimpleFold, by one pass over all code points.
   */
  private static final class Orbits {
    static final int[] RUNES;
    static final int[] KEYS;

    static {
      int n = 0;
      int[] runes = new int[4096];
      int[] keys = new int[4096];
      for (int r = 0x41; r <= Character.MAX_CODE_POINT; r++) {
        int k = foldKey(r);
        if (k != r || toUpper(r) != r) {
          if (n + 2 > runes.length) {
            runes = Arrays.copyOf(runes, n * 2);
            keys = Arrays.copyOf(keys, n * 2);
          }
          runes[n] = r;
          keys[n++] = k;
        }
      }
      RUNES = Arrays.copyOf(runes, n);
      KEYS = Arrays.copyOf(keys, n);
    }
  }

  /**
   * unicode.SimpleFold: the smallest rune greater than r in r's folding orbit, or else the
   * smallest rune of the orbit; r itself if it has no case. An invalid rune is returned as is.
   */
  public static int simpleFold(int r) {
    if (!valid(r)) {
      return r;
    }
    int key = foldKey(r);
    int next = -1;
    int least = r;
    int[] runes = Orbits.RUNES;
    int[] keys = Orbits.KEYS;
    for (int i = 0; i < runes.length; i++) {
      if (keys[i] == key || runes[i] == key) {
        int c = runes[i];
        if (c > r && (next < 0 || c < next)) {
          next = c;
        }
        least = Math.min(least, c);
      }
    }
    if (key > r && (next < 0 || key < next)) {
      next = key;
    }
    least = Math.min(least, key);
    return next >= 0 ? next : least;
  }

  /** The scripts of the script tables, by table id - 100 (Character.UnicodeScript names). */
  private static final Character.UnicodeScript[] SCRIPTS = scripts("ARABIC", "ARMENIAN", "BENGALI", "CHEROKEE", "COMMON", "CYRILLIC", "DEVANAGARI", "ETHIOPIC", "GEORGIAN", "GREEK", "GUJARATI", "GURMUKHI", "HAN", "HANGUL", "HEBREW", "HIRAGANA", "INHERITED", "KANNADA", "KATAKANA", "KHMER", "LAO", "LATIN", "MALAYALAM", "MONGOLIAN", "MYANMAR", "ORIYA", "SINHALA", "TAMIL", "TELUGU", "THAANA", "THAI", "TIBETAN");

  private static Character.UnicodeScript[] scripts(String... names) {
    Character.UnicodeScript[] s = new Character.UnicodeScript[names.length];
    for (int i = 0; i < names.length; i++) {
      s[i] = Character.UnicodeScript.valueOf(names[i]);
    }
    return s;
  }

  /**
   * Whether r is in the range table with id {@code table} (unicode.gol numbers them): general
   * categories 1.., scripts 100.., White_Space 200.
   */
  public static boolean inTable(int table, int r) {
    if (r < 0 || r > Character.MAX_CODE_POINT) {
      return false;
    }
    if (table >= 100 && table < 200) {
      return Character.UnicodeScript.of(r) == SCRIPTS[table - 100];
    }
    if (table == 200) {
      return isSpace(r);
    }
    int t = Character.getType(r);
    switch (table) {
      case 1:
        return t == Character.UPPERCASE_LETTER || t == Character.LOWERCASE_LETTER || t == Character.TITLECASE_LETTER || t == Character.MODIFIER_LETTER || t == Character.OTHER_LETTER;
      case 2:
        return t == Character.UPPERCASE_LETTER;
      case 3:
        return t == Character.LOWERCASE_LETTER;
      case 4:
        return t == Character.TITLECASE_LETTER;
      case 5:
        return t == Character.MODIFIER_LETTER;
      case 6:
        return t == Character.OTHER_LETTER;
      case 7:
        return t == Character.NON_SPACING_MARK || t == Character.ENCLOSING_MARK || t == Character.COMBINING_SPACING_MARK;
      case 8:
        return t == Character.NON_SPACING_MARK;
      case 9:
        return t == Character.COMBINING_SPACING_MARK;
      case 10:
        return t == Character.ENCLOSING_MARK;
      case 11:
        return t == Character.DECIMAL_DIGIT_NUMBER || t == Character.LETTER_NUMBER || t == Character.OTHER_NUMBER;
      case 12:
        return t == Character.DECIMAL_DIGIT_NUMBER;
      case 13:
        return t == Character.LETTER_NUMBER;
      case 14:
        return t == Character.OTHER_NUMBER;
      case 15:
        return t == Character.CONNECTOR_PUNCTUATION || t == Character.DASH_PUNCTUATION || t == Character.START_PUNCTUATION || t == Character.END_PUNCTUATION || t == Character.INITIAL_QUOTE_PUNCTUATION || t == Character.FINAL_QUOTE_PUNCTUATION || t == Character.OTHER_PUNCTUATION;
      case 16:
        return t == Character.CONNECTOR_PUNCTUATION;
      case 17:
        return t == Character.DASH_PUNCTUATION;
      case 18:
        return t == Character.START_PUNCTUATION;
      case 19:
        return t == Character.END_PUNCTUATION;
      case 20:
        return t == Character.INITIAL_QUOTE_PUNCTUATION;
      case 21:
        return t == Character.FINAL_QUOTE_PUNCTUATION;
      case 22:
        return t == Character.OTHER_PUNCTUATION;
      case 23:
        return t == Character.MATH_SYMBOL || t == Character.CURRENCY_SYMBOL || t == Character.MODIFIER_SYMBOL || t == Character.OTHER_SYMBOL;
      case 24:
        return t == Character.MATH_SYMBOL;
      case 25:
        return t == Character.CURRENCY_SYMBOL;
      case 26:
        return t == Character.MODIFIER_SYMBOL;
      case 27:
        return t == Character.OTHER_SYMBOL;
      case 28:
        return t == Character.SPACE_SEPARATOR || t == Character.LINE_SEPARATOR || t == Character.PARAGRAPH_SEPARATOR;
      case 29:
        return t == Character.SPACE_SEPARATOR;
      case 30:
        return t == Character.LINE_SEPARATOR;
      case 31:
        return t == Character.PARAGRAPH_SEPARATOR;
      case 32:
        return t == Character.CONTROL || t == Character.FORMAT || t == Character.PRIVATE_USE || t == Character.SURROGATE;
      case 33:
        return t == Character.CONTROL;
      case 34:
        return t == Character.FORMAT;
      case 35:
        return t == Character.PRIVATE_USE;
      case 36:
        return t == Character.SURROGATE;
      default:
        return false;
    }
  }
}
