package gol.stdlib.time;

import java.nio.charset.StandardCharsets;

/**
 * A zone read from TZif data by time.LoadLocationFromTZData, answered as Go answers a Location
 * it read itself (where {@link Zone} asks the JDK's rules): the transitions and local time types
 * of the file's 64-bit part (the 32-bit one for a version 1 file), and its footer, a POSIX TZ
 * string ("CET-1CEST,M3.5.0,M10.5.0/3"), for the times after the last transition.
 *
 * <p>Go's readings kept here, since programs see them: a time before the first transition
 * gets the first local time type no transition uses, else the standard type nearest before
 * the first transition's daylight one, else the first standard type; a file without
 * transitions gets one at the start of time; a footer that does not parse is ignored; the
 * bounds the footer gives outside a daylight period are the start of the year and 365 days
 * later; malformed data (a wrong magic or version, data that ends early, no local time types,
 * an index out of range) is refused.
 */
final class TzData {
  private final long[] when;
  private final int[] index;
  private final int[] offset;
  private final boolean[] dst;
  private final String[] abbr;
  /** The parsed footer, or null when there is none or it does not parse. */
  private final Rule footer;

  private TzData(long[] when, int[] index, int[] offset, boolean[] dst, String[] abbr, Rule footer) {
    this.when = when;
    this.index = index;
    this.offset = offset;
    this.dst = dst;
    this.abbr = abbr;
    this.footer = footer;
  }

  /** One answer of a lookup: the zone in effect and the period it is in effect for. */
  record Period(String name, int offset, boolean dst, long start, long end) {
  }

  /** A reader of big-endian fields that fails (null) when the data runs out. */
  private static final class In {
    final byte[] b;
    int p;
    boolean short_;

    In(byte[] b) {
      this.b = b;
    }

    int take(int n) {
      if (n < 0 || b.length - p < n) {
        short_ = true;
        p = b.length;
        return -1;
      }
      int at = p;
      p += n;
      return at;
    }

