package gol.stdlib.net;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.PollDesc;
import gol.runtime.Poller;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/*
 * The Unix domain socket natives of package net (net.gol's UnixConn and UnixListener): stream
 * sockets (AF_UNIX, SOCK_STREAM) as the JDK's (16+) non-blocking SocketChannel and
 * ServerSocketChannel, in PollDescs of the program's poller like NetPkg's TCP sockets.
 *
 * Concepts
 *   Once open, a Unix connection reads, writes, closes and takes deadlines through NetPkg's
 *   natives (fdRead, fdWrite, ...: they only need a SocketChannel). Only opening differs:
 *   listen, accept and the start of a connect, which finishes with NetPkg's dialFinish.
 *   The JDK has no abstract socket names ("@name"): a name starting with '@' is a file name.
 *
 * Invariants
 *   - Every channel is non-blocking (PollDesc makes it so); no native blocks its thread.
 *   - Status codes are NetPkg's (net.gol's statusOK..statusSys).
 */
final class UnixNatives {
  private UnixNatives() {
  }

  static Native link(String name) {
    return switch (name) {
      case "unixListen" -> UnixNatives::listen;
      case "unixAccept" -> UnixNatives::accept;
      case "unixDialStart" -> UnixNatives::dialStart;
      default -> null;
    };
  }

  /** The socket's file name; "" for an unnamed socket. */
  private static String name(SocketAddress a) {
    return a instanceof UnixDomainSocketAddress u ? u.getPath().toString() : "";
  }

  /**
   * func unixListen(path string) (fd *netFD, name string, code int, msg string): a listening
   * socket bound to the file path ("": a name the JDK chooses in the temporary directory).
   */
  static void listen(G g, int b) {
    String path = g.rs[b].toString();
    ServerSocketChannel ch = null;
    try {
      ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      try {
        ch.bind(path.isEmpty() ? null : UnixDomainSocketAddress.of(path), 4096);
      } catch (IOException e) {
        throw new IOException(NetPkg.sysMsg("bind", e), e);
      }
      g.rs[b] = Poller.get(g.sched).open(ch);
      g.rs[b + 1] = GoString.of(name(ch.getLocalAddress()));
      g.ls[b + 2] = NetPkg.OK;
      g.rs[b + 2] = null;
      g.rs[b + 3] = GoString.EMPTY;
    } catch (IOException | RuntimeException e) {
      UdpNatives.closeQuietly(ch);
      g.rs[b] = null;
      g.rs[b + 1] = GoString.EMPTY;
      g.ls[b + 2] = NetPkg.SYS;
      g.rs[b + 2] = null;
      g.rs[b + 3] = GoString.of(e instanceof IOException ? e.getMessage() : "bind: invalid argument");
    }
  }

  /** func unixAccept(fd *netFD) (nfd *netFD, code int, msg string) */
  static void accept(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    Object nfd = null;
    int code = NetPkg.OK;
    String msg = "";
    int e = pd.check(false);
    if (e != PollDesc.OK) {
      code = NetPkg.waited(e);
    } else {
      try {
        SocketChannel c = ((ServerSocketChannel) pd.ch).accept();
        if (c == null) {
          code = NetPkg.waited(pd.waitRead(g, SelectionKey.OP_ACCEPT));
        } else {
          nfd = Poller.get(g.sched).open(c);
        }
      } catch (ClosedChannelException ex) {
        code = NetPkg.CLOSED;
      } catch (IOException ex) {
        code = NetPkg.SYS;
        msg = NetPkg.sysMsg("accept", ex);
      }
    }
    g.rs[b] = nfd;
    g.ls[b + 1] = code;
    g.rs[b + 1] = null;
    g.rs[b + 2] = GoString.of(msg);
  }

  /**
   * func unixDialStart(laddr, path string) (fd *netFD, code int, msg string): starts a connect
   * to the socket file path from a socket bound to laddr (unless ""); dialFinish completes it.
   */
  static void dialStart(G g, int b) {
    String laddr = g.rs[b].toString();
    String path = g.rs[b + 1].toString();
    SocketChannel ch = null;
    String op = "bind";
    try {
      ch = SocketChannel.open(StandardProtocolFamily.UNIX);
      if (!laddr.isEmpty()) {
        ch.bind(UnixDomainSocketAddress.of(laddr));
      }
      PollDesc pd = Poller.get(g.sched).open(ch);
      op = "connect";
      ch.connect(UnixDomainSocketAddress.of(path));
      g.rs[b] = pd;
      g.ls[b + 1] = NetPkg.OK;
      g.rs[b + 1] = null;
      g.rs[b + 2] = GoString.EMPTY;
    } catch (IOException | RuntimeException e) {
      UdpNatives.closeQuietly(ch);
      g.rs[b] = null;
      g.ls[b + 1] = NetPkg.SYS;
      g.rs[b + 1] = null;
      g.rs[b + 2] = GoString.of(e instanceof IOException io ? NetPkg.sysMsg(op, io) : op + ": invalid argument");
    }
  }
}
