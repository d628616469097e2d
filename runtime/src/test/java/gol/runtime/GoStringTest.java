package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * GoString's ordering against a byte-by-byte unsigned comparison, over strings that share
 * prefixes of every length around the cached prefix's three bytes: zero bytes (a short string
 * and the same with zero bytes after it), bytes above 0x7F (unsigned), strings that are prefixes
 * of each other, and windows into a larger array (slices, whose bytes do not start at 0).
 */
class GoStringTest {
  private static int reference(byte[] a, byte[] b) {
    return Integer.signum(Arrays.compareUnsigned(a, b));
  }

  private static GoString window(byte[] b, Random r) {
    int pad = r.nextInt(3);
    byte[] big = new byte[pad + b.length + r.nextInt(3)];
    Arrays.fill(big, (byte) r.nextInt(256));
    System.arraycopy(b, 0, big, pad, b.length);
    return new GoString(big, pad, b.length);
  }

  @Test
  void orderIsUnsignedBytewise() {
    Random r = new Random(7);
    byte[] alphabet = {0, 1, 'a', 'b', (byte) 0x7F, (byte) 0x80, (byte) 0xFF};
    for (int round = 0; round < 200_000; round++) {
      byte[] a = new byte[r.nextInt(7)];
      for (int i = 0; i < a.length; i++) {
        a[i] = alphabet[r.nextInt(alphabet.length)];
      }
      byte[] b;
      switch (r.nextInt(3)) {
        case 0 -> b = Arrays.copyOf(a, r.nextInt(7)); // a prefix of a, or a with zero bytes after
        case 1 -> {
          b = a.clone();
          if (b.length > 0) {
            b[r.nextInt(b.length)] = alphabet[r.nextInt(alphabet.length)];
          }
        }
        default -> {
          b = new byte[r.nextInt(7)];
          for (int i = 0; i < b.length; i++) {
            b[i] = alphabet[r.nextInt(alphabet.length)];
          }
        }
      }
      GoString x = window(a, r);
      GoString y = window(b, r);
      int want = reference(a, b);
      assertEquals(want, Integer.signum(x.compareTo(y)), Arrays.toString(a) + " vs " + Arrays.toString(b));
      assertEquals(-want, Integer.signum(y.compareTo(x)), Arrays.toString(b) + " vs " + Arrays.toString(a));
      assertEquals(want, Integer.signum(x.compareTo(y)), "again, prefixes cached");
    }
  }
}
