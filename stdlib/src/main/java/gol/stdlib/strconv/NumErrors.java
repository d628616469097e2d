package gol.stdlib.strconv;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Machine;
import gol.runtime.RType;
import gol.runtime.Struct;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The gol values a native needs to return a {@code *strconv.NumError} itself: the program's
 * *NumError type and its ErrSyntax and ErrRange, which strconv.gol's init hands over once
 * ({@code bindErrors}). They belong to one program (its types and globals), so they are kept per
 * Machine; only a failed conversion looks them up.
 *
 * <p>This lets Atoi be a native of its own instead of a gol function around one: a program that
 * parses numbers in a loop makes one native call per Atoi, rather than a call of a small gol
 * function that warms up as a translation of its own (JFR: 6% of bench/strwork's samples in that
 * translation's profiled code).
 */
final class NumErrors {
  private NumErrors() {
  }

  private static final GoString ATOI = GoString.of("Atoi");

  /** {*NumError type, ErrSyntax, ErrRange} per Machine. */
  private static final Map<Machine, Object[]> BOUND = Collections.synchronizedMap(new WeakHashMap<>());

  /** func bindErrors(proto error, syntax, rng error): proto holds a *NumError. */
  static void bind(G g, int base) {
    Iface proto = (Iface) g.rs[base];
    BOUND.put(g.machine, new Object[] {proto.type, g.rs[base + 1], g.rs[base + 2]});
    g.rs[base] = null;
    g.rs[base + 1] = null;
    g.rs[base + 2] = null;
  }

  /**
   * A new {@code &NumError{fn, num, err}} as an error value, err being ErrSyntax or ErrRange for
   * those reasons, counted as the gol code counted it (one object).
   */
  static Iface make(G g, String fn, GoString num, NumError why) {
    Object[] bound = BOUND.get(g.machine);
    if (bound == null) {
      throw new IllegalStateException("strconv's errors are not bound (strconv.gol's init did not run)");
    }
    RType ptr = (RType) bound[0];
    RType struct = ptr.elem;
    Object err;
    if (why.isRange()) {
      err = bound[2];
    } else if (NumError.ERR_SYNTAX.equals(why.err)) {
      err = bound[1];
    } else {
      throw new IllegalStateException("strconv: no bound error for " + why.err);
    }
    Struct e = new Struct(struct);
    int[] slot = struct.fieldSlot; // Func, Num, Err: a string, a string, an interface
    e.r[slot[0]] = fn.equals("Atoi") ? ATOI : GoString.of(fn);
    e.r[slot[1]] = num;
    e.r[slot[2]] = err;
    Alloc.object(g, struct);
    return new Iface(ptr, 0, e);
  }
}
