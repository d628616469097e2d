package gol.interp.vm;

import gol.runtime.GoError;
import gol.runtime.GoString;

/**
 * The value of {@code panic(nil)} since Go 1.21 (runtime.PanicNilError): recover returns it, and
 * an unrecovered one prints {@code panic: panic called with nil argument}.
 */
public final class PanicNilError implements GoError {
  static final GoString TEXT = GoString.of("panic called with nil argument");

  @Override
  public GoString error() {
    return TEXT;
  }

  @Override
  public String toString() {
    return TEXT.toString();
  }
}
