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
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
   * The natives installed so far. A package's natives are installed the first time one of them
   * is looked up: each install links a few dozen method references, and a program that imports
   * fmt need not pay for strings, time and net at start-up.
   */
  private static final Map<String, Native> INSTALLED = new ConcurrentHashMap<>();
  /** Import paths ("builtin" included) whose natives are in {@link #INSTALLED}; guarded by Stdlib.class. */
  private static final Set<String> DONE = new HashSet<>();
  private static final Map<String, Native> NATIVES = new Lazy();

  private Stdlib() {
  }

  /** Installs the natives of package {@code path} (nothing for a package without natives). */
  private static void install(String path) {
    synchronized (Stdlib.class) {
      if (!DONE.add(path)) {
        return;
      }
      Registry r = new Registry().pkg(path);
      switch (path) {
        case "builtin":
          Print.install(r);
          FloatMinMax.install(r);
          break;
        case "context":
          ContextPkg.install(r);
          break;
        case "errors":
          ErrorsPkg.install(r);
          break;
        case "flag":
          FlagPkg.install(r);
          break;
        case "fmt":
          FmtPkg.install(r);
          break;
        case "math":
          MathPkg.install(r);
          break;
        case "math/bits":
          BitsPkg.install(r);
          break;
        case "net":
          NetPkg.install(r);
          break;
        case "net/http":
          HttpPkg.install(r);
          break;
        case "compress/gzip":
          GzipPkg.install(r);
          break;
        case "compress/flate":
          GzipPkg.installFlate(r);
          break;
        case "html":
          gol.stdlib.html.HtmlPkg.install(r);
          break;
        case "os/exec":
          ExecPkg.install(r);
          break;
        case "os/signal":
          gol.stdlib.signal.SignalPkg.install(r);
          break;
        case "syscall":
          gol.stdlib.signal.SignalPkg.installSyscall(r);
          break;
        case "os":
          OsPkg.install(r);
          break;
        case "bufio":
          gol.stdlib.bufio.BufioPkg.install(r);
          break;
        case "encoding/json":
          gol.stdlib.json.JsonScan.install(r);
          gol.stdlib.json.JsonPlans.install(r);
          gol.stdlib.json.JsonEncode.install(r);
          gol.stdlib.json.JsonDecode.install(r);
          break;
        case "regexp":
          gol.stdlib.regexp.RegexpPkg.install(r);
          break;
        case "reflect":
          gol.stdlib.reflect.ReflectPkg.install(r);
          break;
        case "sort":
          SortPkg.install(r);
          break;
        case "strconv":
          StrconvPkg.install(r);
          break;
        case "strings":
          StringsPkg.install(r);
          break;
        case "unicode":
          UnicodePkg.install(r);
          break;
        case "unicode/utf8":
          Utf8Pkg.install(r);
          break;
        case "sync":
          SyncPkg.install(r);
          break;
        case "iter":
          gol.stdlib.iter.IterPkg.install(r);
          break;
        case "sync/atomic":
          AtomicPkg.install(r);
          break;
        case "runtime":
          RuntimePkg.install(r);
          break;
        case "runtime/debug":
          DebugPkg.install(r);
          break;
        case "time":
          TimePkg.install(r);
          break;
        case "crypto/md5", "crypto/sha1", "crypto/sha256", "crypto/sha512":
          DigestPkg.install(r);
          break;
        case "crypto/aes":
          CipherPkg.installAes(r);
          break;
        case "crypto/cipher":
          CipherPkg.installCipher(r);
          break;
        case "image/png":
          gol.stdlib.image.PngFilters.install(r);
          break;
        case "image/draw":
          gol.stdlib.image.PaletteSearch.install(r);
          break;
        case "image/jpeg":
          gol.stdlib.image.JpegScan.install(r);
          break;
        case "crypto/rand":
          HashPkgs.installCryptoRand(r);
          break;
        case "crypto/tls":
          TlsPkg.install(r);
          break;
        case "hash/crc32":
          HashPkgs.installCrc32(r);
          break;
        case "math/big":
          BigPkg.install(r);
          break;
        case "math/rand":
          RngSource.install(r);
          break;
        case "math/rand/v2":
          RngSource.installV2(r);
          break;
        case "path/filepath":
          FilepathPkg.install(r);
          break;
        case "hash/maphash":
          HashPkgs.installMaphash(r);
          break;
        case "testing":
          TestingPkg.install(r);
          break;
        default:
          break;
      }
      INSTALLED.putAll(r.natives());
    }
  }

  /** Installs every package's natives. */
  private static void installAll() {
    install("builtin");
    for (String p : PACKAGES) {
      install(p);
    }
  }

  /**
   * All natives by qualified name (immutable). {@code get} installs only the package the name
   * belongs to (the text before its first dot); iterating installs them all.
   */
  public static Map<String, Native> natives() {
    return NATIVES;
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
      if (n == null) {
        int dot = name.indexOf('.');
        if (dot > 0) {
          install(name.substring(0, dot));
          n = INSTALLED.get(name);
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
