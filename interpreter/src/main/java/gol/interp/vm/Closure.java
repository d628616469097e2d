package gol.interp.vm;

/**
 * A func value: a Proto and the heap cells it captured (LongCell/RefCell). A top-level function
 * used as a value is a Closure with no cells, made once per function.
 */
public final class Closure {
  public final Proto proto;
  public final Object[] cells;

  public Closure(Proto proto, Object[] cells) {
    this.proto = proto;
    this.cells = cells;
  }
}
