package gol.stdlib.atomic;

import gol.runtime.GoPanic;
import gol.runtime.LongCell;
import gol.stdlib.Registry;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The natives of package sync/atomic (atomic.gol). A {@code *int64} (or int32, uint32, uint64)
 * is the {@link LongCell} of the variable whose address was taken; the operations are VarHandle
 * atomics on its {@code v} (sequentially consistent, as Go's). Sized kinds are kept normalised
 * (int32 sign-extended, uint32 zero-extended) as everywhere in the VM. The {@code atomic.Int64}
 * style types are structs holding one such value (atomic.gol); their methods call these.
 */
public final class AtomicPkg {
  private AtomicPkg() {
  }

  private static final VarHandle V;

  static {
    try {
      V = MethodHandles.lookup().findVarHandle(LongCell.class, "v", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  static LongCell cell(Object p) {
    if (p == null) {
      throw GoPanic.runtime("invalid memory address or nil pointer dereference");
    }
    return (LongCell) p;
  }

  static long norm(long v, int bits, boolean signed) {
    if (bits == 64) {
      return v;
    }
    return signed ? (long) (int) v : v & 0xFFFF_FFFFL;
  }

  public static void install(Registry r) {
    String[] names = {"Int32", "Int64", "Uint32", "Uint64"};
    int[] bits = {32, 64, 32, 64};
    boolean[] signed = {true, true, false, false};
    for (int i = 0; i < names.length; i++) {
      String n = names[i];
      int b = bits[i];
      boolean s = signed[i];
      r.reg("Add" + n, (g, base) -> {
        LongCell c = cell(g.rs[base]);
        long d = g.ls[base + 1];
        for (;;) {
          long old = (long) V.getVolatile(c);
          long nv = norm(old + d, b, s);
          if (V.compareAndSet(c, old, nv)) {
            g.ls[base] = nv;
            return;
          }
        }
      });
      r.reg("Load" + n, (g, base) -> g.ls[base] = (long) V.getVolatile(cell(g.rs[base])));
      r.reg("Store" + n, (g, base) -> V.setVolatile(cell(g.rs[base]), g.ls[base + 1]));
      r.reg("Swap" + n, (g, base) -> g.ls[base] = (long) V.getAndSet(cell(g.rs[base]), g.ls[base + 1]));
      r.reg("CompareAndSwap" + n, (g, base) ->
          g.ls[base] = V.compareAndSet(cell(g.rs[base]), g.ls[base + 1], g.ls[base + 2]) ? 1 : 0);
    }
  }
}
