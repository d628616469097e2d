package gol.stdlib;

import gol.runtime.Native;
import gol.stdlib.big.BigPkg;
import gol.stdlib.builtin.FloatMinMax;
import gol.stdlib.builtin.Print;
import gol.stdlib.context.ContextPkg;
import gol.stdlib.crypto.CipherPkg;
import gol.stdlib.crypto.DigestPkg;
import gol.stdlib.crypto.HashPkgs;
import gol.stdlib.crypto.TlsPkg;
import gol.stdlib.errors.ErrorsPkg;
import gol.stdlib.filepath.FilepathPkg;
import gol.stdlib.exec.ExecPkg;
import gol.stdlib.flag.FlagPkg;
import gol.stdlib.fmt.FmtPkg;
import gol.stdlib.math.MathPkg;
import gol.stdlib.math.bits.BitsPkg;
import gol.stdlib.compress.GzipPkg;
import gol.stdlib.net.NetPkg;
import gol.stdlib.net.http.HttpPkg;
import gol.stdlib.os.OsPkg;
import gol.stdlib.rand.RngSource;
import gol.stdlib.atomic.AtomicPkg;
import gol.stdlib.runtime.DebugPkg;
import gol.stdlib.runtime.RuntimePkg;
import gol.stdlib.sort.SortPkg;
import gol.stdlib.strconv.StrconvPkg;
import gol.stdlib.strings.StringsPkg;
import gol.stdlib.unicode.UnicodePkg;
import gol.stdlib.unicode.utf8.Utf8Pkg;
import gol.stdlib.sync.SyncPkg;
import gol.stdlib.testing.TestingPkg;
import gol.stdlib.time.TimePkg;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
      "bufio", "context", "errors", "fmt", "io", "io/fs", "math", "math/bits", "math/cmplx", "net", "net/url", "os", "runtime", "sort", "strconv", "strings", "sync", "sync/atomic", "time",
      "compress/gzip", "net/http", "net/http/httptest", "net/textproto",
      "net/netip", "net/http/httputil", "net/mail", "net/http/cookiejar",
      "encoding/json", "reflect", "regexp", "regexp/syntax",
      "testing", "testing/fstest",
      "cmp", "iter", "maps", "slices",
      "unicode", "unicode/utf8",
      "bytes", "container/heap", "container/list", "container/ring", "crypto/hmac", "crypto/md5", "crypto/rand",
      "crypto/sha1", "crypto/sha256", "crypto/sha512", "encoding/base32", "encoding/base64", "encoding/hex", "hash", "hash/crc32", "hash/fnv", "hash/maphash", "unicode/utf16",
      "io/ioutil", "math/big", "math/rand", "path", "path/filepath",
      "encoding", "flag", "log", "runtime/debug", "os/exec", "os/signal", "syscall", "text/tabwriter", "log/slog",
      "encoding/binary", "encoding/csv", "text/template",
      "math/rand/v2",
      "mime", "mime/multipart", "mime/quotedprintable",
      "html", "hash/adler32", "hash/crc64", "crypto/subtle", "encoding/pem", "os/user",
      "compress/flate", "compress/zlib", "archive/tar", "archive/zip", "encoding/xml", "crypto/tls",
      "html/template", "crypto/aes", "crypto/cipher", "unique", "image", "image/color", "image/png",
      "image/color/palette", "image/jpeg", "compress/lzw", "image/draw", "image/gif");

  /**
   * Packages compiled together with another package's declarations, as if the two files were
   * one package: html/template is text/template's parser and executor (which it rewrites) plus
   * its own escaper, as Go's html/template edits text/template's parse trees.
   */
  private static final Map<String, String> SHARES = Map.of("html/template", "text/template");

  /**
   * The natives linked so far, by qualified name: each is linked the first time it is looked up
   * ({@link #link}) and is the same object from then on (NativeWidths and the JIT tier know a
   * native by identity). Written under Stdlib.class, read without it.
   */
  private static final Map<String, Native> INSTALLED = new ConcurrentHashMap<>();
  private static final Map<String, Native> NATIVES = new Lazy();

  private Stdlib() {
  }

  /**
   * The native of bodiless func {@code name} of package {@code path}, made anew (null if the
   * package has none of that name). Each package class links one name at a time: a method
   * reference costs the JVM a tenth of a millisecond or more of cold code the first time it is
   * evaluated, and a program that calls os.Exit need not pay for os's sixty other natives.
   */
  private static Native link(String path, String name) {
    return switch (path) {
      case "builtin" -> {
        Native n = Print.link(name);
        yield n != null ? n : FloatMinMax.link(name);
      }
      case "context" -> ContextPkg.link(name);
      case "errors" -> ErrorsPkg.link(name);
      case "flag" -> FlagPkg.link(name);
      case "fmt" -> FmtPkg.link(name);
      case "math" -> MathPkg.link(name);
      case "math/bits" -> BitsPkg.link(name);
      case "net" -> NetPkg.link(name);
      case "net/http" -> HttpPkg.link(name);
      case "compress/gzip" -> GzipPkg.link(name);
      case "compress/flate" -> GzipPkg.linkFlate(name);
      case "html" -> gol.stdlib.html.HtmlPkg.link(name);
      case "os/exec" -> ExecPkg.link(name);
      case "os/signal" -> gol.stdlib.signal.SignalPkg.link(name);
      case "syscall" -> gol.stdlib.signal.SignalPkg.linkSyscall(name);
      case "os" -> OsPkg.link(name);
      case "bufio" -> gol.stdlib.bufio.BufioPkg.link(name);
      case "encoding/json" -> {
        Native n = gol.stdlib.json.JsonScan.link(name);
        n = n != null ? n : gol.stdlib.json.JsonPlans.link(name);
        n = n != null ? n : gol.stdlib.json.JsonEncode.link(name);
        yield n != null ? n : gol.stdlib.json.JsonDecode.link(name);
      }
      case "regexp" -> gol.stdlib.regexp.RegexpPkg.link(name);
      case "reflect" -> gol.stdlib.reflect.ReflectPkg.link(name);
      case "sort" -> SortPkg.link(name);
      case "strconv" -> StrconvPkg.link(name);
      case "strings" -> StringsPkg.link(name);
      case "unicode" -> UnicodePkg.link(name);
      case "unicode/utf8" -> Utf8Pkg.link(name);
      case "sync" -> SyncPkg.link(name);
      case "iter" -> gol.stdlib.iter.IterPkg.link(name);
      case "sync/atomic" -> AtomicPkg.link(name);
      case "runtime" -> RuntimePkg.link(name);
      case "runtime/debug" -> DebugPkg.link(name);
      case "time" -> TimePkg.link(name);
      case "crypto/md5", "crypto/sha1", "crypto/sha256", "crypto/sha512" -> DigestPkg.link(name);
      case "crypto/aes" -> CipherPkg.linkAes(name);
      case "crypto/cipher" -> CipherPkg.linkCipher(name);
      case "image/png" -> gol.stdlib.image.PngFilters.link(name);
      case "image/draw" -> gol.stdlib.image.PaletteSearch.link(name);
      case "image/jpeg" -> gol.stdlib.image.JpegScan.link(name);
      case "crypto/rand" -> HashPkgs.linkCryptoRand(name);
      case "crypto/tls" -> TlsPkg.link(name);
      case "hash/crc32" -> HashPkgs.linkCrc32(name);
      case "math/big" -> BigPkg.link(name);
      case "math/rand" -> RngSource.link(name);
      case "math/rand/v2" -> RngSource.linkV2(name);
      case "path/filepath" -> FilepathPkg.link(name);
      case "hash/maphash" -> HashPkgs.linkMaphash(name);
      case "testing" -> TestingPkg.link(name);
      default -> null;
    };
  }

  /** Links every declared native of every package (the CDS training run; the tests). */
  private static void installAll() {
    for (String n : List.of("print", "println", "fmin", "fmax")) {
      NATIVES.get("builtin." + n);
    }
    for (String p : PACKAGES) {
      for (String n : declaredNatives(p)) {
        NATIVES.get(p + "." + n);
      }
    }
  }

  /**
   * The patterns of {@link #declaredNatives}, in a class of their own: java.util.regex links
   * lambdas as it compiles a pattern, which no start-up should pay for.
   */
  private static final class Bodiless {
    /** A bodiless func: {@code func name(...)} without a body on its line. */
    static final Pattern FUNC = Pattern.compile("(?m)^func (\\w+)\\([^{}\\n]*$");
    /** A bodiless method, bound as Type.Method (strings.Builder's writers). */
    static final Pattern METHOD = Pattern.compile("(?m)^func \\(\\w+ \\*?(\\w+)\\) (\\w+)\\([^{}\\n]*$");
  }

  /**
   * The names of package {@code path}'s bodiless funcs, as natives are keyed after the package
   * ({@code Atoi}, {@code Builder.WriteString}); none for a package not found.
   */
  public static List<String> declaredNatives(String path) {
    String src = source(path);
    List<String> names = new ArrayList<>();
    if (src == null) {
      return names;
    }
    Matcher m = Bodiless.FUNC.matcher(src);
    while (m.find()) {
      names.add(m.group(1));
    }
    m = Bodiless.METHOD.matcher(src);
    while (m.find()) {
      names.add(m.group(1) + "." + m.group(2));
    }
    return names;
  }

  /**
   * All natives by qualified name (immutable). {@code get} links only the native it is asked for
   * (the package is the text before the name's first dot); iterating links them all.
   */
  public static Map<String, Native> natives() {
    return NATIVES;
  }

  /**
   * The qualified name {@code n} was bound under, or null when it is not a linked native of the
   * standard library (gol run's program cache writes natives by name).
   */
  public static String nameOf(Native n) {
    for (Map.Entry<String, Native> e : INSTALLED.entrySet()) {
      if (e.getValue() == n) {
        return e.getKey();
      }
    }
    return null;
  }

  /** The native bound to {@code qualifiedName}, or null. */
  public static Native lookup(String qualifiedName) {
    return NATIVES.get(qualifiedName);
  }

  /** The read-only view {@link #natives} returns. */
  private static final class Lazy extends AbstractMap<String, Native> {
    @Override
    public Native get(Object key) {
      if (!(key instanceof String name)) {
        return null;
      }
      Native n = INSTALLED.get(name);
      int dot = name.indexOf('.');
      if (n != null || dot <= 0) {
        return n;
      }
      synchronized (Stdlib.class) {
        n = INSTALLED.get(name);
        if (n == null) {
          n = link(name.substring(0, dot), name.substring(dot + 1));
          if (n != null) {
            INSTALLED.put(name, n);
          }
        }
      }
      return n;
    }

    @Override
    public boolean containsKey(Object key) {
      return get(key) != null;
    }

    @Override
    public Set<Map.Entry<String, Native>> entrySet() {
      installAll();
      return Collections.unmodifiableMap(INSTALLED).entrySet();
    }
  }

  /** The resource path of a package's source: {@code gol/std/strconv/strconv.gol}. */
  public static String resourcePath(String importPath) {
    String last = importPath.substring(importPath.lastIndexOf('/') + 1);
    return "gol/std/" + importPath + "/" + last + ".gol";
  }

  /** The .gol source of the standard package {@code importPath}, or null if there is none. */
  public static String source(String importPath) {
    String own = StdSources.read(resourcePath(importPath));
    String shared = SHARES.get(importPath);
    return own == null || shared == null ? own : merge(own, StdSources.read(resourcePath(shared)));
  }

  /**
   * One package's text from two files: {@code own}'s package clause, the union of both import
   * blocks (each file has one {@code import (...)} block), then the declarations of both.
   */
  static String merge(String own, String shared) {
    int ownStart = own.indexOf("\nimport (\n") + 1;
    int ownEnd = own.indexOf("\n)\n", ownStart) + 3;
    int sharedStart = shared.indexOf("\nimport (\n") + 1;
    int sharedEnd = shared.indexOf("\n)\n", sharedStart) + 3;
    java.util.TreeSet<String> imports = new java.util.TreeSet<>();
    for (String block : new String[] {own.substring(ownStart, ownEnd), shared.substring(sharedStart, sharedEnd)}) {
      for (String line : block.split("\n")) {
        if (line.startsWith("\t")) {
          imports.add(line);
        }
      }
    }
    StringBuilder b = new StringBuilder(own.length() + shared.length());
    b.append(own, 0, ownStart).append("import (\n");
    for (String line : imports) {
      b.append(line).append('\n');
    }
    b.append(")\n").append(own, ownEnd, own.length()).append('\n').append(shared, sharedEnd, shared.length());
    return b.toString();
  }
}
