package gol.stdlib.time;

import gol.runtime.Chan;
import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Poller;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Timer;
import gol.runtime.Values;
import java.time.Instant;

/**
 * The natives of package time (time.gol): the clocks, Sleep and the runtime timers behind
 * Timer/Ticker/After/AfterFunc, the calendar arithmetic, and the tz database zones (Zone.java) behind LoadLocation and Local.
 *
 * <p>Sleep parks the G on the poller's timer heap ({@link Poller#sleep}); a timer's channel gets
 * a Time made from the template Time the gol code passed in (its fields wall, ext, loc in
 * declaration order, encoded as time.gol's Time says), so the Java side needs no knowledge of the
 * struct's layout beyond that.
 */
public final class TimePkg {
  private TimePkg() {
  }

  /** Seconds from January 1, year 1 to the Unix epoch (time.gol's unixToInternal). */
  static final long UNIX_TO_INTERNAL = (1969L * 365 + 1969 / 4 - 1969 / 100 + 1969 / 400) * 86400;
  /** Seconds from January 1, year 1 to 1885, where the seconds in Time's wall field start. */
  static final long WALL_TO_INTERNAL = (1884L * 365 + 1884 / 4 - 1884 / 100 + 1884 / 400) * 86400;
  /** The monotonic clock at start-up: Time.String's m= is relative to it, as Go's is. */
  static final long START = System.nanoTime();

  public static Native link(String name) {
    return switch (name) {
      case "Sleep" -> TimePkg::sleep;
      case "runtimeNano" -> (g, b) -> g.ls[b] = System.nanoTime();
      case "now" -> TimePkg::now;
      case "newTimer" -> TimePkg::newTimer;
      case "stopTimer" -> (g, b) -> g.ls[b] = poller(g).stopTimer((Timer) g.rs[b]) ? 1 : 0;
      case "resetTimer" -> (g, b) -> g.ls[b] = poller(g).resetTimer((Timer) g.rs[b], g.ls[b + 1], g.ls[b + 2]) ? 1 : 0;
      case "civil" -> TimePkg::civil;
      case "mkdate" -> TimePkg::mkdate;
      case "loadZone" -> TimePkg::loadZone;
      case "localZone" -> TimePkg::localZone;
      case "loadZoneData" -> TimePkg::loadZoneData;
      case "zoneFailure" -> (g, b) -> g.rs[b] = GoString.of(Zone.failure(g.rs[b].toString()));
      case "zoneLookup" -> TimePkg::zoneLookup;
      case "zoneOffsetOfName" -> TimePkg::zoneOffsetOfName;
      case "monoString" -> TimePkg::monoString;
      default -> null;
    };
  }

  private static Poller poller(G g) {
    if (g.sched == null) {
      throw new IllegalStateException("time: timers need the scheduler");
    }
    return Poller.get(g.sched);
  }

