package gol.stdlib.atomic;

import gol.runtime.GoPanic;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.Native;
import gol.runtime.Ref;
import gol.runtime.RefCell;
import gol.runtime.Struct;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The natives of package sync/atomic (atomic.gol). A {@code *int64} (or int32, uint32, uint64)
 * is either the {@link LongCell} of an escaping variable or a {@link Ref} to a slot of a
 * {@code long[]} (a struct field, an array or slice element, a global — the {@code atomic.Int64}
 * style types are structs holding one such field); the operations are VarHandle atomics on that
 * slot (sequentially consistent, as Go's). Sized kinds are kept normalised (int32 sign-extended,
 * uint32 zero-extended) as everywhere in the VM. The typed atomics' methods (Bool, Int32, ...,
 * Uintptr) pass the struct itself instead of {@code &x.v}, which would allocate a Ref per call:
 * their v is the struct's only primitive field, so it is {@code l[0]} (their other fields,
 * noCopy and align64, are empty structs, kept in the reference half).
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

  /** The integer types of the functions (AddInt32) and of the typed atomics (int32Add). */
  private static final String[] TYPES = {"Int32", "Int64", "Uint32", "Uint64", "Uintptr"};
  private static final int[] BITS = {32, 64, 32, 64, 64};
  private static final boolean[] SIGNED = {true, true, false, false, false};

  /**
   * The native of bodiless func {@code name}: an operation on an integer type (AddInt32,
   * CompareAndSwapUintptr), one of a typed atomic (int64Add, boolLoad) or of a reference slot.
   */
  public static Native link(String name) {
    for (int i = 0; i < TYPES.length; i++) {
      String t = TYPES[i];
      if (name.endsWith(t)) {
        return linkFunc(name.substring(0, name.length() - t.length()), BITS[i], SIGNED[i]);
      }
      String lower = Character.toLowerCase(t.charAt(0)) + t.substring(1);
      if (name.startsWith(lower)) {
        return linkTyped(name.substring(lower.length()), BITS[i], SIGNED[i]);
      }
    }
    if (name.startsWith("bool")) {
      return linkTyped(name.substring(4), 1, false);
    }
    return linkRefs(name);
  }

  /** AddInt32 and its kind: op is "Add", "Load", ..., of a b-bit integer. */
  private static Native linkFunc(String op, int b, boolean s) {
    return switch (op) {
      case "Add" -> (g, base) -> {
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
      };
      case "And" -> (g, base) -> g.ls[base] = update(g.rs[base], g.ls[base + 1], true);
      case "Or" -> (g, base) -> g.ls[base] = update(g.rs[base], g.ls[base + 1], false);
      case "Load" -> (g, base) -> g.ls[base] = load(g.rs[base]);
      case "Store" -> (g, base) -> store(g.rs[base], g.ls[base + 1]);
      case "Swap" -> (g, base) -> g.ls[base] = swap(g.rs[base], g.ls[base + 1]);
      case "CompareAndSwap" -> (g, base) ->
          g.ls[base] = cas(g.rs[base], g.ls[base + 1], g.ls[base + 2]) ? 1 : 0;
      default -> null;
    };
  }

  /** The long half of a typed atomic (a *Bool, *Int64, ...): its v is element 0. */
  private static long[] field(Object x) {
    return ((Struct) checked(x)).l;
  }

  /**
   * The natives of a typed atomic (int64Load, boolSwap, ...; op is what follows the type): the
   * values come and go normalised, as the VM keeps them; Add wraps at b bits.
   */
  private static Native linkTyped(String op, int b, boolean s) {
    return switch (op) {
      case "Load" -> (g, base) -> g.ls[base] = (long) ELEM.getVolatile(field(g.rs[base]), 0);
      case "Store" -> (g, base) -> ELEM.setVolatile(field(g.rs[base]), 0, g.ls[base + 1]);
      case "Swap" -> (g, base) -> g.ls[base] = (long) ELEM.getAndSet(field(g.rs[base]), 0, g.ls[base + 1]);
      case "CompareAndSwap" -> (g, base) ->
          g.ls[base] = ELEM.compareAndSet(field(g.rs[base]), 0, g.ls[base + 1], g.ls[base + 2]) ? 1 : 0;
      case "Add" -> (g, base) -> {
        long[] w = field(g.rs[base]);
        long d = g.ls[base + 1];
        for (;;) {
          long old = (long) ELEM.getVolatile(w, 0);
          long nv = norm(old + d, b, s);
          if (ELEM.compareAndSet(w, 0, old, nv)) {
            g.ls[base] = nv;
            return;
          }
        }
      };
      default -> null;
    };
  }

  /** And (and=true) or Or of mask into *p; returns the old value (normalised kinds stay so). */
  private static long update(Object p, long mask, boolean and) {
    for (;;) {
      long old = load(p);
      if (cas(p, old, and ? old & mask : old | mask)) {
        return old;
      }
    }
  }

  // ---- reference slots: Pointer[T] (a *T field) and Value (an any field) ----

  private static final VarHandle REF_CELL;
  private static final VarHandle REF_ELEM = MethodHandles.arrayElementVarHandle(Object[].class);

  static {
    try {
      REF_CELL = MethodHandles.lookup().findVarHandle(RefCell.class, "v", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** A pointer to a reference-kind variable: the RefCell of an escaping local or a Ref to an Object[] slot. */
  static Object loadRef(Object p) {
    if (checked(p) instanceof RefCell c) {
      return REF_CELL.getVolatile(c);
    }
    Ref r = (Ref) p;
    return REF_ELEM.getVolatile((Object[]) r.array, r.index);
  }

  static boolean casRef(Object p, Object old, Object v) {
    if (checked(p) instanceof RefCell c) {
      return REF_CELL.compareAndSet(c, old, v);
    }
    Ref r = (Ref) p;
    return REF_ELEM.compareAndSet((Object[]) r.array, r.index, old, v);
  }

  static Object swapRef(Object p, Object v) {
    if (checked(p) instanceof RefCell c) {
      return REF_CELL.getAndSet(c, v);
    }
    Ref r = (Ref) p;
    return REF_ELEM.getAndSet((Object[]) r.array, r.index, v);
  }

  /** Go's pointer equality: the same object, or two Refs naming the same slot. */
  private static boolean samePointer(Object a, Object b) {
    return a == b || (a instanceof Ref && a.equals(b));
  }

  /** The pointer a boxed **T or *T (an Iface, never a nil interface here) holds. */
  private static Object unbox(Object iface) {
    return ((Iface) iface).ref;
  }

  private static Native linkRefs(String name) {
    return switch (name) {
      // Pointer[T]: addr is &x.v boxed (type **T); values are *T, boxed as *T for the caller.
      case "loadPtr" -> (g, base) -> {
        Iface addr = (Iface) g.rs[base];
        g.rs[base] = new Iface(addr.type.elem, 0, loadRef(addr.ref));
      };
      case "storePtr" -> (g, base) -> swapRef(unbox(g.rs[base]), unbox(g.rs[base + 1]));
      case "swapPtr" -> (g, base) -> {
        Iface addr = (Iface) g.rs[base];
        g.rs[base] = new Iface(addr.type.elem, 0, swapRef(addr.ref, unbox(g.rs[base + 1])));
      };
      case "casPtr" -> (g, base) -> {
        Object p = unbox(g.rs[base]);
        Object old = unbox(g.rs[base + 1]);
        Object nv = unbox(g.rs[base + 2]);
        for (;;) {
          Object cur = loadRef(p);
          if (!samePointer(cur, old)) {
            g.ls[base] = 0;
            return;
          }
          if (casRef(p, cur, nv)) {
            g.ls[base] = 1;
            return;
          }
        }
      };
      // Value: addr is a *any; the slot holds the Iface itself (or null: empty).
      case "loadAny" -> (g, base) -> g.rs[base] = loadRef(g.rs[base]);
      case "casAny" -> (g, base) -> g.ls[base] = casRef(g.rs[base], g.rs[base + 1], g.rs[base + 2]) ? 1 : 0;
      case "sameType" -> (g, base) ->
          g.ls[base] = ((Iface) g.rs[base]).type == ((Iface) g.rs[base + 1]).type ? 1 : 0;
      default -> null;
    };
  }
}
