package gol.stdlib.crypto;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/*
 * The natives of package crypto/tls (tls.gol): a TLS connection is the JDK's SSLEngine, which
 * only transforms bytes; tls.gol moves those bytes over its net.Conn, whose reads and writes park
 * in the poller. So a TLS connection holds no thread, as a plain one.
 *
 * Concepts
 *   An Engine keeps the network bytes received and not yet decrypted (netIn), the plaintext
 *   decrypted and not yet read (appIn), and the network bytes produced and not yet sent
 *   (netOut). handshake/decrypt say "need more input" (NEED_READ) when netIn holds no whole
 *   record; the gol side reads from the connection, feeds, and asks again. Every call that can
 *   produce network bytes leaves them in netOut for takeOut.
 *
 * Invariants
 *   - A native never blocks: it does no I/O (delegated handshake tasks run inline, CPU only).
 *   - Every method on an Engine holds its monitor; tls.gol's reader and writer may call at once.
 *
 * Key pairs
 *   PEM certificates become X509Certificates through the JDK; private keys are PKCS#8
 *   ("PRIVATE KEY"), PKCS#1 ("RSA PRIVATE KEY") or SEC1 ("EC PRIVATE KEY"), the latter two
 *   rewrapped as PKCS#8. A key matches its certificate if a signature made with it verifies
 *   with the certificate's public key.
 */
public final class TlsPkg {
  private TlsPkg() {
  }

  static final int DONE = 0;
  static final int NEED_READ = 1;
  static final int FAILED = 2;
  static final int CLOSED = 3;

  public static Native link(String name) {
    return switch (name) {
      case "parseKeyPair" -> TlsPkg::parseKeyPair;
      case "newEngine" -> TlsPkg::newEngine;
      case "engHandshake" -> TlsPkg::handshake;
      case "engFeed" -> TlsPkg::feed;
      case "engTakeOut" -> TlsPkg::takeOut;
      case "engEncrypt" -> TlsPkg::encrypt;
      case "engDecrypt" -> TlsPkg::decrypt;
      case "engClose" -> TlsPkg::close;
      case "engBuffered" -> (g, b) -> {
        Engine e = (Engine) g.rs[b];
        g.rs[b] = null;
        synchronized (e) {
          g.ls[b] = e.netIn.position();
        }
      };
      case "engState" -> TlsPkg::state;
      default -> null;
    };
  }

  /** A certificate chain with its private key: tls.Certificate's hidden half. */
  static final class KeyPair {
    final X509Certificate[] chain;
    final PrivateKey key;

    KeyPair(X509Certificate[] chain, PrivateKey key) {
      this.chain = chain;
      this.key = key;
    }
  }

  static byte[] bytes(Slice s) {
    byte[] out = new byte[s == null ? 0 : s.len];
    if (s != null) {
      System.arraycopy((byte[]) s.array, s.off, out, 0, s.len);
    }
    return out;
  }

  static Slice slice(byte[] a) {
    return new Slice(a, 0, a.length, a.length);
  }

  /** One PEM block: its type and DER bytes. */
  record Pem(String type, byte[] der) {
  }

  static List<Pem> pemBlocks(byte[] in) {
    String text = new String(in, StandardCharsets.ISO_8859_1);
    List<Pem> out = new ArrayList<>();
    int i = 0;
    while (true) {
      int begin = text.indexOf("-----BEGIN ", i);
      if (begin < 0) {
        return out;
      }
      int typeEnd = text.indexOf("-----", begin + 11);
      if (typeEnd < 0) {
        return out;
      }
      String type = text.substring(begin + 11, typeEnd);
      String endLine = "-----END " + type + "-----";
      int end = text.indexOf(endLine, typeEnd);
      if (end < 0) {
        return out;
      }
      String body = text.substring(typeEnd + 5, end).replaceAll("\\s", "");
      try {
        out.add(new Pem(type, Base64.getDecoder().decode(body)));
      } catch (IllegalArgumentException ex) {
        // not base64: skipped, as Go's pem.Decode skips what it cannot decode
      }
      i = end + endLine.length();
    }
  }

