package gol.interp.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import gol.interp.testing.SuiteRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * net/http seen from outside: a gol server driven by Java clients (java.net.http and raw
 * sockets, so the bytes on the wire are checked by an implementation that is not gol's), and
 * the gol client against a JDK server. Each gol program runs in-process on its own thread and
 * writes its listening address to a file in its working directory.
 */
class HttpServerTest {
  static final Duration RUN_LIMIT = Duration.ofSeconds(60);

  static final String SERVER = """
      package main

      import (
      	"context"
      	"fmt"
      	"io"
      	"net"
      	"net/http"
      	"os"
      	"time"
      )

      func main() {
      	mux := http.NewServeMux()
      	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
      		fmt.Fprintf(w, "item %s", r.PathValue("id"))
      	})
      	mux.HandleFunc("/dir/", func(w http.ResponseWriter, r *http.Request) {
      		fmt.Fprint(w, "dir")
      	})
      	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
      		b, _ := io.ReadAll(r.Body)
      		fmt.Fprintf(w, "%d:%s", len(b), b)
      	})
      	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
      		fmt.Fprint(w, "first;")
      		w.(http.Flusher).Flush()
      		fmt.Fprint(w, "second")
      	})
      	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
      		time.Sleep(800 * time.Millisecond)
      		fmt.Fprint(w, "slow done")
      	})
      	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 500 * time.Millisecond}
      	done := make(chan error)
      	mux.HandleFunc("/shutdown", func(w http.ResponseWriter, r *http.Request) {
      		go func() { done <- srv.Shutdown(context.Background()) }()
      		fmt.Fprint(w, "bye")
      	})
      	ln, err := net.Listen("tcp", "127.0.0.1:0")
      	if err != nil {
      		panic(err)
      	}
      	os.WriteFile("addr.tmp", []byte(ln.Addr().String()), 0o644)
      	os.Rename("addr.tmp", "addr")
      	if _, statErr := os.Stat("cert.pem"); statErr == nil {
      		// The handshake gets the shortest timeout: room for a cold JVM on a loaded machine.
      		srv.ReadHeaderTimeout = 20 * time.Second
      		err = srv.ServeTLS(ln, "cert.pem", "key.pem")
      	} else {
      		err = srv.Serve(ln)
      	}
      	fmt.Println("serve:", err)
      	fmt.Println("shutdown:", <-done)
      }
      """;

  /** A gol program running on its own thread. */
  record Program(CompletableFuture<SuiteRunner.Run> run, String addr) {
    SuiteRunner.Run await() throws Exception {
      return run.get(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  static Program start(Path dir, String source) throws Exception {
    CompletableFuture<SuiteRunner.Run> run = CompletableFuture.supplyAsync(
        () -> SuiteRunner.execute("server.gol", source, RUN_LIMIT, dir));
    Path addr = dir.resolve("addr");
    long deadline = System.nanoTime() + RUN_LIMIT.toNanos();
    while (!Files.exists(addr)) {
      if (run.isDone()) {
        SuiteRunner.Run r = run.get();
        throw new AssertionError("the program ended before listening: " + text(r.stderr) + text(r.stdout));
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the program did not listen in time");
      }
      Thread.sleep(20);
    }
    return new Program(run, Files.readString(addr));
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  static Socket connect(String addr) throws IOException {
    int colon = addr.lastIndexOf(':');
    Socket s = new Socket(addr.substring(0, colon), Integer.parseInt(addr.substring(colon + 1)));
    s.setSoTimeout(10_000);
    return s;
  }

  /** Reads one HTTP/1.1 response with a Content-Length or chunked body, as raw text. */
  static String readResponse(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        return head.toString(StandardCharsets.ISO_8859_1);
      }
      head.write(c);
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    String lower = h.toLowerCase();
    StringBuilder body = new StringBuilder();
    int cl = lower.indexOf("content-length: ");
    if (cl >= 0) {
      int n = Integer.parseInt(lower.substring(cl + 16, lower.indexOf("\r\n", cl)).trim());
      body.append(new String(in.readNBytes(n), StandardCharsets.ISO_8859_1));
    } else if (lower.contains("transfer-encoding: chunked")) {
      while (true) {
        String size = readLine(in);
        int n = Integer.parseInt(size.trim(), 16);
        body.append("[").append(n).append("]");
        body.append(new String(in.readNBytes(n), StandardCharsets.ISO_8859_1));
        readLine(in);
        if (n == 0) {
          break;
        }
      }
    }
    return h + body;
  }

  static String readLine(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0 && c != '\n') {
      if (c != '\r') {
        b.append((char) c);
      }
    }
    return b.toString();
  }

  static String statusLine(String response) {
    return response.substring(0, Math.max(0, response.indexOf("\r\n")));
  }

  static String body(String response) {
    return response.substring(response.indexOf("\r\n\r\n") + 4);
  }

  static String header(String response, String name) {
    for (String line : response.substring(0, response.indexOf("\r\n\r\n")).split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return null;
  }

  static void shutdown(Program p, HttpClient client, String scheme) throws Exception {
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(scheme + "://" + p.addr + "/shutdown")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals("bye", r.body());
    SuiteRunner.Run run = p.await();
    assertEquals("serve: http: Server closed\nshutdown: <nil>\n", text(run.stdout), text(run.stderr));
    assertEquals(0, run.status);
  }

  @Test
  void routingKeepAliveChunkedBadRequestsAndSlowloris(@TempDir Path dir) throws Exception {
    Program p = start(dir, SERVER);
    HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    String base = "http://" + p.addr;

    // The routing table, through an HTTP client that is not gol's.
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/items/42")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode());
    assertEquals("item 42", r.body());
    r = client.send(HttpRequest.newBuilder(URI.create(base + "/items/42")).DELETE().build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(405, r.statusCode());
    assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElse(""));
    r = client.send(HttpRequest.newBuilder(URI.create(base + "/dir")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(301, r.statusCode());
    assertEquals("/dir/", r.headers().firstValue("Location").orElse(""));
    r = client.send(HttpRequest.newBuilder(URI.create(base + "/nowhere")).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(404, r.statusCode());
    assertEquals("404 page not found\n", r.body());
    r = client.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
        .POST(HttpRequest.BodyPublishers.ofString("x".repeat(100_000))).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals("100000:" + "x".repeat(100_000), r.body());

    // Keep-alive and pipelining on one raw connection; a chunked request body; a chunked
    // response when the handler flushes.
    try (Socket s = connect(p.addr)) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      out.write("GET /items/1 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String first = readResponse(in);
      assertEquals("HTTP/1.1 200 OK", statusLine(first));
      assertEquals("6", header(first, "Content-Length"));
      assertEquals("item 1", body(first));
      out.write(("GET /items/2 HTTP/1.1\r\nHost: x\r\n\r\nGET /items/3 HTTP/1.1\r\nHost: x\r\n\r\n"
          + "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
          + "GET /chunked HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      assertEquals("item 2", body(readResponse(in)));
      assertEquals("item 3", body(readResponse(in)));
      assertEquals("5:abcde", body(readResponse(in)));
      String chunked = readResponse(in);
      assertEquals("chunked", header(chunked, "Transfer-Encoding"));
      assertEquals("[6]first;[6]second[0]", body(chunked));
    }

    // Malformed requests are answered 400 and the connection closed.
    for (String bad : new String[] {"GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"}) {
      try (Socket s = connect(p.addr)) {
        s.getOutputStream().write(bad.getBytes(StandardCharsets.US_ASCII));
        String resp = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(resp.startsWith("HTTP/1.1 400 Bad Request"), resp);
        assertTrue(resp.contains("\r\nConnection: close\r\n"), resp);
      }
    }

    // Slowloris: one header byte every 150 ms; ReadHeaderTimeout (500 ms) cuts the client off
    // long before its header ends (with a 400, as Go's: the header line in progress is
    // malformed when the read times out), and the connection is closed.
    try (Socket s = connect(p.addr)) {
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      byte[] req = "GET /items/1 HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      long t0 = System.nanoTime();
      int sent = 0;
      String answer = "";
      try {
        for (byte c : req) {
          if (in.available() > 0) {
            break;
          }
          out.write(c);
          out.flush();
          sent++;
          Thread.sleep(150);
        }
        answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      } catch (IOException e) {
        // reset by the server: cut off as well
      }
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(sent < req.length, "the whole slow header was accepted");
      assertTrue(ms < 5_000, "cut off after " + ms + " ms");
      assertTrue(answer.isEmpty() || answer.startsWith("HTTP/1.1 400 Bad Request"), answer);
    }

    // Shutdown with a request in flight: it completes; then Serve returns ErrServerClosed.
    CompletableFuture<HttpResponse<String>> slow = client.sendAsync(
        HttpRequest.newBuilder(URI.create(base + "/slow")).build(), HttpResponse.BodyHandlers.ofString());
    Thread.sleep(200);
    HttpClient other = HttpClient.newHttpClient();
    shutdown(p, other, "http");
    assertEquals("slow done", slow.get(10, TimeUnit.SECONDS).body());
    assertThrowsConnect(p.addr);
  }

  static void assertThrowsConnect(String addr) {
    try (Socket s = connect(addr)) {
      s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertEquals(-1, s.getInputStream().read(), "a closed server answered");
    } catch (IOException e) {
      // refused or reset: the listener is gone
    }
  }

  /** A fresh self-signed certificate for 127.0.0.1 from the JDK's keytool, as PEM files. */
  static KeyStore makeCertificate(Path dir) throws Exception {
    Path ks = dir.resolve("ks.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process proc = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "gol", "-keyalg", "EC",
        "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
        "-validity", "2", "-keystore", ks.toString(), "-storetype", "PKCS12", "-storepass", "changeit")
        .redirectErrorStream(true).start();
    String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, proc.waitFor(), out);
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(ks)) {
      store.load(in, "changeit".toCharArray());
    }
    Certificate cert = store.getCertificate("gol");
    Key key = store.getKey("gol", "changeit".toCharArray());
    Files.writeString(dir.resolve("cert.pem"), pem("CERTIFICATE", cert.getEncoded()));
    Files.writeString(dir.resolve("key.pem"), pem("PRIVATE KEY", key.getEncoded()));
    Files.delete(ks);
    return store;
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }

  @Test
  void httpsServerWithTheJdkAsClient(@TempDir Path dir) throws Exception {
    KeyStore store = makeCertificate(dir);
    Program p = start(dir, SERVER);
    // The JDK client trusts exactly the generated certificate and checks the host name.
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("gol", store.getCertificate("gol"));
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    HttpClient client = HttpClient.newBuilder().sslContext(ctx).version(HttpClient.Version.HTTP_1_1).build();
    String base = "https://" + p.addr;
    for (int i = 0; i < 3; i++) {
      HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/items/" + i)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode());
      assertEquals("item " + i, r.body());
    }
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
        .POST(HttpRequest.BodyPublishers.ofString("y".repeat(200_000))).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals("200000:" + "y".repeat(200_000), r.body());
    // Plain HTTP to the TLS port gets Go's plain-text answer.
    try (Socket s = connect(p.addr)) {
      s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String resp = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      assertEquals("HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n", resp);
    }
    shutdown(p, client, "https");
  }

  static final String CLIENT = """
      package main

      import (
      	"fmt"
      	"io"
      	"net/http"
      	"os"
      )

      func main() {
      	b, _ := os.ReadFile("target")
      	base := "http://" + string(b)
      	for i := 0; i < 5; i++ {
      		resp, err := http.Get(base + "/hello")
      		if err != nil {
      			fmt.Println(err)
      			return
      		}
      		body, _ := io.ReadAll(resp.Body)
      		resp.Body.Close()
      		fmt.Println(resp.StatusCode, string(body))
      	}
      	resp, err := http.Get(base + "/r1")
      	if err != nil {
      		fmt.Println(err)
      		return
      	}
      	body, _ := io.ReadAll(resp.Body)
      	resp.Body.Close()
      	fmt.Println(resp.StatusCode, resp.Request.URL.Path, string(body))
      }
      """;

  @Test
  void clientRedirectsAndPoolReuseAgainstTheJdkServer(@TempDir Path dir) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    server.createContext("/", ex -> {
      clientPorts.add(ex.getRemoteAddress().getPort());
      String path = ex.getRequestURI().getPath();
      byte[] reply;
      switch (path) {
        case "/r1" -> {
          ex.getResponseHeaders().add("Location", "/r2");
          ex.sendResponseHeaders(301, -1);
          ex.close();
          return;
        }
        case "/r2" -> {
          ex.getResponseHeaders().add("Location", "/final");
          ex.sendResponseHeaders(302, -1);
          ex.close();
          return;
        }
        default -> reply = ("at " + path).getBytes(StandardCharsets.UTF_8);
      }
      ex.sendResponseHeaders(200, reply.length);
      ex.getResponseBody().write(reply);
      ex.close();
    });
    server.start();
    try {
      Files.writeString(dir.resolve("target"), "127.0.0.1:" + server.getAddress().getPort());
      SuiteRunner.Run run = SuiteRunner.execute("client.gol", CLIENT, RUN_LIMIT, dir);
      assertFalse(run.timedOut);
      assertEquals("200 at /hello\n".repeat(5) + "200 /final at /final\n", text(run.stdout), text(run.stderr));
      assertEquals(1, clientPorts.size(), "keep-alive: the client used connections from ports " + clientPorts);
    } finally {
      server.stop(0);
    }
  }
}
