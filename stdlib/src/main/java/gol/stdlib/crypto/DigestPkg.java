package gol.stdlib.crypto;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The natives behind crypto/md5, crypto/sha1, crypto/sha256 and crypto/sha512: each of those
 * packages declares the same four bodiless funcs over an opaque {@code *handle}, which is a
 * JDK {@link MessageDigest}. Sum digests a clone, so a hash keeps accepting writes after Sum
 * as Go's do.
 */
public final class DigestPkg {
  private DigestPkg() {
  }

  /** Registers newHandle, update, sum and reset into the registry's current package. */
  public static Native link(String name) {
    return switch (name) {
      case "newHandle" -> DigestPkg::newHandle;
      case "update" -> DigestPkg::update;
      case "sum" -> DigestPkg::sum;
      case "reset" -> DigestPkg::reset;
      default -> null;
    };
  }

  /** func newHandle(algo string) *handle: algo is a JDK name ("SHA-256"). */
  static void newHandle(G g, int b) {
    try {
      g.rs[b] = MessageDigest.getInstance(((GoString) g.rs[b]).toString());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("DigestPkg.newHandle: " + g.rs[b], e);
    }
  }

  /** func update(h *handle, p []byte) */
  static void update(G g, int b) {
    MessageDigest md = (MessageDigest) g.rs[b];
    Slice p = (Slice) g.rs[b + 1];
    if (p != null && p.len > 0) {
      md.update((byte[]) p.array, p.off, p.len);
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
  }

  /** func sum(h *handle) []byte: the digest of what was written so far; h is unchanged. */
  static void sum(G g, int b) {
    MessageDigest md = (MessageDigest) g.rs[b];
    byte[] d;
    try {
      d = ((MessageDigest) md.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("DigestPkg.sum: " + md.getAlgorithm(), e);
    }
    g.rs[b] = new Slice(d, 0, d.length, d.length);
  }

  /** func reset(h *handle) */
  static void reset(G g, int b) {
    ((MessageDigest) g.rs[b]).reset();
    g.rs[b] = null;
  }
}