    long u32() {
      int at = take(4);
      if (at < 0) {
        return -1;
      }
      return ((b[at] & 0xffL) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    int s32(int at) {
      return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    long s64(int at) {
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (b[at + i] & 0xff);
      }
      return v;
    }
  }

  /** The zone in data, or null if the data is malformed. */
  static TzData parse(byte[] data) {
    In in = new In(data);
    int magic = in.take(4);
    if (magic < 0 || data[0] != 'T' || data[1] != 'Z' || data[2] != 'i' || data[3] != 'f') {
      return null;
    }
    int v = in.take(16);
    if (v < 0 || (data[v] != 0 && data[v] != '2' && data[v] != '3')) {
      return null;
    }
    // counts: isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    long[] n = counts(in);
    if (n == null) {
      return null;
    }
    int size = 4;
    if (data[v] != 0) { // the 64-bit part follows the 32-bit one, with counts of its own
      in.take((int) Math.min(Integer.MAX_VALUE, n[3] * 5 + n[4] * 6 + n[5] + n[2] * 8 + n[1] + n[0] + 20));
      n = counts(in);
      if (n == null) {
        return null;
      }
      size = 8;
    }
    int times = in.take(len(n[3] * size));
    int idx = in.take(len(n[3]));
    int types = in.take(len(n[4] * 6));
    int chars = in.take(len(n[5]));
    in.take(len(n[2] * (size + 4)));
    in.take(len(n[1]));
    in.take(len(n[0]));
    if (in.short_ || n[4] == 0) {
      return null;
    }
    int nchars = (int) n[5];
    int ntypes = (int) n[4];
    int[] off = new int[ntypes];
    boolean[] isDst = new boolean[ntypes];
    String[] names = new String[ntypes];
    for (int i = 0; i < ntypes; i++) {
      int at = types + 6 * i;
      off[i] = in.s32(at);
      isDst[i] = data[at + 4] != 0;
      int a = data[at + 5] & 0xff;
      if (a >= nchars) {
        return null;
      }
      int e = chars + a;
      while (e < chars + nchars && data[e] != 0) {
        e++;
      }
      names[i] = new String(data, chars + a, e - chars - a, StandardCharsets.ISO_8859_1);
    }
    int ntimes = (int) n[3];
    long[] when = new long[Math.max(ntimes, 1)];
    int[] index = new int[when.length];
    for (int i = 0; i < ntimes; i++) {
      when[i] = size == 8 ? in.s64(times + 8 * i) : in.s32(times + 4 * i);
      index[i] = data[idx + i] & 0xff;
      if (index[i] >= ntypes) {
        return null;
      }
    }
    if (ntimes == 0) {
      when[0] = Long.MIN_VALUE; // one transition at the start of time, to the first type
    }
    return new TzData(when, index, off, isDst, names, Rule.parse(footer(data, in.p)));
  }

  private static long[] counts(In in) {
    long[] n = new long[6];
    for (int i = 0; i < 6; i++) {
      n[i] = in.u32();
      if (n[i] < 0) {
        return null;
      }
    }
    return n;
  }

  private static int len(long n) {
    return n > Integer.MAX_VALUE ? -1 : (int) n;
  }

  /** The footer's TZ string: what lies between a newline at p and one at the data's end. */
  private static String footer(byte[] data, int p) {
    if (data.length - p > 2 && data[p] == '\n' && data[data.length - 1] == '\n') {
      return new String(data, p + 1, data.length - p - 2, StandardCharsets.ISO_8859_1);
    }
    return null;
  }

  /** The zone in effect at the Unix time unix, and the period it is in effect for. */
  Period lookup(long unix) {
    if (unix < when[0]) {
      int z = firstType();
      return new Period(abbr[z], offset[z], dst[z], Zone.ALPHA, when[0]);
    }
    int lo = 0;
    int hi = when.length;
    while (hi - lo > 1) { // the last transition at or before unix
      int m = (lo + hi) >>> 1;
      if (unix < when[m]) {
        hi = m;
      } else {
        lo = m;
      }
    }
    if (lo == when.length - 1 && footer != null) {
      return footer.period(when[lo], unix);
    }
    int z = index[lo];
    long end = lo + 1 < when.length ? when[lo + 1] : Zone.OMEGA;
    return new Period(abbr[z], offset[z], dst[z], when[lo], end);
  }

  /** The local time type before the first transition (see the class comment). */
  private int firstType() {
    boolean used = false;
    for (int i : index) {
      used |= i == 0;
    }
    if (!used) {
      return 0;
    }
    for (int z = index[0] - 1; dst[index[0]] && z >= 0; z--) {
      if (!dst[z]) {
        return z;
      }
    }
    for (int z = 0; z < dst.length; z++) {
      if (!dst[z]) {
        return z;
      }
    }
    return 0;
  }

  /**
   * The offset of a zone abbreviated name near the civil time unix (read as UTC), for Parse: a
   * type of that name in effect at the instant its offset makes, else any type of that name.
   */
  Integer offsetOfName(String name, long unix) {
    for (int z = 0; z < abbr.length; z++) {
      if (abbr[z].equals(name)) {
        Period p = lookup(unix - offset[z]);
        if (p.name().equals(name)) {
          return p.offset();
        }
      }
    }
    for (int z = 0; z < abbr.length; z++) {
      if (abbr[z].equals(name)) {
        return offset[z];
      }
    }
    return null;
  }

  /**
   * A POSIX TZ string: a standard zone and, optionally, a daylight zone with the rules that
   * start and end it each year ("Jn": day n of 1..365 never counting February 29; "n": day n of
   * 0..365; "Mm.w.d": weekday d of week w (5: the last) of month m), at a local time (2:00 unless
   * given after a '/').
   */
  static final class Rule {
    final String stdName;
    final int stdOff;
    final String dstName;
    final int dstOff;
    final int[] start;
    final int[] end;

    private Rule(String stdName, int stdOff, String dstName, int dstOff, int[] start, int[] end) {
      this.stdName = stdName;
      this.stdOff = stdOff;
      this.dstName = dstName;
      this.dstOff = dstOff;
      this.start = start;
      this.end = end;
    }

    /** A scanner over the string; each step returns null (or fails the parse) on bad input. */
    private static final class Scan {
      final String s;
      int p;

      Scan(String s) {
        this.s = s;
      }

      boolean at(char c) {
        return p < s.length() && s.charAt(p) == c;
      }

      boolean done() {
        return p >= s.length();
      }

      /** A name: "<...>" or three or more characters up to a digit, ',', '+' or '-'. */
      String name() {
        if (at('<')) {
          int e = s.indexOf('>', p);
          if (e < 0) {
            return null;
          }
          String n = s.substring(p + 1, e);
          p = e + 1;
          return n;
        }
        int e = p;
        while (e < s.length() && "0123456789,+-".indexOf(s.charAt(e)) < 0) {
          e++;
        }
        if (e - p < 3) {
          return null;
        }
        String n = s.substring(p, e);
        p = e;
        return n;
      }

      /** A number in [min, max], or -1. */
      int num(int min, int max) {
        int n = 0;
        int s0 = p;
        while (p < s.length() && s.charAt(p) >= '0' && s.charAt(p) <= '9') {
          n = n * 10 + s.charAt(p++) - '0';
          if (n > max) {
            return -1;
          }
        }
        return p == s0 || n < min ? -1 : n;
      }

      /** [+-]hh[:mm[:ss]] in seconds (hours up to 167, as tzcode allows), or null. */
      Integer offset() {
        boolean neg = at('-');
        if (neg || at('+')) {
          p++;
        }
        int h = num(0, 24 * 7);
        if (h < 0) {
          return null;
        }
        int secs = h * 3600;
        for (int unit = 60; unit >= 1 && at(':'); unit /= 60) {
          p++;
          int x = num(0, 59);
          if (x < 0) {
            return null;
          }
          secs += x * unit;
        }
        return neg ? -secs : secs;
      }

      /** A rule as {kind (0 J, 1 n, 2 M), day, week, month, time}, or null. */
      int[] rule() {
        int[] r = new int[5];
        if (at('J')) {
          p++;
          r[1] = num(1, 365);
        } else if (at('M')) {
          p++;
          r[0] = 2;
          r[3] = num(1, 12);
          if (r[3] < 0 || !at('.')) {
            return null;
          }
          p++;
          r[2] = num(1, 5);
          if (r[2] < 0 || !at('.')) {
            return null;
          }
          p++;
          r[1] = num(0, 6);
        } else {
          r[0] = 1;
          r[1] = num(0, 365);
        }
        if (r[1] < 0) {
          return null;
        }
        r[4] = 2 * 3600;
        if (at('/')) {
          p++;
          Integer t = offset();
          if (t == null) {
            return null;
          }
          r[4] = t;
        }
        return r;
      }
    }

    /** The rule s states, or null if s is null or does not parse. */
    static Rule parse(String s) {
      if (s == null || s.isEmpty()) {
        return null;
      }
      Scan sc = new Scan(s);
      String std = sc.name();
      Integer so = std == null || sc.done() ? null : sc.offset();
      if (so == null) {
        return null;
      }
      if (sc.done() || sc.at(',')) {
        return new Rule(std, -so, null, 0, null, null);
      }
      String dstName = sc.name();
      if (dstName == null) {
        return null;
      }
      int dstOff = -so + 3600;
      if (!sc.done() && !sc.at(',')) {
        Integer d = sc.offset();
        if (d == null) {
          return null;
        }
        dstOff = -d;
      }
      if (sc.done()) {
        sc = new Scan(",M3.2.0,M11.1.0"); // tzcode's default rules
      }
      if (!sc.at(',') && !sc.at(';')) {
        return null;
      }
      sc.p++;
      int[] start = sc.rule();
      if (start == null || !sc.at(',')) {
        return null;
      }
      sc.p++;
      int[] end = sc.rule();
      if (end == null || !sc.done()) {
        return null;
      }
      return new Rule(std, -so, dstName, dstOff, start, end);
    }

    /** The zone in effect at unix, after the last transition (at last). */
    Period period(long last, long unix) {
      if (dstName == null) {
        return new Period(stdName, stdOff, false, last, Zone.OMEGA);
      }
      long days = Math.floorDiv(unix, 86400);
      long[] ymd = civil(days);
      long year = ymd[0];
      long yearStart = TimePkg.daysFromCivil(year, 1, 1) * 86400;
      // seconds into the year as Go counts them (a remainder that keeps unix's sign)
      long ysec = (days - yearStart / 86400) * 86400 + unix % 86400;
      long s = at(year, start, stdOff);
      long e = at(year, end, dstOff);
      String inName = dstName;
      String outName = stdName;
      int inOff = dstOff;
      int outOff = stdOff;
      boolean inDst = true;
      if (e < s) { // a southern zone: the "daylight" rule ends its period before it starts
        long t = s;
        s = e;
        e = t;
        inName = stdName;
        outName = dstName;
        inOff = stdOff;
        outOff = dstOff;
        inDst = false;
      }
      if (ysec < s) {
        return new Period(outName, outOff, !inDst, yearStart, yearStart + s);
      }
      if (ysec >= e) {
        return new Period(outName, outOff, !inDst, yearStart + e, yearStart + 365 * 86400L);
      }
      return new Period(inName, inOff, inDst, yearStart + s, yearStart + e);
    }

    /** Seconds from the start of year (UTC) to the moment rule r takes effect at offset off. */
    private static long at(long year, int[] r, int off) {
      boolean leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
      long day;
      switch (r[0]) {
        case 0 -> day = r[1] - 1 + (leap && r[1] >= 60 ? 1 : 0);
        case 1 -> day = r[1];
        default -> {
          int month = r[3];
          long first = TimePkg.daysFromCivil(year, month, 1);
          int dow = (int) Math.floorMod(first + 4, 7); // 1970-01-01 was a Thursday
          int d = Math.floorMod(r[1] - dow, 7); // day of month (from 0) of the first such weekday
          int len = (int) (TimePkg.daysFromCivil(month == 12 ? year + 1 : year, month % 12 + 1, 1) - first);
          for (int w = 1; w < r[2] && d + 7 < len; w++) {
            d += 7;
          }
          day = first - TimePkg.daysFromCivil(year, 1, 1) + d;
        }
      }
      return day * 86400 + r[4] - off;
    }

    /** The proleptic Gregorian {year, month, day} of a day counted from 1970-01-01. */
    private static long[] civil(long days) {
      long z = days + 719468;
      long era = Math.floorDiv(z, 146097);
      long doe = z - era * 146097;
      long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
      long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
      long mp = (5 * doy + 2) / 153;
      long m = mp < 10 ? mp + 3 : mp - 9;
      return new long[] {yoe + era * 400 + (m <= 2 ? 1 : 0), m, doy - (153 * mp + 2) / 5 + 1};
    }
  }
}
