package gol.stdlib.atomic;

import gol.runtime.GoPanic;
import gol.runtime.LongCell;
import gol.runtime.Ref;
import gol.stdlib.Registry;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The natives of package sync/atomic (atomic.gol). A {@code *int64} (or int32, uint32, uint64)
 * is either the {@link LongCell} of an escaping variable or a {@link Ref} to a slot of a
 * {@code long[]} (a struct field, an array or slice element, a global — the {@code atomic.Int64}
 * style types are structs holding one such field); the operations are VarHandle atomics on that
 * slot (sequentially consistent, as Go's). Sized kinds are kept normalised (int32 sign-extended,
 * uint32 zero-extended) as everywhere in the VM.
 */
public final class AtomicPkg {
  private AtomicPkg() {
  }

  private static final VarHandle CELL;
  private static final VarHandle ELEM = MethodHandles.arrayElementVarHandle(long[].class);

  static {
    try {
      CELL = MethodHandles.lookup().findVarHandle(LongCell.class, "v", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static Object checked(Object p) {
    if (p == null) {
      throw GoPanic.runtime("invalid memory address or nil pointer dereference");
    }
    return p;
  }

  static long load(Object p) {
    if (checked(p) instanceof LongCell c) {
      return (long) CELL.getVolatile(c);
    }
    Ref r = (Ref) p;
    return (long) ELEM.getVolatile((long[]) r.array, r.index);
  }

  static void store(Object p, long v) {
    if (checked(p) instanceof LongCell c) {
      CELL.setVolatile(c, v);
      return;
    }
    Ref r = (Ref) p;
    ELEM.setVolatile((long[]) r.array, r.index, v);
  }

  static boolean cas(Object p, long old, long v) {
    if (checked(p) instanceof LongCell c) {
      return CELL.compareAndSet(c, old, v);
    }
    Ref r = (Ref) p;
    return ELEM.compareAndSet((long[]) r.array, r.index, old, v);
  }

  static long swap(Object p, long v) {
    if (checked(p) instanceof LongCell c) {
      return (long) CELL.getAndSet(c, v);
    }
    Ref r = (Ref) p;
    return (long) ELEM.getAndSet((long[]) r.array, r.index, v);
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
        Object p = g.rs[base];
        long d = g.ls[base + 1];
        for (;;) {
          long old = load(p);
          long nv = norm(old + d, b, s);
          if (cas(p, old, nv)) {
            g.ls[base] = nv;
            return;
          }
        }
      });
      r.reg("Load" + n, (g, base) -> g.ls[base] = load(g.rs[base]));
      r.reg("Store" + n, (g, base) -> store(g.rs[base], g.ls[base + 1]));
      r.reg("Swap" + n, (g, base) -> g.ls[base] = swap(g.rs[base], g.ls[base + 1]));
      r.reg("CompareAndSwap" + n, (g, base) ->
          g.ls[base] = cas(g.rs[base], g.ls[base + 1], g.ls[base + 2]) ? 1 : 0);
    }
  }
}
