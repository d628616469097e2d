package gol.stdlib.net;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.PollDesc;
import gol.runtime.Poller;
import gol.runtime.Slice;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Locale;

/*
 * The natives of package net (net.gol): TCP sockets as non-blocking java.nio channels, each
 * wrapped in a PollDesc of the program's poller.
 *
 * Concepts
 *   Every operation first tries the non-blocking call on the M. When the channel is not ready
 *   it asks the PollDesc to park the G (waitRead/waitWrite) and returns statusAgain; the gol
 *   loop in net.gol calls the native again once the G is readied (by readiness, a deadline or
 *   Close), and the native then sees data, a timeout or a closed descriptor. No thread is held
 *   by a waiting connection: 1,000 idle connections cost 1,000 selection keys, not threads.
 *
 * Invariants
 *   - A native never blocks its thread: every channel is in non-blocking mode.
 *   - The status codes match net.gol's constants (statusOK..statusSys).
 *
 * Locking / ownership
 *   The PollDesc's lock (inside waitRead/waitWrite) is the only lock; see PollDesc.
 *
 * State transitions
 *   see PollDesc.
 */
public final class NetPkg {
  private NetPkg() {
  }

  static final int OK = 0;
  static final int CLOSED = 1;
  static final int TIMEOUT = 2;
  static final int AGAIN = 3;
  static final int EOF = 4;
  static final int SYS = 5;

  public static Native link(String name) {
    return switch (name) {
      case "fdRead" -> NetPkg::read;
      case "fdWrite" -> NetPkg::write;
      case "fdClose" -> (g, b) -> g.ls[b] = ((PollDesc) g.rs[b]).close() ? 1 : 0;
      case "fdClosed" -> (g, b) -> g.ls[b] = ((PollDesc) g.rs[b]).closed() ? 1 : 0;
      case "fdSetDeadline" -> NetPkg::setDeadline;
      case "fdCloseWrite" -> NetPkg::closeWrite;
      case "listen" -> NetPkg::listen;
      case "accept" -> NetPkg::accept;
      case "dialStart" -> NetPkg::dialStart;
      case "dialFinish" -> NetPkg::dialFinish;
      case "lookupHost" -> NetPkg::lookupHost;
      case "lookupAddr" -> NetPkg::lookupAddr;
      case "lookupCNAME" -> NetPkg::lookupCNAME;
      case "nameserver" -> (g, b) -> g.rs[b] = GoString.of(nameserver());
      default -> {
        Native n = UdpNatives.link(name);
        yield n != null ? n : UnixNatives.link(name);
      }
    };
  }

  /**
   * func lookupHost(host string) (addrs []string, server string, found bool): the host's
   * addresses as the system resolver (the JVM's: /etc/hosts, then DNS) gives them, resolved on
   * a thread that has handed its P off (a lookup can wait seconds); server is the first
   * nameserver of /etc/resolv.conf, which Go's not-found error names.
   */
  static void lookupHost(G g, int b) {
    String host = g.rs[b].toString();
    Object[] addrs = new Object[0];
    boolean found = false;
    if (!host.isEmpty()) {
      g.sched.enterSyscall(g);
      try {
        java.net.InetAddress[] all = java.net.InetAddress.getAllByName(host);
        addrs = new Object[all.length];
        for (int i = 0; i < all.length; i++) {
          addrs[i] = GoString.of(all[i].getHostAddress());
        }
        found = true;
      } catch (IOException | SecurityException e) {
        found = false;
      } finally {
        g.sched.exitSyscall(g);
      }
    }
    g.rs[b] = new gol.runtime.Slice(addrs, 0, addrs.length, addrs.length);
    g.rs[b + 1] = GoString.of(found || host.isEmpty() ? "" : nameserver());
    g.ls[b + 2] = found ? 1 : 0;
  }