  /**
   * func parseKeyPair(certPEM, keyPEM []byte) (kp *keyPair, chain [][]byte, err string):
   * Go's X509KeyPair, with its error texts.
   */
  static void parseKeyPair(G g, int b) {
    byte[] certPem = bytes((Slice) g.rs[b]);
    byte[] keyPem = bytes((Slice) g.rs[b + 1]);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    String err = "";
    try {
      List<Pem> certBlocks = pemBlocks(certPem);
      List<byte[]> ders = new ArrayList<>();
      List<String> skipped = new ArrayList<>();
      for (Pem p : certBlocks) {
        if (p.type.equals("CERTIFICATE")) {
          ders.add(p.der);
        } else {
          skipped.add(p.type);
        }
      }
      if (ders.isEmpty()) {
        if (skipped.isEmpty()) {
          throw new KeyPairError("tls: failed to find any PEM data in certificate input");
        }
        if (skipped.size() == 1 && skipped.get(0).endsWith("PRIVATE KEY")) {
          throw new KeyPairError("tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched");
        }
        throw new KeyPairError("tls: failed to find \"CERTIFICATE\" PEM block in certificate input after skipping PEM blocks of the following types: " + goList(skipped));
      }
      Pem keyBlock = null;
      skipped.clear();
      for (Pem p : pemBlocks(keyPem)) {
        if (p.type.equals("PRIVATE KEY") || p.type.endsWith(" PRIVATE KEY")) {
          keyBlock = p;
          break;
        }
        skipped.add(p.type);
      }
      if (keyBlock == null) {
        if (skipped.isEmpty()) {
          throw new KeyPairError("tls: failed to find any PEM data in key input");
        }
        if (skipped.size() == 1 && skipped.get(0).equals("CERTIFICATE")) {
          throw new KeyPairError("tls: found a certificate rather than a key in the PEM for the private key");
        }
        throw new KeyPairError("tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input after skipping PEM blocks of the following types: " + goList(skipped));
      }
      CertificateFactory cf = CertificateFactory.getInstance("X.509");
      X509Certificate[] chain = new X509Certificate[ders.size()];
      for (int i = 0; i < chain.length; i++) {
        try {
          chain[i] = (X509Certificate) cf.generateCertificate(new ByteArrayInputStream(ders.get(i)));
        } catch (Exception ex) {
          throw new KeyPairError("x509: malformed certificate");
        }
      }
      PrivateKey key = parsePrivateKey(keyBlock.der);
      if (key == null) {
        throw new KeyPairError("tls: failed to parse private key");
      }
      if (!key.getAlgorithm().equals(chain[0].getPublicKey().getAlgorithm())) {
        throw new KeyPairError("tls: private key type does not match public key type");
      }
      if (!matches(key, chain[0].getPublicKey())) {
        throw new KeyPairError("tls: private key does not match public key");
      }
      Object[] a = new Object[ders.size()];
      for (int i = 0; i < a.length; i++) {
        a[i] = slice(ders.get(i));
      }
      g.rs[b] = new KeyPair(chain, key);
      g.rs[b + 1] = new Slice(a, 0, a.length, a.length);
    } catch (KeyPairError ex) {
      err = ex.getMessage();
    } catch (Exception ex) {
      err = "tls: " + ex.getMessage();
    }
    g.rs[b + 2] = GoString.of(err);
  }

  static final class KeyPairError extends Exception {
    KeyPairError(String msg) {
      super(msg);
    }
  }

  static String goList(List<String> l) {
    return "[" + String.join(" ", l) + "]";
  }

