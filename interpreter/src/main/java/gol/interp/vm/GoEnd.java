package gol.interp.vm;

/**
 * The end of a goroutine in the dispatch loop, without a test for it there. exec's RET reads its
 * caller's frame from index {@code max(depth - 1, 0)} after writing {@link #PROTO} into the slot
 * the returning frame freed, so the last return of a G (depth 0) finds this frame instead of a
 * caller, and runs its code: {@code NOP; CALLN end} — the CALLN throws {@link #DONE_SIGNAL}, which
 * exec's fault handler turns into DONE.
 *
 * <p>Why not {@code if (depth == 0) return DONE}: HotSpot's C2 compiles a branch its profile never
 * saw taken into an uncommon trap, and a server whose goroutines all live long (net/http's
 * conn.serve under wrk) ends none while C2 profiles exec — the first connection to close then
 * threw the compiled loop away (made not entrant) and C2 spent seconds compiling it again. Here
 * every step (the index arithmetic, the forward jump, the CALLN case, the megamorphic native call
 * and the exception edge) is one C2 has seen or does not speculate on.
 */
final class GoEnd {
  private GoEnd() {}

  /** Thrown by the end native: fault returns its status, DONE. Stackless and shared. */
  static final Panics.Resume DONE_SIGNAL = new Panics.Resume(0, Interp.DONE);

  /** The pseudo frame's function: NOP at 0 (so RET's jump to 1 is forward), CALLN at 1. */
  static final Proto PROTO = proto();

  private static Proto proto() {
    Proto p = new Proto("runtime.goexit0", "<gol>", 0);
    p.code = new int[] {Op.NOP, Op.CALLN, 0, 0};
    p.kl = new long[0];
    p.kr = new Object[] {new End()};
    p.lines = new int[p.code.length];
    p.jitFailed = true; // nothing to compile: it only ever leaves exec
    return p;
  }

  /** The native at GoEnd's CALLN (a class, not a lambda: start-up links no lambda). */
  private static final class End implements gol.runtime.Native {
    @Override
    public void call(gol.runtime.G g, int base) {
      throw DONE_SIGNAL;
    }
  }
}
