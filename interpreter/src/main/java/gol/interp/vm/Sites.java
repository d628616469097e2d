package gol.interp.vm;

import gol.runtime.RType;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Constant-pool objects describing interface operations at one instruction. */
public final class Sites {
  private Sites() {
  }

  /**
   * An interface method call site (IMETH): the method's name and its number among all method
   * names called through interfaces. A dynamic type keeps the methods found for it in
   * {@link RType#imethods}, indexed by that number, so a call site costs two loads whatever the
   * number of types it sees (a shapes loop over three types used to walk a cache of entries).
   * The table is copied on write: a racing reader sees an older table or a newer one, each
   * holding whole Closures (final fields), and a lost update only costs a later miss.
   */
  public static final class Method {
    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_ID = new AtomicInteger();
    public final String name;
    private final int id;

    public Method(String name) {
      this.name = name;
      // not computeIfAbsent with a lambda: its class is generated at run time on every run
      // (the CDS archive misses it) and a hello world makes a Method; two threads racing here
      // may waste a number, which only leaves a hole in the tables
      Integer known = IDS.get(name);
      if (known == null) {
        Integer fresh = NEXT_ID.getAndIncrement();
        known = IDS.putIfAbsent(name, fresh);
        if (known == null) {
          known = fresh;
        }
      }
      this.id = known;
    }

    /** The method named {@link #name} of dynamic type t. */
    Closure find(RType t) {
      Object[] tab = t.imethods;
      if (id < tab.length && tab[id] instanceof Closure c) {
        return c;
      }
      return miss(t);
    }

    private Closure miss(RType t) {
      Object m = t.methods.get(name);
      Closure c = m instanceof Closure cl ? cl : new Closure((Proto) m, new Object[0]);
      Object[] grown = Arrays.copyOf(t.imethods, Math.max(t.imethods.length, id + 1));
      grown[id] = c;
      t.imethods = grown;
      return c;
    }

    @Override
    public String toString() {
      return "." + name;
    }
  }

  /**
   * A type assertion x.(T) (ASSERT, ASSERT2): T's descriptor (an interface RType carries its
   * method names in ifaceMethods) and x's static type as Go's panic message names it.
   */
  public static final class Assert {
    public final RType target;
    public final String from;

    public Assert(RType target, String from) {
      this.target = target;
      this.from = from;
    }

    @Override
    public String toString() {
      return ".(" + target.name + ")";
    }
  }
}
