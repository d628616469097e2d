package gol.interp.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.G;
import gol.runtime.Machine;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Sched;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Goroutines, channels and select through hand-assembled bytecode on the scheduler. */
class ConcTest {
  static final RType INT = new RType(RType.Kind.INT, "int", false);
  static final RType CHAN_INT = chanOf(INT);

  static RType chanOf(RType elem) {
    RType t = new RType(RType.Kind.CHAN, "chan " + elem.name, false);
    t.elem = elem;
    return t;
  }

  static final class Run {
    int status;
    String out;
    String err;
    long millis;
  }

  static Run run(int procs, Proto main) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Machine m = new Machine(out, false, new PrintStream(err, true, StandardCharsets.UTF_8), new String[0]);
    Sched.Options o = new Sched.Options();
    o.gomaxprocs = procs;
    Run r = new Run();
    long t0 = System.nanoTime();
    r.status = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> VmExecutor.runMain(m, main, null, o));
    r.millis = (System.nanoTime() - t0) / 1_000_000;
    r.out = out.toString(StandardCharsets.UTF_8);
    r.err = err.toString(StandardCharsets.UTF_8);
    return r;
  }

  /** A native that records L[base] into an accumulator (for checksums), Gosched, print. */
  static final long[] ACC = new long[1];
  static final Native ADD = (g, base) -> {
    synchronized (ACC) {
      ACC[0] += g.ls[base];
    }
  };
  static final Native GOSCHED = (g, base) -> g.stop = G.STOP_YIELD;
  static final Native PRINT_OK = (g, base) -> g.machine.stdout.write("ok\n".getBytes(StandardCharsets.UTF_8));

  /** ponger(c1, c2): for { v := <-c1; c2 <- v } */
  static Proto ponger() {
    return VmHarness.fn("main.ponger", 2, 0, 3, cb -> {
      cb.setLine(20);
      int loop = cb.pc();
      cb.emit(Op.RECV, 2, 0);
      cb.emit(Op.SEND, 1, 2);
      cb.emit(Op.JMP, loop);
    });
  }

  /** main: c1, c2 := make(chan int, cap), ...; go ponger(c1, c2); for i := 0; i < n; i++ { c1 <- i; s += <-c2 } */
  static Proto pingpong(long n, int cap) {
    Proto pong = ponger();
    return VmHarness.fn("main.main", 0, 0, 10, cb -> {
      cb.setLine(10);
      cb.emit(Op.LOADI, 2, cap);
      cb.emit(Op.MKCHAN, 0, 2, cb.constR(CHAN_INT));
      cb.emit(Op.MKCHAN, 1, 2, cb.constR(CHAN_INT));
      cb.emit(Op.MOV_R, 5, 0);
      cb.emit(Op.MOV_R, 6, 1);
      cb.emit(Op.GO, cb.constR(pong), 5, 2);
      cb.emit(Op.LOADK_L, 3, cb.constL(n));
      cb.emit(Op.LOADI, 2, 0);
      cb.emit(Op.LOADI, 7, 0);
      int loop = cb.pc();
      cb.emit(Op.SEND, 0, 2);
      cb.emit(Op.RECV, 4, 1);
      cb.emit(Op.ADD_I, 7, 7, 4);
      cb.emit(Op.ADDI, 2, 2, 1);
      cb.emit(Op.JLT_I, 2, 3, loop);
      cb.emit(Op.CALLN, cb.constR(ADD), 7);
      cb.emit(Op.RET, 0, 0);
    });
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void pingpongChecksum(int procs) {
    long n = 200_000;
    for (int cap : new int[] {0, 1, 64}) {
      ACC[0] = 0;
      Run r = run(procs, pingpong(n, cap));
      assertEquals(0, r.status, r.err);
      assertEquals(n * (n - 1) / 2, ACC[0]);
    }
  }

  /** Not an assertion on time: prints the figure (bench/ makes the claims). */
  @Test
  void pingpongMillionRoundTrips() {
    for (int procs : new int[] {1, 2}) {
      ACC[0] = 0;
      run(procs, pingpong(100_000, 0)); // warm-up
      ACC[0] = 0;
      Run r = run(procs, pingpong(1_000_000, 0));
      assertEquals(0, r.status, r.err);
      System.out.println("pingpong 1M round trips, GOMAXPROCS=" + procs + ": " + r.millis + " ms");
    }
  }

  /** With GOMAXPROCS=1 a G spinning in a loop without calls is preempted at its back-edge. */
  @Test
  void preemptionAtBackEdge() {
    Proto spin = VmHarness.fn("main.spin", 0, 0, 1, cb -> {
      cb.setLine(5);
      int loop = cb.pc();
      cb.emit(Op.JMP, loop); // for {}
    });
    Proto main = VmHarness.fn("main.main", 0, 0, 2, cb -> {
      cb.setLine(10);
      cb.emit(Op.GO, cb.constR(spin), 0, 0);
      cb.emit(Op.CALLN, cb.constR(GOSCHED), 0); // let the spinner have the only P
      cb.emit(Op.CALLN, cb.constR(PRINT_OK), 0);
      cb.emit(Op.RET, 0, 0);
    });
    Run r = run(1, main);
    assertEquals(0, r.status, r.err);
    assertEquals("ok\n", r.out);
  }

  @Test
  void deadlockReport() {
    Proto main = VmHarness.fn("main.main", 0, 0, 3, cb -> {
      cb.setLine(3);
      cb.emit(Op.LOADI, 1, 0);
      cb.emit(Op.MKCHAN, 0, 1, cb.constR(CHAN_INT));
      cb.setLine(4);
      cb.emit(Op.RECV, 2, 0);
      cb.emit(Op.RET, 0, 0);
    });
    Run r = run(2, main);
    assertEquals(2, r.status);
    assertEquals("fatal error: all goroutines are asleep - deadlock!\n\n"
        + "goroutine 1 [chan receive]:\nmain.main()\n\tt.gol:4\n", r.err);
  }

  @Test
  void deadlockReportsEveryGoroutine() {
    Proto blockForever = VmHarness.fn("main.worker", 0, 0, 4, cb -> {
      cb.setLine(7);
      cb.emit(Op.SELECT, 0, 3, 0, cb.constR(new int[0]), 0); // select {}
      cb.emit(Op.RET, 0, 0);
    });
    Proto main = VmHarness.fn("main.main", 0, 0, 3, cb -> {
      cb.setLine(12);
      cb.emit(Op.GO, cb.constR(blockForever), 0, 0);
      cb.setLine(13);
      cb.emit(Op.SEND, 0, 1); // send on a nil channel
      cb.emit(Op.RET, 0, 0);
    });
    Run r = run(1, main);
    assertEquals(2, r.status);
    assertEquals("fatal error: all goroutines are asleep - deadlock!\n\n"
        + "goroutine 1 [chan send (nil chan)]:\nmain.main()\n\tt.gol:13\n\n"
        + "goroutine 6 [select (no cases)]:\nmain.worker()\n\tt.gol:7\n"
        + "created by main.main in goroutine 1\n\tt.gol:12\n", r.err);
  }

  @Test
  void panicInGoroutineEndsTheProgram() {
    Proto worker = VmHarness.fn("main.worker", 1, 0, 2, cb -> {
      cb.setLine(7);
      cb.emit(Op.SEND, 0, 1); // send on a closed channel
      cb.emit(Op.RET, 0, 0);
    });
    Proto main = VmHarness.fn("main.main", 0, 0, 3, cb -> {
      cb.setLine(12);
      cb.emit(Op.LOADI, 1, 0);
      cb.emit(Op.MKCHAN, 0, 1, cb.constR(CHAN_INT));
      cb.emit(Op.CLOSE, 0);
      cb.emit(Op.GO, cb.constR(worker), 0, 1);
      cb.setLine(13);
      cb.emit(Op.RECV, 2, 1); // R[1] is nil: blocks forever
      cb.emit(Op.RET, 0, 0);
    });
    Run r = run(2, main);
    assertEquals(2, r.status);
    assertTrue(r.err.startsWith("panic: send on closed channel\n\ngoroutine 6 [running]:\nmain.worker(...)\n\tt.gol:7\n"), r.err);
  }

  @Test
  void closeWakesReceiversWithZeroAndNotOk() {
    // go func(c) { close(c) }(c); v, ok := <-c; add(v + 10*ok + 100)
    Proto closer = VmHarness.fn("main.closer", 1, 0, 1, cb -> {
      cb.emit(Op.CLOSE, 0);
      cb.emit(Op.RET, 0, 0);
    });
    Proto main = VmHarness.fn("main.main", 0, 0, 6, cb -> {
      cb.emit(Op.LOADI, 1, 0);
      cb.emit(Op.MKCHAN, 0, 1, cb.constR(CHAN_INT));
      cb.emit(Op.GO, cb.constR(closer), 0, 1);
      cb.emit(Op.LOADI, 2, 77);
      cb.emit(Op.RECV2, 2, 0);
      cb.emit(Op.LOADI, 4, 10);
      cb.emit(Op.MUL_I, 3, 3, 4);
      cb.emit(Op.ADD_I, 2, 2, 3);
      cb.emit(Op.ADDI, 2, 2, 100);
      cb.emit(Op.CALLN, cb.constR(ADD), 2);
      cb.emit(Op.LEN_CH, 5, 0);
      cb.emit(Op.ADD_I, 2, 5, 5);
      cb.emit(Op.RET, 0, 0);
    });
    ACC[0] = 0;
    Run r = run(2, main);
    assertEquals(0, r.status, r.err);
    assertEquals(100, ACC[0], "zero value, ok = false");
  }

  /** Two always-ready receive cases: each should win about half the time. */
  @Test
  void selectChoosesUniformly() {
    int n = 20_000;
    RType chanInt = CHAN_INT;
    Proto main = VmHarness.fn("main.main", 0, 0, 12, cb -> {
      // R0, R2: two buffered channels kept full; L8 counts case 0
      cb.emit(Op.LOADI, 1, 4);
      cb.emit(Op.MKCHAN, 0, 1, cb.constR(chanInt));
      cb.emit(Op.MKCHAN, 2, 1, cb.constR(chanInt));
      cb.emit(Op.LOADI, 1, 1);
      cb.emit(Op.SEND, 0, 1);
      cb.emit(Op.SEND, 2, 1);
      cb.emit(Op.LOADI, 8, 0);
      cb.emit(Op.LOADI, 9, 0);
      cb.emit(Op.LOADK_L, 10, cb.constL(n));
      int loop = cb.pc();
      cb.emit(Op.SELECT, 5, 0, 2, cb.constR(new int[] {0, 0}), 0);
      cb.emit(Op.LOADI, 11, 0);
      int skip = cb.emit(Op.JNE_I, 5, 11, 0);
      cb.emit(Op.ADDI, 8, 8, 1);
      cb.emit(Op.SEND, 0, 1); // refill case 0
      int j = cb.emit(Op.JMP, 0);
      cb.patch(skip, cb.pc());
      cb.emit(Op.SEND, 2, 1); // refill case 1
      cb.patch(j, cb.pc());
      cb.emit(Op.ADDI, 9, 9, 1);
      cb.emit(Op.JLT_I, 9, 10, loop);
      cb.emit(Op.CALLN, cb.constR(ADD), 8);
      cb.emit(Op.RET, 0, 0);
    });
    ACC[0] = 0;
    Run r = run(1, main);
    assertEquals(0, r.status, r.err);
    double share = ACC[0] / (double) n;
    assertTrue(share > 0.47 && share < 0.53, "case 0 chosen " + share + " of the time");
  }

  /** main returns at once though other goroutines are running or blocked; Ms do not leak. */
  @Test
  void mainReturnEndsEverything() {
    Proto spin = VmHarness.fn("main.spin", 0, 0, 1, cb -> {
      int loop = cb.pc();
      cb.emit(Op.JMP, loop);
    });
    Proto main = VmHarness.fn("main.main", 0, 0, 2, cb -> {
      cb.emit(Op.GO, cb.constR(spin), 0, 0);
      cb.emit(Op.GO, cb.constR(spin), 0, 0);
      cb.emit(Op.CALLN, cb.constR(GOSCHED), 0);
      cb.emit(Op.CALLN, cb.constR(PRINT_OK), 0);
      cb.emit(Op.RET, 0, 0);
    });
    for (int i = 0; i < 20; i++) {
      Run r = run(2, main);
      assertEquals(0, r.status, r.err);
      assertEquals("ok\n", r.out);
    }
    long ms = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("gol-m") || t.getName().equals("gol-sysmon")).count();
    assertTrue(ms <= 2, ms + " scheduler threads still alive");
  }
}
