package gol.runtime;

/**
 * A call of a gol func value with an argument list known only at run time (reflect's
 * Value.Call), which a native cannot make itself (natives never call gol code).
 *
 * <p>The native checks and converts the arguments, then sets {@code g.param} to this request and
 * {@code g.stop} to {@link G#STOP_CALL} and returns. The VM (gol.interp.vm.DynCall) then pushes a
 * small trampoline frame at the native's {@link #base}: it stores the arguments into the callee's
 * parameter slots ({@link #store}), calls {@link #fn}, and turns the results into the native's
 * own result ({@link #results}), so the gol code after the native call reads it as if the native
 * had returned it. The call runs on the goroutine's own stack like any other gol call: it can
 * block, be preempted, panic and be recovered.
 */
public abstract class ReflectCall {
  /** The func value (the interpreter's Closure); never null. */
  public final Object fn;
  /** The argument values as an interface holds them (Iface, or null for a nil interface). */
  public final Object[] args;
  /** The callee's parameter types (the receiver's first for a method), parallel to args. */
  public final RType[] in;
  /** The callee's result types. */
  public final RType[] out;
  /** The absolute stack slot of the native's arguments and results. */
  public final int base;

  protected ReflectCall(Object fn, Object[] args, RType[] in, RType[] out, int base) {
    this.fn = fn;
    this.args = args;
    this.in = in;
    this.out = out;
    this.base = base;
  }

  /** Writes argument i into stack slot s as a parameter of type in[i]. */
  public void store(G g, int i, int s) {
    RType t = in[i];
    Object a = args[i];
    if (t.kind == RType.Kind.INTERFACE) {
      g.rs[s] = a;
    } else if (t.kind.isPrimitive()) {
      g.ls[s] = ((Iface) a).bits;
    } else {
      g.rs[s] = Values.copy(t, ((Iface) a).ref);
    }
  }

  /**
   * The native's result, made from the callee's results (result i in slot {@code s + i}, as a
   * slot of type out[i] holds it); stored into the native's first result slot (a reference).
   */
  public abstract Object results(G g, int s);
}
