package gol.stdlib.time;

import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * Time.Format with Go's reference layout ("Mon Jan 2 15:04:05 MST 2006"): the layout is read
 * left to right; at each position the longest standard chunk that matches is replaced by the
 * corresponding field of the time, anything else is copied. The chunks are Go's (format.go's
 * nextStdChunk): month (January Jan 1 01), weekday (Monday Mon), day (2 02 _2), day of year
 * (002 __2), hour (15 3 03), minute (4 04), second (5 05), year (2006 06), AM/PM (PM pm), zone
 * (MST -0700 -07:00 -07 -070000 -07:00:00 and the Z forms, which print Z for UTC), and
 * fractional seconds (.000 or ,000 fixed width; .999 trailing zeros dropped).
 */
final class Format {
  private Format() {
  }

  private static final String[] CHUNKS = {
      "January", "Jan", "Monday", "Mon", "MST",
      "2006", "002", "01", "02", "03", "04", "05", "06",
      "__2", "_2", "15", "1", "2", "3", "4", "5", "PM", "pm",
      "-07:00:00", "-070000", "-07:00", "-0700", "-07",
      "Z07:00:00", "Z070000", "Z07:00", "Z0700", "Z07",
  };

  static String format(ZonedDateTime t, boolean utc, String layout) {
    StringBuilder sb = new StringBuilder(layout.length() + 10);
    int i = 0;
    while (i < layout.length()) {
      int frac = fraction(layout, i);
      if (frac > 0) {
        appendFraction(sb, t.getNano(), layout.charAt(i), frac - 1, layout.charAt(i + 1) == '9');
        i += frac;
        continue;
      }
      String chunk = chunkAt(layout, i);
      if (chunk == null) {
        sb.append(layout.charAt(i++));
        continue;
      }
      appendChunk(sb, t, utc, chunk);
      i += chunk.length();
    }
    return sb.toString();
  }

  /** The standard chunk starting at i, or null. Mirrors the word-boundary rules Go applies. */
  private static String chunkAt(String s, int i) {
    for (String c : CHUNKS) {
      if (s.startsWith(c, i)) {
        // "Jan"/"Mon" inside a lower-case word (e.g. "Janet", "Month") is not a chunk
        if ((c.equals("Jan") || c.equals("Mon")) && i + 3 < s.length() && Character.isLowerCase(s.charAt(i + 3))) {
          continue;
        }
        return c;
      }
    }
    return null;
  }

  /** Length of a fractional-second chunk (.000, ,999...) at i, or 0. */
  private static int fraction(String s, int i) {
    char c = s.charAt(i);
    if ((c != '.' && c != ',') || i + 1 >= s.length()) {
      return 0;
    }
    char d = s.charAt(i + 1);
    if (d != '0' && d != '9') {
      return 0;
    }
    int j = i + 1;
    while (j < s.length() && s.charAt(j) == d) {
      j++;
    }
    if (j < s.length() && Character.isDigit(s.charAt(j))) {
      return 0; // Go: a fraction must not be followed by a digit
    }
    return j - i;
  }

  private static void appendFraction(StringBuilder sb, int nano, char sep, int digits, boolean trim) {
    String f = String.format("%09d", nano).substring(0, Math.min(9, digits));
    if (trim) {
      int n = f.length();
      while (n > 0 && f.charAt(n - 1) == '0') {
        n--;
      }
      if (n == 0) {
        return;
      }
      f = f.substring(0, n);
    }
    sb.append(sep).append(f);
  }

  private static void appendChunk(StringBuilder sb, ZonedDateTime t, boolean utc, String c) {
    switch (c) {
      case "January" -> sb.append(t.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
      case "Jan" -> sb.append(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
      case "Monday" -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
      case "Mon" -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
      case "MST" -> sb.append(zoneName(t, utc));
      case "2006" -> pad(sb, t.getYear(), 4);
      case "06" -> pad(sb, Math.floorMod(t.getYear(), 100), 2);
      case "01" -> pad(sb, t.getMonthValue(), 2);
      case "1" -> sb.append(t.getMonthValue());
      case "02" -> pad(sb, t.getDayOfMonth(), 2);
      case "_2" -> sb.append(t.getDayOfMonth() < 10 ? " " : "").append(t.getDayOfMonth());
      case "2" -> sb.append(t.getDayOfMonth());
      case "002" -> pad(sb, t.getDayOfYear(), 3);
      case "__2" -> sb.append(String.format("%3d", t.getDayOfYear()));
      case "15" -> pad(sb, t.getHour(), 2);
      case "3" -> sb.append(hour12(t));
      case "03" -> pad(sb, hour12(t), 2);
      case "4" -> sb.append(t.getMinute());
      case "04" -> pad(sb, t.getMinute(), 2);
      case "5" -> sb.append(t.getSecond());
      case "05" -> pad(sb, t.getSecond(), 2);
      case "PM" -> sb.append(t.getHour() >= 12 ? "PM" : "AM");
      case "pm" -> sb.append(t.getHour() >= 12 ? "pm" : "am");
      default -> zone(sb, t.getOffset().getTotalSeconds(), c);
    }
  }

  private static int hour12(ZonedDateTime t) {
    int h = t.getHour() % 12;
    return h == 0 ? 12 : h;
  }

  private static String zoneName(ZonedDateTime t, boolean utc) {
    if (utc) {
      return "UTC";
    }
    String n = t.getZone().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
    java.util.TimeZone tz = java.util.TimeZone.getTimeZone(t.getZone());
    String abbr = tz.getDisplayName(tz.inDaylightTime(java.util.Date.from(t.toInstant())), java.util.TimeZone.SHORT, Locale.ENGLISH);
    if (abbr != null && !abbr.startsWith("GMT")) {
      return abbr;
    }
    if (t.getOffset().getTotalSeconds() == 0) {
      return "UTC";
    }
    // Go prints the numeric offset when the zone has no abbreviation: "-0700" → "-07"
    StringBuilder sb = new StringBuilder();
    zone(sb, t.getOffset().getTotalSeconds(), "-0700");
    return n.startsWith("GMT") ? sb.toString() : n;
  }

  /** The numeric zone chunks; the Z forms print "Z" for a zero offset. */
  private static void zone(StringBuilder sb, int off, String c) {
    if (c.charAt(0) == 'Z' && off == 0) {
      sb.append('Z');
      return;
    }
    sb.append(off < 0 ? '-' : '+');
    int a = Math.abs(off);
    pad(sb, a / 3600, 2);
    boolean colon = c.contains(":");
    long len = c.chars().filter(Character::isDigit).count();
    if (len >= 4) { // hhmm
      if (colon) {
        sb.append(':');
      }
      pad(sb, a / 60 % 60, 2);
    }
    if (len >= 6) { // hhmmss
      if (colon) {
        sb.append(':');
      }
      pad(sb, a % 60, 2);
    }
  }

  private static void pad(StringBuilder sb, int v, int w) {
    String s = Integer.toString(Math.abs(v));
    if (v < 0) {
      sb.append('-');
    }
    for (int i = s.length(); i < w; i++) {
      sb.append('0');
    }
    sb.append(s);
  }
}
