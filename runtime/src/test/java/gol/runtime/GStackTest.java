package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** G's stack: growth by copying, shrinking, and the limit (Go's stack.go behaviour). */
class GStackTest {
  static Machine machine(long maxStack) {
    Machine m = new Machine(new ByteArrayOutputStream(), false, new PrintStream(new ByteArrayOutputStream()), new String[0]);
    m.maxStackBytes = maxStack;
    return m;
  }

  @Test
  void newGoroutinesStartSmall() {
    G g = machine(Machine.DEFAULT_MAX_STACK).newG();
    assertEquals(G.INITIAL_SLOTS, g.capacity());
    assertTrue((long) G.INITIAL_SLOTS * 8 <= 1024, "the long half of a new stack fits in 1 KiB");
    assertEquals(G.IDLE, g.status);
    assertEquals(0, g.depth);
  }

  @Test
  void growingDoublesAndKeepsContents() {
    G g = machine(Machine.DEFAULT_MAX_STACK).newG();
    g.ls[63] = 42;
    g.rs[63] = "x";
    long[] old = g.ls;
    g.ensure(65);
    assertEquals(128, g.capacity());
    assertEquals(1, g.grows);
    assertEquals(42, g.ls[63]);
    assertEquals("x", g.rs[63]);
    assertTrue(old != g.ls, "the stack moved");
    g.ensure(1000);
    assertEquals(1024, g.capacity());
    assertEquals(2, g.grows);
    g.ensure(10);
    assertEquals(2, g.grows, "no growth when it fits");
  }

  @Test
  void growthStopsAtTheLimit() {
    G g = machine(4096 * Machine.BYTES_PER_SLOT).newG();
    g.ensure(3000); // would double to 4096: exactly the limit
    assertEquals(4096, g.capacity());
    G.StackOverflow e = assertThrows(G.StackOverflow.class, () -> g.ensure(4097));
    assertEquals(4096L * Machine.BYTES_PER_SLOT, e.limit);
    assertNull(e.entering);
    G h = machine(3000 * Machine.BYTES_PER_SLOT).newG();
    h.ensure(2500); // doubling would pass the limit: capped to it
    assertEquals(3000, h.capacity());
  }

  @Test
  void callStackArraysGrowAndHaveALimitToo() {
    G g = machine(64 * 1024).newG();
    g.frameFn[0] = "f";
    g.frameFp[15] = 7;
    g.growFrames();
    assertEquals(32, g.frameFp.length);
    assertEquals(32, g.frameCells.length);
    assertSame("f", g.frameFn[0]);
    assertEquals(7, g.frameFp[15]);
    while (g.frameFp.length * 2L * G.BYTES_PER_FRAME <= 64 * 1024) {
      g.growFrames();
    }
    assertThrows(G.StackOverflow.class, g::growFrames);
  }

  @Test
  void shrinkHalvesOnlyWhenUnderAQuarterUsed() {
    G g = machine(Machine.DEFAULT_MAX_STACK).newG();
    g.ensure(1024);
    g.ls[10] = 5;
    assertFalse(g.shrinkStack(300), "300 of 1024 is over a quarter");
    assertTrue(g.shrinkStack(200));
    assertEquals(512, g.capacity());
    assertEquals(5, g.ls[10]);
    assertEquals(1, g.shrinks);
    while (g.shrinkStack(11)) {
      // halve down to the floor
    }
    assertEquals(G.INITIAL_SLOTS, g.capacity(), "never below the initial size");
    assertEquals(5, g.ls[10]);
  }

  @Test
  void shrinkAlsoTrimsTheCallStack() {
    G g = machine(Machine.DEFAULT_MAX_STACK).newG();
    for (int i = 0; i < 4; i++) {
      g.growFrames();
    }
    assertEquals(256, g.frameFp.length);
    g.depth = 3;
    g.frameFp[2] = 9;
    g.shrinkStack(10);
    assertEquals(128, g.frameFp.length);
    assertEquals(9, g.frameFp[2]);
  }
}
