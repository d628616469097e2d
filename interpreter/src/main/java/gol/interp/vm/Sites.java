package gol.interp.vm;

import gol.runtime.RType;

/** Constant-pool objects describing interface operations at one instruction. */
public final class Sites {
  private Sites() {
  }

  /**
   * An interface method call site (IMETH): the method's name and an inline cache of the last few
   * dynamic types seen with their methods, so a call site that sees one type (or up to
   * {@link #WAYS}) costs a compare or a few, not a hash lookup by name and a new Closure. A site is
   * shared by every goroutine that runs its code: each cache entry pairs a type with its method in
   * one immutable object, written with a single reference store, so a racing reader sees a whole
   * entry or none (a lost update only costs a later miss).
   */
  public static final class Method {
    static final int WAYS = 4;
    public final String name;
    private final Entry[] cache = new Entry[WAYS];
    private int next; // where the next miss goes (racy: any slot will do)

    private record Entry(RType type, Closure fn) {
    }

    public Method(String name) {
      this.name = name;
    }

    /** The method named {@link #name} of dynamic type t. */
    Closure find(RType t) {
      for (Entry e : cache) {
        if (e == null) {
          break;
        }
        if (e.type == t) {
          return e.fn;
        }
      }
      return miss(t);
    }

    private Closure miss(RType t) {
      Object m = t.methods.get(name);
      Closure c = m instanceof Closure cl ? cl : new Closure((Proto) m, new Object[0]);
      int i = next;
      next = (i + 1) % WAYS;
      cache[i] = new Entry(t, c);
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