  /**
   * func lookupAddr(ip []byte) (name string, found bool): the name the system resolver gives
   * the address (a reverse lookup, on a thread that has handed its P off).
   */
  static void lookupAddr(G g, int b) {
    Slice s = (Slice) g.rs[b];
    byte[] ip = java.util.Arrays.copyOfRange((byte[]) s.array, s.off, s.off + s.len);
    String name = "";
    g.sched.enterSyscall(g);
    try {
      InetAddress a = InetAddress.getByAddress(ip);
      String h = a.getHostName();
      if (!h.equals(a.getHostAddress())) {
        name = h; // getHostName gives the address back when no name is found
      }
    } catch (IOException | SecurityException e) {
      name = "";
    } finally {
      g.sched.exitSyscall(g);
    }
    g.rs[b] = GoString.of(name);
    g.ls[b + 1] = name.isEmpty() ? 0 : 1;
  }

  /**
   * func lookupCNAME(host string) (cname string, code int): the canonical name of host after
   * its DNS CNAME records (JNDI's DNS provider asks the system's name servers), with the final
   * '.'; code 0 found, 1 no such host, 2 the servers did not answer. The thread hands its P off.
   */
  static void lookupCNAME(G g, int b) {
    String host = g.rs[b].toString();
    String name = host.endsWith(".") ? host : host + ".";
    int code = 0;
    g.sched.enterSyscall(g);
    try {
      java.util.Hashtable<String, String> env = new java.util.Hashtable<>();
      env.put(javax.naming.Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.dns.DnsContextFactory");
      env.put("com.sun.jndi.dns.timeout.initial", "2000"); // Go's resolv.conf defaults: 5 s, 2 tries
      env.put("com.sun.jndi.dns.timeout.retries", "2");
      javax.naming.directory.DirContext dns = new javax.naming.directory.InitialDirContext(env);
      try {
        for (int hops = 0; hops < 10; hops++) {
          javax.naming.directory.Attribute c = dns.getAttributes(name, new String[] {"CNAME"}).get("CNAME");
          if (c == null) {
            break;
          }
          String next = c.get().toString();
          name = next.endsWith(".") ? next : next + ".";
        }
        // the name must have addresses (Go's answer for a name without any is "no such host")
        javax.naming.directory.Attributes a = dns.getAttributes(name, new String[] {"A", "AAAA"});
        if (a.size() == 0) {
          code = 1;
        }
      } finally {
        dns.close();
      }
    } catch (javax.naming.NameNotFoundException e) {
      code = 1;
    } catch (javax.naming.NamingException | RuntimeException e) {
      code = 2;
    } finally {
      g.sched.exitSyscall(g);
    }
    g.rs[b] = GoString.of(code == 0 ? name : "");
    g.ls[b + 1] = code;
    g.rs[b + 1] = null;
  }

  /** "ADDR:53" for /etc/resolv.conf's first nameserver, or "". */
  private static String nameserver() {
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/etc/resolv.conf"))) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 2 && f[0].equals("nameserver")) {
          return f[1].contains(":") ? "[" + f[1] + "]:53" : f[1] + ":53";
        }
      }
    } catch (IOException e) {
      // no resolver configuration: the error names no server
    }
    return "";
  }

  /** Results (n, code, msg) at base, base+1, base+2. */
  static void nres(G g, int b, long n, int code, String msg) {
    g.ls[b] = n;
    g.rs[b] = null;
    g.ls[b + 1] = code;
    g.rs[b + 1] = null;
    g.ls[b + 2] = 0;
    g.rs[b + 2] = GoString.of(msg);
  }

  /** Maps a PollDesc status to ours (OK means the G parked: try again). */
  static int waited(int pd) {
    return pd == PollDesc.OK ? AGAIN : pd == PollDesc.ERR_TIMEOUT ? TIMEOUT : CLOSED;
  }

  /** Go's wording of a socket error: "connection refused", "connection reset by peer"... */
  static String sysMsg(String syscall, IOException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    m = m.toLowerCase(Locale.ROOT);
    if (m.contains("broken pipe")) {
      m = "broken pipe";
    } else if (m.contains("reset")) {
      m = "connection reset by peer";
    } else if (m.contains("refused")) {
      m = "connection refused";
    } else if (m.contains("already in use")) {
      m = "address already in use";
    } else if (m.contains("path too long")) {
      m = "invalid argument"; // a Unix socket name longer than sun_path: Go's EINVAL
    }
    return syscall + ": " + m;
  }

  /** func fdRead(fd *netFD, b []byte) (n int, code int, msg string) */
  static void read(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int e = pd.check(false);
    if (e != PollDesc.OK) {
      nres(g, b, 0, waited(e), "");
      return;
    }
    if (s == null || s.len == 0) {
      nres(g, b, 0, OK, "");
      return;
    }
    try {
      int n = ((SocketChannel) pd.ch).read(ByteBuffer.wrap((byte[]) s.array, s.off, s.len));
      if (n > 0) {
        nres(g, b, n, OK, "");
      } else if (n < 0) {
        nres(g, b, 0, EOF, "");
      } else {
        nres(g, b, 0, waited(pd.waitRead(g, SelectionKey.OP_READ)), "");
      }
    } catch (ClosedChannelException ex) {
      nres(g, b, 0, CLOSED, "");
    } catch (IOException ex) {
      nres(g, b, 0, SYS, sysMsg("read", ex));
    }
  }

  /** func fdCloseWrite(fd *netFD) (code int, msg string): shuts down the writing side (FIN). */
  static void closeWrite(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    int code = OK;
    String msg = "";
    if (pd.check(true) == PollDesc.ERR_CLOSING) {
      code = CLOSED;
    } else {
      try {
        ((SocketChannel) pd.ch).shutdownOutput();
      } catch (ClosedChannelException ex) {
        code = CLOSED;
      } catch (IOException ex) {
        code = SYS;
        msg = sysMsg("shutdown", ex);
      }
    }
    g.ls[b] = code;
    g.rs[b] = null;
    g.ls[b + 1] = 0;
    g.rs[b + 1] = GoString.of(msg);
  }

  /** func fdWrite(fd *netFD, b []byte) (n int, code int, msg string): writes what it can. */
  static void write(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int e = pd.check(true);
    if (e != PollDesc.OK) {
      nres(g, b, 0, waited(e), "");
      return;
    }
    if (s == null || s.len == 0) {
      nres(g, b, 0, OK, "");
      return;
    }
    try {
      int n = ((SocketChannel) pd.ch).write(ByteBuffer.wrap((byte[]) s.array, s.off, s.len));
      if (n > 0) {
        nres(g, b, n, OK, "");
      } else {
        nres(g, b, 0, waited(pd.waitWrite(g, SelectionKey.OP_WRITE)), "");
      }
    } catch (ClosedChannelException ex) {
      nres(g, b, 0, CLOSED, "");
    } catch (IOException ex) {
      nres(g, b, 0, SYS, sysMsg("write", ex));
    }
  }

  /** func fdSetDeadline(fd *netFD, d int64, none bool, read bool, write bool): d from now. */
  static void setDeadline(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    long d = g.ls[b + 1];
    long when = g.ls[b + 2] != 0 ? 0 : System.nanoTime() + Math.max(d, 0);
    if (g.ls[b + 2] == 0 && d <= 0) {
      when = System.nanoTime() - 1; // already passed
    }
    pd.setDeadline(when, g.ls[b + 3] != 0, g.ls[b + 4] != 0);
  }

  /** "host:port" as Go prints it: IPv6 hosts in brackets. */
  static String addr(SocketAddress a) {
    if (!(a instanceof InetSocketAddress i)) {
      return "";
    }
    InetAddress ip = i.getAddress();
    String h = ip == null ? i.getHostString() : ip.getHostAddress();
    if (h.contains(":")) {
      int z = h.indexOf('%');
      h = "[" + (z >= 0 ? h.substring(0, z) : h) + "]";
      if (h.equals("[0:0:0:0:0:0:0:0]")) {
        h = "[::]";
      }
    }
    return h + ":" + i.getPort();
  }

  /** Parses "host:port" (host may be empty, a name or [v6]). Throws IOException with Go's words. */
  static InetSocketAddress parse(String s) throws IOException {
    int i = s.lastIndexOf(':');
    if (i < 0) {
      throw new IOException("address " + s + ": missing port in address");
    }
    String host = s.substring(0, i);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(s.substring(i + 1));
    } catch (NumberFormatException e) {
      throw new IOException("address " + s.substring(i + 1) + ": invalid port");
    }
    if (host.isEmpty()) {
      return new InetSocketAddress(port);
    }
    try {
      return new InetSocketAddress(InetAddress.getByName(host), port);
    } catch (java.net.UnknownHostException e) {
      throw new IOException("lookup " + host + ": no such host");
    }
  }

  /** func listen(address string) (fd *netFD, laddr string, code int, msg string) */
  static void listen(G g, int b) {
    String address = g.rs[b].toString();
    ServerSocketChannel ch = null;
    try {
      InetSocketAddress a = parse(address);
      ch = ServerSocketChannel.open();
      ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
      try {
        ch.bind(a, 4096);
      } catch (IOException e) {
        throw new IOException(sysMsg("bind", e), e);
      }
      PollDesc pd = Poller.get(g.sched).open(ch);
      g.rs[b] = pd;
      g.rs[b + 1] = GoString.of(addr(ch.getLocalAddress()));
      g.ls[b + 2] = OK;
      g.rs[b + 3] = GoString.EMPTY;
    } catch (IOException e) {
      closeQuietly(ch);
      g.rs[b] = null;
      g.rs[b + 1] = GoString.EMPTY;
      g.ls[b + 2] = SYS;
      g.rs[b + 3] = GoString.of(e.getMessage());
    }
  }

  /** func accept(fd *netFD) (nfd *netFD, laddr string, raddr string, code int, msg string) */
  static void accept(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    int code = OK;
    String msg = "";
    Object nfd = null;
    String la = "";
    String ra = "";
    int e = pd.check(false);
    if (e != PollDesc.OK) {
      code = waited(e);
    } else {
      try {
        SocketChannel c = ((ServerSocketChannel) pd.ch).accept();
        if (c == null) {
          code = waited(pd.waitRead(g, SelectionKey.OP_ACCEPT));
        } else {
          c.setOption(StandardSocketOptions.TCP_NODELAY, true);
          nfd = Poller.get(g.sched).open(c);
          la = addr(c.getLocalAddress());
          ra = addr(c.getRemoteAddress());
        }
      } catch (ClosedChannelException ex) {
        code = CLOSED;
      } catch (IOException ex) {
        code = SYS;
        msg = sysMsg("accept", ex);
      }
    }
    g.rs[b] = nfd;
    g.rs[b + 1] = GoString.of(la);
    g.rs[b + 2] = GoString.of(ra);
    g.ls[b + 3] = code;
    g.rs[b + 3] = null;
    g.rs[b + 4] = GoString.of(msg);
  }

  /** func dialStart(address string) (fd *netFD, code int, msg string): starts a connect. */
  static void dialStart(G g, int b) {
    String address = g.rs[b].toString();
    SocketChannel ch = null;
    try {
      InetSocketAddress a = parse(address);
      ch = SocketChannel.open();
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      PollDesc pd = Poller.get(g.sched).open(ch);
      try {
        ch.connect(a);
      } catch (IOException e) {
        throw new IOException(sysMsg("connect", e), e);
      }
      g.rs[b] = pd;
      g.ls[b + 1] = OK;
      g.rs[b + 2] = GoString.EMPTY;
    } catch (IOException e) {
      closeQuietly(ch);
      g.rs[b] = null;
      g.ls[b + 1] = SYS;
      g.rs[b + 2] = GoString.of(e.getMessage());
    }
  }

  /** func dialFinish(fd *netFD) (laddr, raddr string, code int, msg string) */
  static void dialFinish(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    SocketChannel ch = (SocketChannel) pd.ch;
    int code = OK;
    String msg = "";
    String la = "";
    String ra = "";
    int e = pd.check(true);
    if (e != PollDesc.OK) {
      code = waited(e);
    } else {
      try {
        if (ch.isConnected() || ch.finishConnect()) {
          la = addr(ch.getLocalAddress());
          ra = addr(ch.getRemoteAddress());
        } else {
          code = waited(pd.waitWrite(g, SelectionKey.OP_CONNECT));
        }
      } catch (ClosedChannelException ex) {
        code = CLOSED;
      } catch (IOException ex) {
        code = SYS;
        msg = sysMsg("connect", ex);
      }
    }
    g.rs[b] = GoString.of(la);
    g.rs[b + 1] = GoString.of(ra);
    g.ls[b + 2] = code;
    g.rs[b + 2] = null;
    g.rs[b + 3] = GoString.of(msg);
  }

  private static void closeQuietly(java.nio.channels.Channel c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException e) {
        // nothing to report
      }
    }
  }
}
