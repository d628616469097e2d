package gol.stdlib.time;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tz database zone behind a time.Location made by LoadLocation (or Local): the system's TZif
 * file read as Go reads it ({@link TzData}), or where there is none the JDK's rules
 * ({@link ZoneRules}), which give the offset in effect at an instant and the transitions around it,
 * and short names for the abbreviations ("EST", "CEST", "+03").
 */
final class Zone {
  /** Go's alpha and omega: the bounds of a zone that has no transition before/after. */
  static final long ALPHA = Long.MIN_VALUE;
  static final long OMEGA = Long.MAX_VALUE;

  private static final Map<String, Zone> CACHE = new ConcurrentHashMap<>();
  private static final Zone MISSING = new Zone((ZoneId) null);

  final ZoneId id;
  final ZoneRules rules;
  /** The zone of LoadLocationFromTZData, which answers every question itself; else null. */
  final TzData data;

  private Zone(ZoneId id) {
    this.id = id;
    this.rules = id == null ? null : id.getRules();
    this.data = null;
  }

  private Zone(TzData data) {
    this.id = null;
    this.rules = null;
    this.data = data;
  }

  /** The zone TZif data describes (LoadLocationFromTZData), or null if the data is malformed. */
  static Zone of(byte[] tzif) {
    TzData d = TzData.parse(tzif);
    return d == null ? null : new Zone(d);
  }

  /**
   * The zone named {@code name} ("America/New_York"): the system's TZif file of that name read
   * as Go reads it ({@link TzData}: Go reads the same file, so every answer is Go's, down to
   * the bounds its footer rule gives far in the future, where the JDK's rules differ for some
   * 360 of 894 zones), else the JDK's zone of that name; null if neither has it
   * ({@link #failure} says why).
   */
  static Zone load(String name) {
    Zone z = CACHE.computeIfAbsent(name, n -> {
      Object f = readFile(n);
      if (f instanceof TzData d) {
        return new Zone(d);
      }
      if (!ZoneId.getAvailableZoneIds().contains(n)) {
        return MISSING;
      }
      return new Zone(ZoneId.of(n));
    });
    return z == MISSING ? null : z;
  }

  /** Go's directories of TZif files on Unix, searched after $ZONEINFO in this order. */
  private static final String[] DIRS = {
      "/usr/share/zoneinfo/", "/usr/share/lib/zoneinfo/", "/usr/lib/locale/TZ/", "/etc/zoneinfo/"};

  /**
   * LoadLocation's error for a name {@link #load} found no zone for, as Go's: the first failure
   * that is not a missing file ("malformed time zone information", "is a directory", "not a
   * directory", "invalid argument"), else "unknown time zone NAME".
   */
  static String failure(String name) {
    Object f = readFile(name);
    return f instanceof String s ? s : "unknown time zone " + name;
  }

  /** The TZif file called name in Go's directories: a TzData, a failure's text, or null. */
  private static Object readFile(String name) {
    String env = System.getenv("ZONEINFO");
    String first = null;
    for (int i = -1; i < DIRS.length; i++) {
      String dir = i >= 0 ? DIRS[i] : env == null || env.isEmpty() ? null : env + "/";
      if (dir == null) {
        continue;
      }
      Object r = readTzif(dir + name);
      if (r instanceof TzData) {
        return r;
      }
      if (first == null) {
        first = (String) r;
      }
    }
    return first;
  }

