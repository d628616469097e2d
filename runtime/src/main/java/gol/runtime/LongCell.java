package gol.runtime;

/** A heap cell for a variable of primitive kind that escapes (captured by a closure or address taken). */
public final class LongCell {
  public long v;

  public LongCell(long v) {
    this.v = v;
  }
}