  /** A PKCS#8, PKCS#1 (RSA) or SEC1 (EC) private key, or null. */
  static PrivateKey parsePrivateKey(byte[] der) {
    List<byte[]> candidates = new ArrayList<>();
    candidates.add(der);
    candidates.add(pkcs8(der, RSA_ALG));
    byte[] curve = sec1Curve(der);
    if (curve != null) {
      candidates.add(pkcs8(der, concat(new byte[] {0x30}, derLen(EC_OID.length + curve.length), EC_OID, curve)));
    }
    for (byte[] c : candidates) {
      for (String alg : new String[] {"RSA", "EC", "Ed25519"}) {
        try {
          return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(c));
        } catch (Exception ex) {
          // try the next form
        }
      }
    }
    return null;
  }

  /** AlgorithmIdentifier rsaEncryption with NULL parameters. */
  static final byte[] RSA_ALG = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7,
      0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
  /** OID id-ecPublicKey. */
  static final byte[] EC_OID = {0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};

  /** PrivateKeyInfo { version 0, alg, OCTET STRING key }. */
  static byte[] pkcs8(byte[] key, byte[] alg) {
    byte[] version = {0x02, 0x01, 0x00};
    byte[] octets = concat(new byte[] {0x04}, derLen(key.length), key);
    byte[] body = concat(version, alg, octets);
    return concat(new byte[] {0x30}, derLen(body.length), body);
  }

  /** The named-curve OID (with its tag and length) in a SEC1 ECPrivateKey's [0], or null. */
  static byte[] sec1Curve(byte[] der) {
    try {
      int[] p = {0};
      if (der[p[0]++] != 0x30) {
        return null;
      }
      readLen(der, p);
      if (der[p[0]] != 0x02) {
        return null;
      }
      skip(der, p); // version
      if (der[p[0]] != 0x04) {
        return null;
      }
      skip(der, p); // the private key octets
      if ((der[p[0]] & 0xff) != 0xa0) {
        return null;
      }
      p[0]++;
      readLen(der, p);
      int start = p[0];
      skip(der, p);
      byte[] oid = new byte[p[0] - start];
      System.arraycopy(der, start, oid, 0, oid.length);
      return oid;
    } catch (RuntimeException ex) {
      return null;
    }
  }

  static int readLen(byte[] der, int[] p) {
    int l = der[p[0]++] & 0xff;
    if (l < 0x80) {
      return l;
    }
    int n = l & 0x7f;
    l = 0;
    for (int i = 0; i < n; i++) {
      l = l << 8 | (der[p[0]++] & 0xff);
    }
    return l;
  }

  static void skip(byte[] der, int[] p) {
    p[0]++;
    int l = readLen(der, p);
    p[0] += l;
  }

  static byte[] derLen(int n) {
    if (n < 0x80) {
      return new byte[] {(byte) n};
    }
    if (n < 0x100) {
      return new byte[] {(byte) 0x81, (byte) n};
    }
    if (n < 0x10000) {
      return new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
    }
    return new byte[] {(byte) 0x83, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  static boolean matches(PrivateKey key, PublicKey pub) {
    String alg = switch (key.getAlgorithm()) {
      case "RSA" -> "SHA256withRSA";
      case "EC" -> "SHA256withECDSA";
      default -> key.getAlgorithm();
    };
    try {
      byte[] msg = "gol key pair check".getBytes(StandardCharsets.US_ASCII);
      Signature s = Signature.getInstance(alg);
      s.initSign(key);
      s.update(msg);
      byte[] sig = s.sign();
      Signature v = Signature.getInstance(alg);
      v.initVerify(pub);
      v.update(msg);
      return v.verify(sig);
    } catch (Exception ex) {
      return false;
    }
  }

  /** An SSLEngine and its buffers. */
  static final class Engine {
    final SSLEngine eng;
    ByteBuffer netIn; // write mode: received bytes not yet unwrapped
    ByteBuffer appIn; // write mode: plaintext not yet read
    final ByteArrayOutputStream netOut = new ByteArrayOutputStream();
    ByteBuffer wrapBuf;

    Engine(SSLEngine eng) {
      this.eng = eng;
      SSLSession s = eng.getSession();
      netIn = ByteBuffer.allocate(s.getPacketBufferSize());
      appIn = ByteBuffer.allocate(s.getApplicationBufferSize());
      wrapBuf = ByteBuffer.allocate(s.getPacketBufferSize());
    }

    /** Wraps src (possibly empty) into netOut; returns the result of the last wrap. */
    SSLEngineResult wrap(ByteBuffer src) throws SSLException {
      while (true) {
        wrapBuf.clear();
        SSLEngineResult r = eng.wrap(src, wrapBuf);
        if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
          wrapBuf = ByteBuffer.allocate(wrapBuf.capacity() * 2);
          continue;
        }
        netOut.write(wrapBuf.array(), 0, wrapBuf.position());
        return r;
      }
    }

    /** Unwraps from netIn into appIn. */
    SSLEngineResult unwrap() throws SSLException {
      while (true) {
        netIn.flip();
        SSLEngineResult r;
        try {
          r = eng.unwrap(netIn, appIn);
        } finally {
          netIn.compact();
        }
        if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
          ByteBuffer bigger = ByteBuffer.allocate(appIn.capacity() * 2);
          appIn.flip();
          bigger.put(appIn);
          appIn = bigger;
          continue;
        }
        return r;
      }
    }

    void runTasks() {
      Runnable t;
      while ((t = eng.getDelegatedTask()) != null) {
        t.run();
      }
    }

    /** Sends the alert the engine has after a failure (best effort). */
    void flushAlert() {
      try {
        eng.closeOutbound();
        for (int i = 0; i < 4 && !eng.isOutboundDone(); i++) {
          wrap(ByteBuffer.allocate(0));
        }
      } catch (Exception ex) {
        // nothing more to send
      }
    }
  }

  /**
   * func newEngine(client bool, serverName string, insecure bool, kp *keyPair, minVer, maxVer int)
   * (e *engine, err string)
   */
  static void newEngine(G g, int b) {
    boolean client = g.ls[b] != 0;
    String serverName = g.rs[b + 1] == null ? "" : g.rs[b + 1].toString();
    boolean insecure = g.ls[b + 2] != 0;
    KeyPair kp = (KeyPair) g.rs[b + 3];
    int minVer = (int) g.ls[b + 4];
    int maxVer = (int) g.ls[b + 5];
    g.rs[b + 1] = null;
    g.rs[b + 3] = null;
    try {
      KeyManagerFactory kmf = null;
      if (kp != null) {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        char[] pw = "gol".toCharArray();
        ks.setKeyEntry("key", kp.key, pw, kp.chain);
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, pw);
      }
      TrustManager[] tms = insecure ? new TrustManager[] {TRUST_ALL} : null;
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(kmf == null ? null : kmf.getKeyManagers(), tms, new SecureRandom());
      SSLEngine eng = client && !serverName.isEmpty() ? ctx.createSSLEngine(serverName, 443) : ctx.createSSLEngine();
      eng.setUseClientMode(client);
      SSLParameters params = eng.getSSLParameters();
      List<String> protocols = new ArrayList<>();
      for (int v = Math.max(minVer, 0x0303); v <= Math.min(maxVer, 0x0304); v++) {
        protocols.add(v == 0x0304 ? "TLSv1.3" : "TLSv1.2");
      }
      params.setProtocols(protocols.toArray(new String[0]));
      if (client && !serverName.isEmpty()) {
        if (!isIP(serverName)) {
          params.setServerNames(List.of(new SNIHostName(serverName)));
        }
        if (!insecure) {
          params.setEndpointIdentificationAlgorithm("HTTPS");
        }
      }
      eng.setSSLParameters(params);
      eng.beginHandshake();
      g.rs[b] = new Engine(eng);
      g.rs[b + 1] = GoString.EMPTY;
    } catch (Exception ex) {
      g.rs[b] = null;
      g.rs[b + 1] = GoString.of("tls: " + ex.getMessage());
    }
  }

  static boolean isIP(String s) {
    return s.matches("[0-9.]+") || s.contains(":");
  }

  static final X509TrustManager TRUST_ALL = new X509TrustManager() {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  };

  /** func engHandshake(e *engine) (status int, err string) */
  static void handshake(G g, int b) {
    Engine e = (Engine) g.rs[b];
    int st;
    String msg = "";
    synchronized (e) {
      try {
        st = drive(e);
      } catch (SSLException ex) {
        e.flushAlert();
        st = FAILED;
        msg = goMessage(ex);
      } catch (RuntimeException ex) {
        st = FAILED;
        msg = "tls: " + ex;
      }
    }
    g.rs[b] = null;
    g.ls[b] = st;
    g.rs[b + 1] = GoString.of(msg);
  }

  /** Runs the handshake as far as the input allows. */
  static int drive(Engine e) throws SSLException {
    while (true) {
      switch (e.eng.getHandshakeStatus()) {
        case NEED_TASK -> e.runTasks();
        case NEED_WRAP -> {
          SSLEngineResult r = e.wrap(ByteBuffer.allocate(0));
          if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            return CLOSED;
          }
        }
        case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
          SSLEngineResult r = e.unwrap();
          if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
            return NEED_READ;
          }
          if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            return CLOSED;
          }
        }
        default -> {
          return DONE;
        }
      }
    }
  }

  /** Go's wording for the common handshake failures; the JDK's otherwise. */
  static String goMessage(SSLException ex) {
    String m = String.valueOf(ex.getMessage());
    Throwable c = ex;
    while (c.getCause() != null) {
      c = c.getCause();
    }
    String root = String.valueOf(c.getMessage());
    if (root.contains("PKIX") || root.contains("unable to find valid certification path")) {
      return "tls: failed to verify certificate: x509: certificate signed by unknown authority";
    }
    if (root.contains("No subject alternative") || root.contains("No name matching")) {
      return "tls: failed to verify certificate: x509: certificate is not valid for this host (" + root + ")";
    }
    if (root.contains("NotAfter") || root.contains("expired")) {
      return "tls: failed to verify certificate: x509: certificate has expired or is not yet valid";
    }
    int alert = m.indexOf("Received fatal alert: ");
    if (alert >= 0) {
      String name = m.substring(alert + 22).trim().replace('_', ' ');
      return "remote error: tls: " + switch (name) {
        case "certificate unknown" -> "unknown certificate";
        case "bad certificate" -> "bad certificate";
        case "handshake failure" -> "handshake failure";
        case "protocol version" -> "protocol version not supported";
        default -> name;
      };
    }
    if (m.contains("Unsupported or unrecognized SSL message") || m.contains("plaintext connection")) {
      return "tls: first record does not look like a TLS handshake";
    }
    return "tls: " + m.toLowerCase(Locale.ROOT);
  }

  /** func engFeed(e *engine, b []byte) */
  static void feed(G g, int b) {
    Engine e = (Engine) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    synchronized (e) {
      if (e.netIn.remaining() < s.len) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(e.netIn.capacity() * 2, e.netIn.position() + s.len));
        e.netIn.flip();
        bigger.put(e.netIn);
        e.netIn = bigger;
      }
      e.netIn.put((byte[]) s.array, s.off, s.len);
    }
  }

  /** func engTakeOut(e *engine) []byte: the network bytes to send (nil if none). */
  static void takeOut(G g, int b) {
    Engine e = (Engine) g.rs[b];
    synchronized (e) {
      if (e.netOut.size() == 0) {
        g.rs[b] = null;
        return;
      }
      byte[] out = e.netOut.toByteArray();
      e.netOut.reset();
      g.rs[b] = slice(out);
    }
  }

  /** func engEncrypt(e *engine, p []byte) (status int, err string): all of p into netOut. */
  static void encrypt(G g, int b) {
    Engine e = (Engine) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    int st = DONE;
    String msg = "";
    synchronized (e) {
      try {
        ByteBuffer src = ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
        while (src.hasRemaining()) {
          SSLEngineResult r = e.wrap(src);
          if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            st = CLOSED;
            break;
          }
        }
      } catch (SSLException ex) {
        st = FAILED;
        msg = goMessage(ex);
      }
    }
    g.ls[b] = st;
    g.rs[b + 1] = GoString.of(msg);
  }

  /**
   * func engDecrypt(e *engine, p []byte) (n int, status int, err string): plaintext into p;
   * NEED_READ when no whole record is buffered, CLOSED after the peer's close_notify.
   */
  static void decrypt(G g, int b) {
    Engine e = (Engine) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    int n = 0;
    int st = DONE;
    String msg = "";
    synchronized (e) {
      try {
        while (e.appIn.position() == 0) {
          if (e.eng.isInboundDone()) {
            st = CLOSED;
            break;
          }
          SSLEngineResult r = e.unwrap();
          SSLEngineResult.HandshakeStatus hs = r.getHandshakeStatus();
          if (hs == SSLEngineResult.HandshakeStatus.NEED_TASK || hs == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
            drive(e); // a post-handshake message (a key update) to answer
          }
          if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW && e.appIn.position() == 0) {
            st = NEED_READ;
            break;
          }
          if (r.getStatus() == SSLEngineResult.Status.CLOSED && e.appIn.position() == 0) {
            st = CLOSED;
            break;
          }
        }
        if (st == DONE) {
          e.appIn.flip();
          n = Math.min(s.len, e.appIn.remaining());
          e.appIn.get((byte[]) s.array, s.off, n);
          e.appIn.compact();
        }
      } catch (SSLException ex) {
        e.flushAlert();
        st = FAILED;
        msg = goMessage(ex);
      }
    }
    g.ls[b] = n;
    g.rs[b] = null;
    g.ls[b + 1] = st;
    g.rs[b + 1] = null;
    g.rs[b + 2] = GoString.of(msg);
  }

  /** func engClose(e *engine): the close_notify alert into netOut. */
  static void close(G g, int b) {
    Engine e = (Engine) g.rs[b];
    g.rs[b] = null;
    synchronized (e) {
      e.flushAlert();
    }
  }

  /** func engState(e *engine) (version int, cipher string, serverName string) */
  static void state(G g, int b) {
    Engine e = (Engine) g.rs[b];
    synchronized (e) {
      SSLSession s = e.eng.getSession();
      String p = s.getProtocol();
      g.ls[b] = switch (p) {
        case "TLSv1.3" -> 0x0304;
        case "TLSv1.2" -> 0x0303;
        case "TLSv1.1" -> 0x0302;
        case "TLSv1" -> 0x0301;
        default -> 0;
      };
      g.rs[b] = null;
      g.ls[b + 1] = 0;
      g.rs[b + 1] = GoString.of(s.getCipherSuite());
      String sni = "";
      if (!e.eng.getUseClientMode() && s instanceof javax.net.ssl.ExtendedSSLSession ext) {
        for (var n : ext.getRequestedServerNames()) {
          if (n instanceof SNIHostName h) {
            sni = h.getAsciiName();
          }
        }
      }
      g.ls[b + 2] = 0;
      g.rs[b + 2] = GoString.of(sni);
    }
  }
}