  /** The file at path as TzData, a failure's text, or null if there is no such file. */
  private static Object readTzif(String path) {
    if (path.indexOf(0) >= 0) {
      return "invalid argument";
    }
    // Path.of drops a trailing slash and empty names, which open(2) does not: a regular file
    // used as a directory is ENOTDIR, as Go's open reports
    String[] parts = path.split("/", -1);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < parts.length - 1; i++) {
      sb.append(parts[i]).append('/');
      if (Files.isRegularFile(Path.of(sb.toString()))) {
        return "not a directory";
      }
    }
    Path p = Path.of(path);
    if (Files.isDirectory(p)) {
      return "is a directory";
    }
    try {
      TzData d = TzData.parse(Files.readAllBytes(p));
      return d != null ? d : "malformed time zone information";
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The system's zone (Local when TZ is not set). */
  static Zone system() {
    ZoneId id = ZoneId.systemDefault();
    if (id instanceof ZoneOffset) {
      return null;
    }
    Zone z = load(id.getId());
    return z;
  }

  /** 400 Gregorian years, after which dates and weekdays (and so a zone's yearly rules) repeat. */
  private static final long CYCLE = 146097L * 86400;
  /** 10^16 seconds (some 300 million years), well inside java.time's Instant range. */
  private static final long FAR = 10_000_000_000_000_000L;

  /** How many seconds (whole cycles) a far-future unix is read earlier by: 0 for others. */
  private static long shift(long unix) {
    return unix > FAR ? ((unix - FAR) / CYCLE + 1) * CYCLE : 0;
  }

  /**
   * unix as an Instant, for Go's times beyond java.time's: a far-future one whole cycles earlier
   * (the same point of the zone's yearly rules), a far-past one before every transition.
   */
  private static Instant at(long unix) {
    return Instant.ofEpochSecond(Math.max(unix, -FAR) - shift(unix));
  }

  int offset(long unix) {
    return rules.getOffset(at(unix)).getTotalSeconds();
  }

  boolean isDst(long unix) {
    return rules.isDaylightSavings(at(unix));
  }

  /** The start of the zone period containing unix (the last transition at or before it). */
  long start(long unix) {
    ZoneOffsetTransition t = rules.previousTransition(at(unix).plusSeconds(1));
    return t == null ? ALPHA : t.getInstant().getEpochSecond() + shift(unix);
  }

  /** The end of the zone period containing unix (the first transition after it). */
  long end(long unix) {
    ZoneOffsetTransition t = rules.nextTransition(at(unix));
    if (t == null) {
      return OMEGA;
    }
    long e = t.getInstant().getEpochSecond() + shift(unix);
    return e < unix ? OMEGA : e; // past the largest int64
  }

  /** The abbreviation of the zone in effect at unix. */
  String abbrev(long unix) {
    int off = offset(unix);
    boolean dst = isDst(unix);
    TimeZone tz = TimeZone.getTimeZone(id);
    String a = tz.getDisplayName(dst, TimeZone.SHORT, Locale.US);
    if (a != null && !a.startsWith("GMT") && !a.startsWith("UTC")) {
      return a;
    }
    return off == 0 ? "UTC" : numeric(off);
  }

  /** The tz database's name for a zone without letters: "+03", "-0330". */
  static String numeric(int off) {
    StringBuilder sb = new StringBuilder(off < 0 ? "-" : "+");
    int a = Math.abs(off) / 60;
    sb.append(String.format("%02d", a / 60));
    if (a % 60 != 0) {
      sb.append(String.format("%02d", a % 60));
    }
    return sb.toString();
  }

  /**
   * The offset of the zone abbreviated {@code name} near the civil time unix (read as UTC): first a
   * zone of that name in effect at the instant that offset makes, else any zone of that name.
   */
  Integer offsetOfName(String name, long unix) {
    if (data != null) {
      return data.offsetOfName(name, unix);
    }
    List<Integer> cands = new ArrayList<>();
    cands.add(offset(unix));
    for (ZoneOffsetTransition t : new ZoneOffsetTransition[] {
        rules.previousTransition(at(unix)), rules.nextTransition(at(unix))}) {
      if (t != null) {
        cands.add(t.getOffsetBefore().getTotalSeconds());
        cands.add(t.getOffsetAfter().getTotalSeconds());
      }
    }
    for (int o : cands) {
      long u = unix - o;
      if (offset(u) == o && abbrev(u).equals(name)) {
        return o;
      }
    }
    for (ZoneOffsetTransition t : rules.getTransitions()) {
      long u = t.getInstant().getEpochSecond();
      if (abbrev(u).equals(name)) {
        return offset(u);
      }
    }
    return null;
  }
}
