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

  /** func bindErrors(proto error, syntax, rng error, plain error): proto holds a *NumError, plain an errors.New value. */
  static void bind(G g, int base) {
    Iface proto = (Iface) g.rs[base];
    Iface plain = (Iface) g.rs[base + 3];
    BOUND.put(g.machine, new Object[] {proto.type, g.rs[base + 1], g.rs[base + 2], plain.type});
    for (int i = 0; i < 4; i++) {
      g.rs[base + i] = null;
    }
  }

  /**
   * {@code &NumError{why.func, why.num, err}} as an error value, err being ErrSyntax or ErrRange
   * for those reasons and a new errors.New(reason) for any other (an invalid base or bit size),
   * each counted as one object, as the gol code that made them counted them.
   */
  static Iface make(G g, NumError why) {
    Object[] bound = BOUND.get(g.machine);
    if (bound == null) {
      throw new IllegalStateException("strconv's errors are not bound (strconv.gol's init did not run)");
    }
    Object err;
    if (why.isRange()) {
      err = bound[2];
    } else if (NumError.ERR_SYNTAX.equals(why.err)) {
      err = bound[1];
    } else {
      err = object(g, (RType) bound[3], GoString.of(why.err)); // errors.New(why.err): &errorString{s}
    }
    return object(g, (RType) bound[0], why.func.equals("Atoi") ? ATOI : GoString.of(why.func), why.num, err);
  }

  /** A new value of the struct ptr points to, its fields in order, as an interface value. */
  private static Iface object(G g, RType ptr, Object... fields) {
    RType struct = ptr.elem;
    Struct e = new Struct(struct);
    int[] slot = struct.fieldSlot; // all reference fields: strings and an interface
    for (int i = 0; i < fields.length; i++) {
      e.r[slot[i]] = fields[i];
    }
    Alloc.object(g, struct);
    return new Iface(ptr, 0, e);
  }
}
