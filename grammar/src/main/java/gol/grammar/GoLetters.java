package gol.grammar;

/**
 * Go 1.23's letters and decimal digits (its unicode package: Unicode 15.0) for identifiers. The
 * JDK's Character data is Unicode 13.0 on JDK 17, so the letters and digits Unicode 14.0 and 15.0
 * added are listed here as ranges: every code point where Go's unicode.IsLetter or IsDigit and
 * Character.isLetter or the DECIMAL_DIGIT_NUMBER type disagree (none the other way), found by
 * comparing the two over all code points.
 */
public final class GoLetters {
  private GoLetters() {}

  /** Pairs of first and last code points of letters Go has and JDK 17 lacks, ascending. */
  private static final int[] NEWER_LETTERS = {
    0x0870, 0x0887, 0x0889, 0x088E, 0x08B5, 0x08B5, 0x08C8, 0x08C9, 0x0C5D, 0x0C5D,
    0x0CDD, 0x0CDD, 0x170D, 0x170D, 0x171F, 0x171F, 0x1B4C, 0x1B4C, 0x2C2F, 0x2C2F,
    0x2C5F, 0x2C5F, 0x9FFD, 0x9FFF, 0xA7C0, 0xA7C1, 0xA7D0, 0xA7D1, 0xA7D3, 0xA7D3,
    0xA7D5, 0xA7D9, 0xA7F2, 0xA7F4, 0x10570, 0x1057A, 0x1057C, 0x1058A, 0x1058C, 0x10592,
    0x10594, 0x10595, 0x10597, 0x105A1, 0x105A3, 0x105B1, 0x105B3, 0x105B9, 0x105BB, 0x105BC,
    0x10780, 0x10785, 0x10787, 0x107B0, 0x107B2, 0x107BA, 0x10F70, 0x10F81, 0x11071, 0x11072,
    0x11075, 0x11075, 0x1123F, 0x11240, 0x11740, 0x11746, 0x11AB0, 0x11ABF, 0x11F02, 0x11F02,
    0x11F04, 0x11F10, 0x11F12, 0x11F33, 0x12F90, 0x12FF0, 0x1342F, 0x1342F, 0x13441, 0x13446,
    0x16A70, 0x16ABE, 0x1AFF0, 0x1AFF3, 0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B11F, 0x1B122,
    0x1B132, 0x1B132, 0x1B155, 0x1B155, 0x1DF00, 0x1DF1E, 0x1DF25, 0x1DF2A, 0x1E030, 0x1E06D,
    0x1E290, 0x1E2AD, 0x1E4D0, 0x1E4EB, 0x1E7E0, 0x1E7E6, 0x1E7E8, 0x1E7EB, 0x1E7ED, 0x1E7EE,
    0x1E7F0, 0x1E7FE, 0x2A6DE, 0x2A6DF, 0x2B735, 0x2B739, 0x31350, 0x323AF
  };

  /** The same for decimal digits. */
  private static final int[] NEWER_DIGITS = {
    0x11F50, 0x11F59, 0x16AC0, 0x16AC9, 0x1E4F0, 0x1E4F9
  };

  /** Go's unicode.IsLetter for a code point of 0x80 or more. */
  public static boolean isLetter(int cp) {
    return Character.isLetter(cp) || in(NEWER_LETTERS, cp);
  }

  /** Go's unicode.IsDigit for a code point of 0x80 or more. */
  public static boolean isDigit(int cp) {
    return Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER || in(NEWER_DIGITS, cp);
  }

  private static boolean in(int[] ranges, int cp) {
    if (cp < ranges[0]) {
      return false;
    }
    int lo = 0;
    int hi = ranges.length / 2 - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (cp < ranges[2 * mid]) {
        hi = mid - 1;
      } else if (cp > ranges[2 * mid + 1]) {
        lo = mid + 1;
      } else {
        return true;
      }
    }
    return false;
  }
}
