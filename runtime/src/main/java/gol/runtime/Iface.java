package gol.runtime;

/**
 * A non-nil interface value: its dynamic type and the value, stored as a slot stores it
 * ({@code bits} for kinds that live in the long half — bools, integers and floats as raw bits —
 * {@code ref} for the others). The nil interface is Java {@code null}. Immutable.
 */
public final class Iface {
  public final RType type;
  public final long bits;
  public final Object ref;

  public Iface(RType type, long bits, Object ref) {
    this.type = type;
    this.bits = bits;
    this.ref = ref;
  }
}
