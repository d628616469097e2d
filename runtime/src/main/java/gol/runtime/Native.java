package gol.runtime;

/**
 * A Java function bound to a bodiless gol {@code func} declaration. Calling convention: the
 * arguments are in the goroutine's stack slots {@code base, base+1, ...} (one slot per parameter:
 * primitive kinds in {@code g.ls}, others in {@code g.rs}; a variadic parameter arrives as one
 * {@link Slice}); the native writes its results to slots {@code base, base+1, ...} the same way.
 * A native is a leaf: it never calls gol code. It may throw {@link GoPanic} or {@link GoExit}.
 */
@FunctionalInterface
public interface Native {
  void call(G g, int base);
}
