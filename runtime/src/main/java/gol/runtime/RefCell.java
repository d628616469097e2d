package gol.runtime;

/** A heap cell for a variable of reference kind that escapes (captured by a closure or address taken). */
public final class RefCell {
  public Object v;

  public RefCell(Object v) {
    this.v = v;
  }
}
