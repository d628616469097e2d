package gol.stdlib;

import gol.runtime.Native;
import gol.stdlib.builtin.FloatMinMax;
import gol.stdlib.builtin.Print;
import gol.stdlib.errors.ErrorsPkg;
import gol.stdlib.fmt.FmtPkg;
import gol.stdlib.math.MathPkg;
import gol.stdlib.math.bits.BitsPkg;
import gol.stdlib.net.NetPkg;
import gol.stdlib.os.OsPkg;
import gol.stdlib.atomic.AtomicPkg;
import gol.stdlib.runtime.RuntimePkg;
import gol.stdlib.sort.SortPkg;
import gol.stdlib.strconv.StrconvPkg;
import gol.stdlib.strings.StringsPkg;
import gol.stdlib.unicode.UnicodePkg;
import gol.stdlib.unicode.utf8.Utf8Pkg;
import gol.stdlib.sync.SyncPkg;
import gol.stdlib.time.TimePkg;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The standard library as the loader sees it: the .gol source of each package (a resource at
 * {@code gol/std/<import path>/<last element>.gol}) and the Java natives its bodiless
 * {@code func} declarations bind to, keyed by qualified name: {@code "fmt.Println"},
 * {@code "strconv.Atoi"}, {@code "os.runtimeArgs"} — the package name, a dot, the function name
 * (unexported ones included). The builtins print and println are {@code "builtin.print"} and
 * {@code "builtin.println"}; {@code "builtin.fmin"}/{@code "builtin.fmax"} are min and max of floats.
 *
 * <p>Every native is a leaf (it never calls gol code) and follows the calling convention of
 * {@link Native}.
 */
public final class Stdlib {
  /** Import paths of the packages written so far. */
  public static final List<String> PACKAGES = List.of(
      "bufio", "errors", "fmt", "io", "io/fs", "math", "math/bits", "net", "os", "runtime", "sort", "strconv", "strings", "sync", "sync/atomic", "time",
      "unicode", "unicode/utf8");

  private static final Map<String, Native> NATIVES = build();

  private Stdlib() {
  }

  private static Map<String, Native> build() {
    Registry r = new Registry();
    Print.install(r.pkg("builtin"));
    FloatMinMax.install(r.pkg("builtin"));
    ErrorsPkg.install(r.pkg("errors"));
    FmtPkg.install(r.pkg("fmt"));
    MathPkg.install(r.pkg("math"));
    BitsPkg.install(r.pkg("math/bits"));
    NetPkg.install(r.pkg("net"));
    OsPkg.install(r.pkg("os"));
    SortPkg.install(r.pkg("sort"));
    StrconvPkg.install(r.pkg("strconv"));
    StringsPkg.install(r.pkg("strings"));
    UnicodePkg.install(r.pkg("unicode"));
    Utf8Pkg.install(r.pkg("unicode/utf8"));
    SyncPkg.install(r.pkg("sync"));
    AtomicPkg.install(r.pkg("sync/atomic"));
    RuntimePkg.install(r.pkg("runtime"));
    TimePkg.install(r.pkg("time"));
    return Collections.unmodifiableMap(r.natives());
  }

  /** All natives by qualified name (immutable; built once). */
  public static Map<String, Native> natives() {
    return NATIVES;
  }

  /** The native bound to {@code qualifiedName}, or null. */
  public static Native lookup(String qualifiedName) {
    return NATIVES.get(qualifiedName);
  }

  /** The resource path of a package's source: {@code gol/std/strconv/strconv.gol}. */
  public static String resourcePath(String importPath) {
    String last = importPath.substring(importPath.lastIndexOf('/') + 1);
    return "gol/std/" + importPath + "/" + last + ".gol";
  }

  /** The .gol source of the standard package {@code importPath}, or null if there is none. */
  public static String source(String importPath) {
    try (InputStream in = Stdlib.class.getClassLoader().getResourceAsStream(resourcePath(importPath))) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Stdlib.source: " + importPath, e);
    }
  }
}
