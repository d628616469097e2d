package gol.runtime;

/**
 * A goroutine (Go's {@code g}): its id, its own growable stack and its call stack.
 *
 * <p><b>Stack.</b> Slot {@code i} of the stack is the pair {@code (ls[i], rs[i])}: bools, integers
 * and floats (raw bits) live in {@code ls}, every other value in {@code rs}, so primitives are
 * never boxed. Frames are contiguous windows of slots addressed by their base index {@code fp};
 * nothing outside this G holds an index into its stack or a reference to the arrays, so growing
 * is: allocate double, copy, drop the old ({@link #ensure}). The VM caches {@code ls}/{@code rs}
 * in locals and must reload them after anything that can grow the stack.
 *
 * <p><b>Call stack.</b> Parallel arrays indexed by depth: the function running at that depth
 * ({@code frameFn}, the interpreter's function object), its frame base ({@code frameFp}) and the
 * resume pc of the caller ({@code framePc}). {@code depth} is the number of active frames.
 *
 * <p><b>Ownership.</b> Only the M running this G touches its stack and call stack.
 */
public final class G {
  /** The stack of a new G: 64 slots, 8 bytes of long + a reference each (well under 1 KiB of longs). */
  public static final int INITIAL_SLOTS = 64;
  public static final int INITIAL_FRAMES = 16;

  public final long id;
  public final Machine machine;

  public long[] ls = new long[INITIAL_SLOTS];
  public Object[] rs = new Object[INITIAL_SLOTS];

  public Object[] frameFn = new Object[INITIAL_FRAMES];
  public int[] frameFp = new int[INITIAL_FRAMES];
  public int[] framePc = new int[INITIAL_FRAMES];
  public int depth;

  /** Set by sysmon when this G has run longer than its time slice; checked at safe points. */
  public volatile boolean preempt;

  /** How many times the stack grew / shrank (tests prove stacks move by copying). */
  public int grows;
  public int shrinks;

  public G(long id, Machine machine) {
    this.id = id;
    this.machine = machine;
  }

  /**
   * Makes slots {@code [0, top)} exist, growing the stack by doubling (copying) when needed.
   * Throws {@link StackOverflow} past the machine's stack limit.
   */
  public void ensure(int top) {
    if (top <= ls.length) {
      return;
    }
    int n = ls.length;
    while (n < top) {
      n *= 2;
    }
    if ((long) n * Machine.BYTES_PER_SLOT > machine.maxStackBytes) {
      if ((long) top * Machine.BYTES_PER_SLOT > machine.maxStackBytes) {
        throw new StackOverflow(machine.maxStackBytes);
      }
      n = (int) (machine.maxStackBytes / Machine.BYTES_PER_SLOT);
    }
    ls = java.util.Arrays.copyOf(ls, n);
    rs = java.util.Arrays.copyOf(rs, n);
    grows++;
  }

  /** The number of slots the stack has now. */
  public int capacity() {
    return ls.length;
  }

  /** Thrown when a G's stack would pass the limit: a fatal error, not a recoverable panic. */
  public static final class StackOverflow extends RuntimeException {
    public final long limit;

    public StackOverflow(long limit) {
      super(null, null, false, false);
      this.limit = limit;
    }
  }
}
