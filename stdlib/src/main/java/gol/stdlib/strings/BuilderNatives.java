package gol.stdlib.strings;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.stdlib.ByteSlices;

/**
 * strings.Builder's hot methods as natives (strings.gol declares them without bodies):
 * WriteString, WriteByte, Write and String. Written in gol, each was a small function of its own
 * that a program calls millions of times: the VM pushed a frame for it until the JIT tier
 * translated it, and its translation then ran in HotSpot's bytecode interpreter and C1's profiled
 * code until C2 compiled it (JFR: 13% of bench/strwork's samples). As natives they are one
 * CALLN from the VM and from compiled code, and shared Java code that HotSpot compiles early.
 *
 * <p>Semantics are Go's: the copy check (a Builder copied by value panics on its first write), and
 * append's growth (Go's nextslicecap, then the allocator's size class), counted as append counts
 * a new backing array.
 */
final class BuilderNatives {
  private BuilderNatives() {
  }

  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  /** The fields' places in Struct.r (Builder{addr *Builder; buf []byte}: both references). */
  private static final int ADDR = 0;
  private static final int BUF = 1;

  /** The last Builder type whose layout matched ADDR and BUF. */
  private static RType checkedType;

  static Native link(String name) {
    return switch (name) {
      case "Builder.WriteString" -> BuilderNatives::writeString;
      case "Builder.WriteByte" -> BuilderNatives::writeByte;
      case "Builder.Write" -> BuilderNatives::write;
      case "Builder.String" -> BuilderNatives::string;
      default -> null;
    };
  }

  /**
   * The fields of receiver b after Go's copyCheck: b.addr is set on first use, and a Builder
   * whose addr is another one's (copied by value) panics. A nil b throws NullPointerException,
   * Go's nil dereference.
   */
  private static Object[] checked(Struct b) {
    Object[] r = b.r;
    Object addr = r[ADDR];
    if (addr != b) {
      if (b.type != checkedType) {
        laidOut(b.type);
      }
      if (addr != null) {
        throw new GoPanic(new Iface(STRING, 0, GoString.of("strings: illegal use of non-zero Builder copied by value")));
      }
      r[ADDR] = b;
    }
    return r;
  }

  /** Checks once per type that strings.gol's Builder has the layout the constants say. */
  private static void laidOut(RType t) {
    int[] slot = t.fieldSlot;
    if (slot.length != 2 || slot[0] != ADDR || slot[1] != BUF) {
      throw new IllegalStateException("strings.Builder's fields are not laid out as BuilderNatives expects");
    }
    checkedType = t;
  }

  /** func (b *Builder) WriteString(s string) (int, error) */
  static void writeString(G g, int base) {
    Object[] grs = g.rs;
    Struct b = (Struct) grs[base];
    GoString s = (GoString) grs[base + 1];
    Object[] r = checked(b);
    int n = s.len;
    if (n > 0) {
      r[BUF] = ByteSlices.append(g, (Slice) r[BUF], s.bytes, s.off, n);
    }
    g.ls[base] = n;
    grs[base] = null;
    grs[base + 1] = null; // a nil error
  }

  /** func (b *Builder) Write(p []byte) (int, error) */
  static void write(G g, int base) {
    Object[] grs = g.rs;
    Struct b = (Struct) grs[base];
    Slice p = (Slice) grs[base + 1];
    Object[] r = checked(b);
    int n = p == null ? 0 : p.len;
    if (n > 0) {
      r[BUF] = ByteSlices.append(g, (Slice) r[BUF], (byte[]) p.array, p.off, n);
    }
    g.ls[base] = n;
    grs[base] = null;
    grs[base + 1] = null;
  }

  /** func (b *Builder) WriteByte(c byte) error */
  static void writeByte(G g, int base) {
    Object[] grs = g.rs;
    Struct b = (Struct) grs[base];
    Object[] r = checked(b);
    Slice buf = (Slice) r[BUF];
    byte c = (byte) g.ls[base + 1];
    if (buf != null && buf.len < buf.cap) {
      ((byte[]) buf.array)[buf.off + buf.len] = c;
      r[BUF] = new Slice(buf.array, buf.off, buf.len + 1, buf.cap);
    } else {
      r[BUF] = ByteSlices.append(g, buf, new byte[] {c}, 0, 1);
    }
    grs[base] = null; // a nil error
  }

  /** func (b *Builder) String() string: the bytes without a copy (a Builder only appends). */
  static void string(G g, int base) {
    Slice buf = (Slice) ((Struct) g.rs[base]).r[BUF];
    g.rs[base] = buf == null || buf.len == 0 ? GoString.EMPTY : new GoString((byte[]) buf.array, buf.off, buf.len);
  }
}
