package gol.stdlib;

import gol.runtime.Native;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects the natives of the standard packages under their qualified names ("fmt.Println"):
 * each package class registers its functions through one {@code install(Registry)} list, as
 * SimpleLanguage's {@code installBuiltins} and Wren's {@code PRIMITIVE} lists do.
 */
public final class Registry {
  private final Map<String, Native> natives = new LinkedHashMap<>();
  private String pkg = "";

  /** Sets the package the following {@link #reg} calls register into. */
  public Registry pkg(String name) {
    pkg = name;
    return this;
  }

  /** Registers {@code fn} as the body of the bodiless {@code func name} of the current package. */
  public Registry reg(String name, Native fn) {
    String key = pkg + "." + name;
    if (natives.putIfAbsent(key, fn) != null) {
      throw new IllegalStateException("Registry.reg: " + key + " registered twice");
    }
    return this;
  }

  Map<String, Native> natives() {
    return natives;
  }
}
