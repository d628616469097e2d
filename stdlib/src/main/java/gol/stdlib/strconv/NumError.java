package gol.stdlib.strconv;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.stdlib.ByteBuf;

/**
 * A failed conversion as the Java parsers report it: the function, the input and the reason.
 * Its Error() text is Go's: {@code strconv.Atoi: parsing "abc": invalid syntax}. The gol value
 * is a {@code *strconv.NumError} made by strconv.gol from {@link #err} (so that its Err is
 * strconv.ErrSyntax or strconv.ErrRange and errors.Is and type assertions work);
 * {@link #toIface} remains for natives that need an error value without gol code.
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
