package gol.runtime;

import java.util.function.Function;

/**
 * A func made at run time (reflect.MakeFunc) that hands its calls to a gol function. reflect
 * describes it; the VM makes the func value ({@link #maker}): a Closure of a small stub (one per
 * parameter and result count) that turns the parameter slots into the impl's argument
 * ({@link #arguments}), calls {@link #impl} and stores what it returns as the func's results
 * ({@link #results}). The call is an ordinary gol call on the goroutine's stack.
 */
public abstract class MadeFunc {
  /** Makes the func value for a MadeFunc; installed by the VM. */
  public static volatile Function<MadeFunc, Object> maker;

  /** The func type (Kind.FUNC). */
  public final RType type;
  /** The gol func value that does the work; it takes and returns one reference each. */
  public final Object impl;

  protected MadeFunc(RType type, Object impl) {
    this.type = type;
    this.impl = impl;
  }

  /** The impl's argument, made from the parameters in slots {@code s..} (one per parameter). */
  public abstract Object arguments(G g, int s);

  /** Checks what the impl returned and stores it into slots {@code s..} as the results. */
  public abstract void results(G g, Object returned, int s);
}