  /** func Sleep(d Duration): parks the G on the timer heap; no thread is held. */
  static void sleep(G g, int b) {
    long ns = g.ls[b];
    if (ns <= 0) {
      return;
    }
    if (g.sched == null) { // a G run outside a scheduler (unit tests of the VM)
      try {
        Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    Poller.get(g.sched).sleep(g, ns);
  }

  /** func now() (sec int64, nsec int64, mono int64): Unix time and the monotonic clock. */
  static void now(G g, int b) {
    Instant i = Instant.now();
    g.ls[b] = i.getEpochSecond();
    g.ls[b + 1] = i.getNano();
    g.ls[b + 2] = System.nanoTime();
    g.rs[b] = g.rs[b + 1] = g.rs[b + 2] = null;
  }

  /** func newTimer(c chan Time, tmpl Time, when, period int64) *runtimeTimer */
  static void newTimer(G g, int b) {
    Chan c = (Chan) g.rs[b];
    c.markTimer();
    Struct tmpl = (Struct) g.rs[b + 1];
    Timer t = Timer.chan(c, mono -> timeValue(tmpl, mono));
    poller(g).startTimer(t, g.ls[b + 2], g.ls[b + 3]);
    g.rs[b] = t;
  }

  /** A Time for "now" (the instant the timer fired), shaped like tmpl, in local time. */
  static Object timeValue(Struct tmpl, long mono) {
    Struct s = (Struct) Values.copy(tmpl.type, tmpl);
    Instant i = Instant.now();
    int[] slot = s.type.fieldSlot;
    long sec = i.getEpochSecond() + UNIX_TO_INTERNAL - WALL_TO_INTERNAL;
    if (sec >>> 33 != 0) { // outside 1885-2157: no room for the monotonic reading
      s.l[slot[0]] = i.getNano();
      s.l[slot[1]] = sec + WALL_TO_INTERNAL;
    } else {
      s.l[slot[0]] = Long.MIN_VALUE | sec << 30 | i.getNano();
      s.l[slot[1]] = mono;
    }
    return s;
  }

  /** func civil(local int64) (year, month, day, hour, min, sec, wday, yday int): local is seconds as if UTC. */
  static void civil(G g, int b) {
    // Proleptic Gregorian arithmetic (H. Hinnant's civil_from_days) instead of java.time, whose
    // years stop at +-999,999,999: Go's reach as far as int64 seconds do.
    long secs = g.ls[b];
    long days = Math.floorDiv(secs, 86400);
    long rem = Math.floorMod(secs, 86400);
    long z = days + 719468;
    long era = Math.floorDiv(z, 146097);
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // from March 1
    long mp = (5 * doy + 2) / 153;
    long day = doy - (153 * mp + 2) / 5 + 1;
    long month = mp < 10 ? mp + 3 : mp - 9;
    long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    long[] v = {year, month, day, rem / 3600, rem / 60 % 60, rem % 60, Math.floorMod(days + 4, 7),
        days - daysFromCivil(year, 1, 1) + 1};
    for (int i = 0; i < v.length; i++) {
      g.ls[b + i] = v[i];
      g.rs[b + i] = null;
    }
  }

  /** Days from 1970-01-01 to year-month-day (month 1-12) in the proleptic Gregorian calendar. */
  static long daysFromCivil(long year, long month, long day) {
    long y = month <= 2 ? year - 1 : year;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
  }

  /**
   * func mkdate(year, month, day, hour, min, sec int) int64: the civil time, normalized like Go's
   * Date (month 13 is January of the next year, ...), as seconds since the epoch read as UTC.
   */
  static void mkdate(G g, int b) {
    long month = g.ls[b + 1] - 1;
    long year = g.ls[b] + Math.floorDiv(month, 12);
    long days = daysFromCivil(year, Math.floorMod(month, 12) + 1, 1) + g.ls[b + 2] - 1;
    g.ls[b] = days * 86400 + g.ls[b + 3] * 3600 + g.ls[b + 4] * 60 + g.ls[b + 5];
  }

  /** func loadZone(name string) *zoneRules: nil if the tz database has no such zone. */
  static void loadZone(G g, int b) {
    g.rs[b] = Zone.load(g.rs[b].toString());
  }

  /** func loadZoneData(data []byte) *zoneRules: nil if data is not well-formed TZif. */
  static void loadZoneData(G g, int b) {
    Slice s = (Slice) g.rs[b];
    byte[] data = s == null ? new byte[0] : java.util.Arrays.copyOfRange((byte[]) s.array, s.off, s.off + s.len);
    g.rs[b] = Zone.of(data);
  }

  /**
   * func localZone() (*zoneRules, string): the zone of time.Local and the name Local then has, as
   * Go chooses them: TZ unset means the system's zone ("Local"), TZ="" or a zone that cannot be
   * loaded UTC (nil, "UTC"), TZ="Name" or TZ=":Name" that zone ("Name").
   */
  static void localZone(G g, int b) {
    String tz = g.machine.env().get("TZ");
    Zone z;
    String name = "UTC";
    if (tz == null) {
      z = Zone.system();
      name = "Local";
    } else {
      if (tz.startsWith(":")) {
        tz = tz.substring(1);
      }
      z = tz.isEmpty() || tz.equals("UTC") ? null : Zone.load(tz);
      if (z != null) {
        name = tz;
      }
    }
    g.rs[b] = z;
    g.rs[b + 1] = GoString.of(name);
  }

  /** func zoneLookup(z *zoneRules, unix int64) (name string, offset int, isDST bool, start, end int64) */
  static void zoneLookup(G g, int b) {
    Zone z = (Zone) g.rs[b];
    long unix = g.ls[b + 1];
    if (z.data != null) {
      TzData.Period p = z.data.lookup(unix);
      g.rs[b] = GoString.of(p.name());
      g.ls[b + 1] = p.offset();
      g.ls[b + 2] = p.dst() ? 1 : 0;
      g.ls[b + 3] = p.start();
      g.ls[b + 4] = p.end();
      g.rs[b + 1] = g.rs[b + 2] = g.rs[b + 3] = g.rs[b + 4] = null;
      return;
    }
    g.rs[b] = GoString.of(z.abbrev(unix));
    g.ls[b + 1] = z.offset(unix);
    g.ls[b + 2] = z.isDst(unix) ? 1 : 0;
    g.ls[b + 3] = z.start(unix);
    g.ls[b + 4] = z.end(unix);
    g.rs[b + 1] = g.rs[b + 2] = g.rs[b + 3] = g.rs[b + 4] = null;
  }

  /** func zoneOffsetOfName(z *zoneRules, name string, unix int64) (offset int, ok bool) */
  static void zoneOffsetOfName(G g, int b) {
    Integer o = ((Zone) g.rs[b]).offsetOfName(g.rs[b + 1].toString(), g.ls[b + 2]);
    g.ls[b] = o == null ? 0 : o;
    g.ls[b + 1] = o == null ? 0 : 1;
    g.rs[b] = g.rs[b + 1] = null;
  }

  /** func monoString(mono int64) string: "+1.000000001" (seconds since start-up). */
  static void monoString(G g, int b) {
    long d = g.ls[b] - START;
    String sign = d < 0 ? "-" : "+";
    d = Math.abs(d);
    g.rs[b] = GoString.of(String.format("%s%d.%09d", sign, d / 1_000_000_000L, d % 1_000_000_000L));
  }
}
