package gol.stdlib;

import gol.runtime.GoError;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;

/**
 * An error made by a native with a fixed text, as Go's {@code errors.New} makes one: its dynamic
 * type is {@code *errors.errorString}. Natives use it for the values they panic with
 * ({@code strings: negative Repeat count}).
 */
public final class ErrorString implements GoError {
  /** The dynamic type of these errors in an interface. */
  public static final RType TYPE = pointerType();

  private final GoString text;

  public ErrorString(String text) {
    this.text = GoString.of(text);
  }

  private static RType pointerType() {
    RType struct = new RType(RType.Kind.STRUCT, "errors.errorString", true);
    struct.fieldNames = new String[] {"s"};
    struct.fieldTypes = new RType[] {new RType(RType.Kind.STRING, "string", false)};
    struct.fieldEmbedded = new boolean[1];
    RType ptr = new RType(RType.Kind.POINTER, "*errors.errorString", false);
    ptr.elem = struct;
    return ptr;
  }

  /** This error as a gol {@code error} interface value. */
  public Iface toIface() {
    return new Iface(TYPE, 0, this);
  }

  /** A panic whose value is {@code errors.New(text)}. */
  public static GoPanic panic(String text) {
    return new GoPanic(new ErrorString(text).toIface());
  }

  @Override
  public GoString error() {
    return text;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
