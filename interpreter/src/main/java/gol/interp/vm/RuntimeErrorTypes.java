package gol.interp.vm;

import gol.runtime.RType;

/** The compiler's access to the descriptors of the run-time error types the VM makes values of. */
public final class RuntimeErrorTypes {
  private RuntimeErrorTypes() {
  }

  /** See {@link Panics#exportedErrorType}. */
  public static RType exported(String name) {
    return Panics.exportedErrorType(name);
  }
}
