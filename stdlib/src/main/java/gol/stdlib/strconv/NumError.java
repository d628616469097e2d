package gol.stdlib.strconv;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.stdlib.ByteBuf;

/**
 * strconv's {@code *NumError}: a failed conversion. Its Error() text is Go's:
 * {@code strconv.Atoi: parsing "abc": invalid syntax}. As a gol value it is an interface holding
 * a {@code *strconv.NumError} ({@link #TYPE}).
 *
 * <p>TODO(errors milestone): {@code Err} should be the gol error values {@code strconv.ErrSyntax}
 * and {@code strconv.ErrRange} so that {@code errors.Is} works, and the fields should be readable
 * from gol code through a type assertion to {@code *strconv.NumError}; the compiler must then use
 * {@link #TYPE} (or an identical descriptor) for that type.
 */
public final class NumError implements GoError {
  public static final String ERR_SYNTAX = "invalid syntax";
  public static final String ERR_RANGE = "value out of range";

  /** The dynamic type of a NumError in an interface. */
  public static final RType TYPE = pointerType();

  /** The failing function (ParseInt, Atoi, ...). */
  public final String func;
  /** The input. */
  public final GoString num;
  /** The reason: {@link #ERR_SYNTAX}, {@link #ERR_RANGE} or another message. */
  public final String err;

  public NumError(String func, GoString num, String err) {
    this.func = func;
    this.num = num;
    this.err = err;
  }

  private static RType pointerType() {
    RType struct = new RType(RType.Kind.STRUCT, "strconv.NumError", true);
    RType string = new RType(RType.Kind.STRING, "string", false);
    RType error = new RType(RType.Kind.INTERFACE, "error", true);
    struct.fieldNames = new String[] {"Func", "Num", "Err"};
    struct.fieldTypes = new RType[] {string, string, error};
    struct.fieldEmbedded = new boolean[3];
    RType ptr = new RType(RType.Kind.POINTER, "*strconv.NumError", false);
    ptr.elem = struct;
    return ptr;
  }

  public boolean isRange() {
    return ERR_RANGE.equals(err);
  }

  /** This error as a gol {@code error} interface value. */
  public Iface toIface() {
    return new Iface(TYPE, 0, this);
  }

  /** {@code "strconv." + Func + ": parsing " + Quote(Num) + ": " + Err.Error()} */
  @Override
  public GoString error() {
    ByteBuf b = new ByteBuf(num.len + 40);
    b.ascii("strconv.").ascii(func).ascii(": parsing ");
    Quote.appendQuote(b, num, false);
    b.ascii(": ").ascii(err);
    return b.toGoString();
  }

  @Override
  public String toString() {
    return error().toString();
  }
}
