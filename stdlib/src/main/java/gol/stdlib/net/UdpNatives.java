package gol.stdlib.net;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.PollDesc;
import gol.runtime.Poller;
import gol.runtime.Slice;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NotYetConnectedException;
import java.nio.channels.SelectionKey;

/*
 * The UDP natives of package net (net.gol's UDPConn): a non-blocking java.nio DatagramChannel in
 * a PollDesc of the program's poller, like NetPkg's TCP sockets.
 *
 * Concepts
 *   A receive that finds no datagram parks the G in the poller (waitRead) and returns
 *   statusAgain; the gol loop calls again once it is readied. A datagram larger than the buffer
 *   is truncated and the rest discarded, as recvfrom does on Linux (the JDK does the same).
 *   A connected channel reads with read(), which reports the ICMP "port unreachable" an earlier
 *   write provoked (Go's "read: connection refused"); an unconnected one with receive().
 *
 * Invariants
 *   - Every channel is non-blocking (PollDesc makes it so); no native blocks its thread.
 *   - Status codes are NetPkg's (net.gol's statusOK..statusSys).
 */
final class UdpNatives {
  private UdpNatives() {
  }

  static Native link(String name) {
    return switch (name) {
      case "udpOpen" -> UdpNatives::open;
      case "udpRead" -> UdpNatives::read;
      case "udpWrite" -> UdpNatives::write;
      default -> null;
    };
  }

  /**
   * func udpOpen(network, laddr, raddr string) (fd *netFD, la string, ra string, code int,
   * msg string): a socket bound to laddr ("" = any port) and connected to raddr unless "".
   */
  static void open(G g, int b) {
    String network = g.rs[b].toString();
    String laddr = g.rs[b + 1].toString();
    String raddr = g.rs[b + 2].toString();
    DatagramChannel ch = null;
    String op = "socket";
    try {
      InetSocketAddress la = laddr.isEmpty() ? null : NetPkg.parse(laddr);
      InetSocketAddress ra = raddr.isEmpty() ? null : NetPkg.parse(raddr);
      ch = DatagramChannel.open(family(network, la, ra));
      op = "bind";
      ch.bind(la);
      op = "connect";
      if (ra != null) {
        ch.connect(ra);
      }
      PollDesc pd = Poller.get(g.sched).open(ch);
      g.rs[b] = pd;
      g.rs[b + 1] = GoString.of(NetPkg.addr(ch.getLocalAddress()));
      g.rs[b + 2] = GoString.of(ra == null ? "" : NetPkg.addr(ch.getRemoteAddress()));
      g.ls[b + 3] = NetPkg.OK;
      g.rs[b + 3] = null;
      g.rs[b + 4] = GoString.EMPTY;
    } catch (IOException | RuntimeException e) {
      // RuntimeException: UnsupportedAddressTypeException and the like, an address the socket
      // cannot take (Go's EINVAL)
      closeQuietly(ch);
      g.rs[b] = null;
      g.rs[b + 1] = GoString.EMPTY;
      g.rs[b + 2] = GoString.EMPTY;
      g.ls[b + 3] = NetPkg.SYS;
      g.rs[b + 3] = null;
      String m = e.getMessage();
      g.rs[b + 4] = GoString.of(!(e instanceof IOException io) ? op + ": invalid argument"
          : m != null && (m.startsWith("address ") || m.startsWith("lookup ")) ? m : NetPkg.sysMsg(op, io));
    }
  }

  /** IPv4 for "udp4" or an IPv4 address to bind or connect to (as Go's AF_INET), else IPv6. */
  private static ProtocolFamily family(String network, InetSocketAddress la, InetSocketAddress ra) {
    if (network.endsWith("4") || isV4(la) || isV4(ra)) {
      return StandardProtocolFamily.INET;
    }
    return StandardProtocolFamily.INET6;
  }

  private static boolean isV4(InetSocketAddress a) {
    return a != null && !a.isUnresolved() && a.getAddress() instanceof Inet4Address
        && !a.getAddress().isAnyLocalAddress();
  }

  /** Results (n, from, code, msg) at base..base+3. */
  private static void rres(G g, int b, long n, String from, int code, String msg) {
    g.ls[b] = n;
    g.rs[b] = null;
    g.rs[b + 1] = GoString.of(from);
    g.ls[b + 2] = code;
    g.rs[b + 2] = null;
    g.rs[b + 3] = GoString.of(msg);
  }

  /** func udpRead(fd *netFD, b []byte) (n int, from string, code int, msg string): one datagram. */
  static void read(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int e = pd.check(false);
    if (e != PollDesc.OK) {
      rres(g, b, 0, "", NetPkg.waited(e), "");
      return;
    }
    DatagramChannel ch = (DatagramChannel) pd.ch;
    ByteBuffer buf = s == null ? ByteBuffer.allocate(0) : ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
    try {
      // receive() also reports, on a connected channel, the ICMP "port unreachable" an
      // earlier write provoked (PortUnreachableException)
      SocketAddress from = ch.receive(buf);
      if (from != null) {
        rres(g, b, buf.position() - (s == null ? 0 : s.off), NetPkg.addr(from), NetPkg.OK, "");
        return;
      }
      rres(g, b, 0, "", NetPkg.waited(pd.waitRead(g, SelectionKey.OP_READ)), "");
    } catch (ClosedChannelException ex) {
      rres(g, b, 0, "", NetPkg.CLOSED, "");
    } catch (PortUnreachableException ex) {
      rres(g, b, 0, "", NetPkg.SYS, "read: connection refused");
    } catch (IOException ex) {
      rres(g, b, 0, "", NetPkg.SYS, NetPkg.sysMsg(ch.isConnected() ? "read" : "recvfrom", ex));
    }
  }

  /**
   * func udpWrite(fd *netFD, b []byte, to string) (n int, code int, msg string): one datagram,
   * to the connected peer when to is "".
   */
  static void write(G g, int b) {
    PollDesc pd = (PollDesc) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    String to = g.rs[b + 2].toString();
    int e = pd.check(true);
    if (e != PollDesc.OK) {
      NetPkg.nres(g, b, 0, NetPkg.waited(e), "");
      return;
    }
    DatagramChannel ch = (DatagramChannel) pd.ch;
    ByteBuffer buf = s == null ? ByteBuffer.allocate(0) : ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
    int len = buf.remaining();
    try {
      int n;
      if (to.isEmpty()) {
        if (!ch.isConnected()) {
          NetPkg.nres(g, b, 0, NetPkg.SYS, "write: destination address required");
          return;
        }
        n = ch.write(buf);
      } else {
        n = ch.send(buf, NetPkg.parse(to));
      }
      if (n == 0 && len > 0) {
        NetPkg.nres(g, b, 0, NetPkg.waited(pd.waitWrite(g, SelectionKey.OP_WRITE)), "");
      } else {
        NetPkg.nres(g, b, n, NetPkg.OK, "");
      }
    } catch (ClosedChannelException ex) {
      NetPkg.nres(g, b, 0, NetPkg.CLOSED, "");
    } catch (NotYetConnectedException ex) {
      NetPkg.nres(g, b, 0, NetPkg.SYS, "write: destination address required");
    } catch (PortUnreachableException ex) {
      NetPkg.nres(g, b, 0, NetPkg.SYS, "write: connection refused");
    } catch (IOException ex) {
      NetPkg.nres(g, b, 0, NetPkg.SYS, NetPkg.sysMsg(to.isEmpty() ? "write" : "sendto", ex));
    }
  }

  static void closeQuietly(java.nio.channels.Channel c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException e) {
        // nothing to report
      }
    }
  }
}
