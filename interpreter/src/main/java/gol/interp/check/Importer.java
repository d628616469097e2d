package gol.interp.check;

import gol.interp.ast.Node;
import gol.interp.types.Pkg;
import java.util.Map;

/**
 * Finds imported packages for the checker. The loader implements it: it parses and checks the
 * stdlib .gol sources of {@code path} (with a fresh Checker) and caches the Pkg.
 */
public interface Importer {
  /** The package at {@code path}, or null when there is none. {@code at} is the importing node. */
  Pkg importPackage(String path, Node at);

  /**
   * The error the checker reports at an import of {@code path} that {@link #importPackage} could
   * not resolve; null when the importer has reported what went wrong itself (an import cycle,
   * errors in the imported package's files). By default: no such package.
   */
  default String importError(String path) {
    return "package " + path + " is not in std";
  }

  /**
   * Script mode: the import path an unresolved package name stands for ({@code strings} →
   * "strings", {@code utf8} → "unicode/utf8"). The default knows the standard library's nested
   * packages; anything else maps to itself.
   */
  default String scriptPath(String name) {
    return NESTED.getOrDefault(name, name);
  }

  Map<String, String> NESTED = Map.ofEntries(
      Map.entry("utf8", "unicode/utf8"), Map.entry("utf16", "unicode/utf16"),
      Map.entry("rand", "math/rand"), Map.entry("bits", "math/bits"), Map.entry("big", "math/big"),
      Map.entry("cmplx", "math/cmplx"), Map.entry("atomic", "sync/atomic"),
      Map.entry("filepath", "path/filepath"), Map.entry("heap", "container/heap"),
      Map.entry("list", "container/list"), Map.entry("ring", "container/ring"),
      Map.entry("json", "encoding/json"), Map.entry("hex", "encoding/hex"),
      Map.entry("base32", "encoding/base32"), Map.entry("base64", "encoding/base64"),
      Map.entry("binary", "encoding/binary"),
      Map.entry("csv", "encoding/csv"), Map.entry("exec", "os/exec"), Map.entry("signal", "os/signal"),
      Map.entry("http", "net/http"), Map.entry("url", "net/url"), Map.entry("ioutil", "io/ioutil"),
      Map.entry("netip", "net/netip"), Map.entry("httputil", "net/http/httputil"), Map.entry("mail", "net/mail"), Map.entry("cookiejar", "net/http/cookiejar"),
      Map.entry("fs", "io/fs"), Map.entry("md5", "crypto/md5"), Map.entry("sha1", "crypto/sha1"),
      Map.entry("sha256", "crypto/sha256"), Map.entry("sha512", "crypto/sha512"), Map.entry("hmac", "crypto/hmac"),
      Map.entry("aes", "crypto/aes"), Map.entry("cipher", "crypto/cipher"),
      Map.entry("color", "image/color"), Map.entry("png", "image/png"), Map.entry("jpeg", "image/jpeg"), Map.entry("palette", "image/color/palette"), Map.entry("gif", "image/gif"), Map.entry("draw", "image/draw"), Map.entry("lzw", "compress/lzw"),
      Map.entry("crc32", "hash/crc32"), Map.entry("fnv", "hash/fnv"), Map.entry("maphash", "hash/maphash"), Map.entry("template", "text/template"),
      Map.entry("fstest", "testing/fstest"));
}
