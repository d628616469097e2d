package gol.interp.vm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * HotSpot does not JIT-compile methods over 8000 bytes of bytecode (HugeMethodLimit), so the
 * dispatch loop must stay well below: this test reads Interp.class and fails above 7000.
 */
class DispatchSizeTest {
  static final int LIMIT = 7000;

  @Test
  void dispatchMethodIsSmallEnoughToCompile() throws IOException {
    int size = codeLength("exec");
    System.out.println("Interp.exec: " + size + " bytes of bytecode");
    assertTrue(size > 1000, "did not find the dispatch method's code (" + size + ")");
    assertTrue(size <= LIMIT, "Interp.exec is " + size + " bytes; the budget is " + LIMIT
        + " (HotSpot skips methods over 8000): move slow paths out of line");
  }

  /** The length of the Code attribute of Interp's method {@code name}, parsed from the class file. */
  static int codeLength(String name) throws IOException {
    try (InputStream in = Interp.class.getResourceAsStream("Interp.class")) {
      DataInputStream d = new DataInputStream(in);
      d.readInt(); // magic
      d.readUnsignedShort();
      d.readUnsignedShort();
      int n = d.readUnsignedShort();
      String[] utf8 = new String[n];
      for (int i = 1; i < n; i++) {
        int tag = d.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[i] = d.readUTF();
          case 3, 4, 9, 10, 11, 12, 17, 18 -> d.readInt();
          case 5, 6 -> {
            d.readLong();
            i++;
          }
          case 7, 8, 16, 19, 20 -> d.readUnsignedShort();
          case 15 -> {
            d.readUnsignedByte();
            d.readUnsignedShort();
          }
          default -> throw new IOException("bad constant tag " + tag);
        }
      }
      d.readUnsignedShort(); // access
      d.readUnsignedShort(); // this
      d.readUnsignedShort(); // super
      d.skipBytes(2 * d.readUnsignedShort()); // interfaces
      int fields = d.readUnsignedShort();
      for (int i = 0; i < fields; i++) {
        d.skipBytes(6);
        skipAttributes(d);
      }
      int methods = d.readUnsignedShort();
      for (int i = 0; i < methods; i++) {
        d.readUnsignedShort();
        String mname = utf8[d.readUnsignedShort()];
        d.readUnsignedShort();
        int attrs = d.readUnsignedShort();
        for (int a = 0; a < attrs; a++) {
          String aname = utf8[d.readUnsignedShort()];
          int len = d.readInt();
          if (mname.equals(name) && aname.equals("Code")) {
            d.readUnsignedShort(); // max_stack
            d.readUnsignedShort(); // max_locals
            return d.readInt();
          }
          d.skipBytes(len);
        }
      }
      return -1;
    }
  }

  private static void skipAttributes(DataInputStream d) throws IOException {
    int n = d.readUnsignedShort();
    for (int i = 0; i < n; i++) {
      d.readUnsignedShort();
      d.skipBytes(d.readInt());
    }
  }
}
