package gol.interp.vm;

import gol.runtime.RType;

/** Constant-pool objects describing interface operations at one instruction. */
public final class Sites {
  private Sites() {
  }

  /**
   * An interface method call site (IMETH): the method's name and a one-entry inline cache of the
   * last dynamic type seen and its method, so a monomorphic call site costs one compare.
   */
  public static final class Method {
    public final String name;
    RType lastType;
    Closure lastFn;

    public Method(String name) {
      this.name = name;
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
