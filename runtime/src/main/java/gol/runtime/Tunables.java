package gol.runtime;

/**
 * The scheduler's constants, in one place, with Go's values (proc.go, runtime2.go).
 */
public final class Tunables {
  private Tunables() {
  }

  /** Slots in a P's local run queue ring (Go's len(p.runq)). A power of two. */
  public static final int RUNQ_SIZE = 256;
  /** schedule() looks at the global queue first every this many ticks (fairness). */
  public static final int GLOBAL_CHECK_TICKS = 61;
  /** A G running longer than this is marked for preemption by sysmon (Go's forcePreemptNS). */
  public static final long FORCE_PREEMPT_NS = 10_000_000L;
  /** sysmon's shortest sleep; also how long a P may sit in a syscall before it is retaken. */
  public static final long SYSMON_MIN_DELAY_NS = 20_000L;
  /** sysmon's longest sleep. */
  public static final long SYSMON_MAX_DELAY_NS = 10_000_000L;
  /**
   * How long sysmon must see every P idle before it parks until a P is taken (gol's: Go's
   * sysmon sleeps with a timeout instead and is woken early only by a system call's end).
   */
  public static final long SYSMON_PARK_AFTER_NS = 20_000_000L;
  /** Idle sysmon cycles before its delay starts doubling. */
  public static final int SYSMON_IDLE_CYCLES = 50;
  /** sysmon polls the network when nobody has for this long (Go's 10 ms in sysmon). */
  public static final long SYSMON_NETPOLL_NS = 10_000_000L;
  /** Passes over the Ps in random order when stealing (Go's stealTries). */
  public static final int STEAL_TRIES = 4;
  /**
   * How long a spinning M that ran a G since it last waited waits, once, before a last look and
   * parking (gol's, not Go's: a futex round trip costs a JVM thread far more than Go's M).
   */
  public static final long SPIN_LINGER_NS = 10_000L;
  /** How long a thief leaves a running P's runnext alone before stealing it (Go: usleep(3)). */
  public static final long STEAL_RUNNEXT_WAIT_NS = 3_000L;
  /**
   * How often a shrinking runtime.GOMAXPROCS looks again at the Ps it waits for (and preempts
   * their Gs again): Go's stopTheWorld re-preempts every 100 us.
   */
  public static final long RESIZE_POLL_NS = 50_000L;

  /**
   * How long a main that returned while another goroutine ran a panic's deferred calls waits for
   * that panic to be recovered or reported (Go's runtime.main: up to 1000 Gosched, then exit 0
   * unless a panic is being printed).
   */
  public static final long MAIN_PANIC_WAIT_NS = 1_000_000_000L;
}
