package gol.runtime;

/**
 * A native told apart from the other natives of its package by a number: the package's natives
 * share one class whose {@code call} switches on {@link #which}, where a method reference each
 * would cost a lambda linkage at start-up (gol.stdlib.Stdlib.link). A class, not a record: a
 * record's hashCode links a method handle, and NativeWidths hashes natives.
 */
public abstract class IndexedNative implements Native {
  /** Which of its class's natives this one is. */
  protected final int which;

  protected IndexedNative(int which) {
    this.which = which;
  }

  /** The index of {@code name} in {@code names}, or -1. */
  public static int indexOf(String[] names, String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }
}
