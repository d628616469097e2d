package gol.interp.vm;

import static gol.interp.vm.VmHarness.fn;
import static gol.interp.vm.VmHarness.run;
import static gol.interp.vm.VmHarness.runL;
import static gol.interp.vm.VmHarness.self;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Native;
import org.junit.jupiter.api.Test;

/** Calls, returns, closures, natives, stack growth and shrinking, and the stack-overflow fatal error. */
class InterpCallTest {
  /** fib(n) with the frame r0 = n, r1 = 2, r2/r3 = the two calls' frames. */
  static Proto fib() {
    return fn("main.fib", 1, 1, 4, cb -> {
      cb.setLine(10);
      cb.emit(Op.LOADI, 1, 2);
      int j = cb.emit(Op.JLT_I, 0, 1, 0);
      cb.setLine(11);
      cb.emit(Op.ADDI, 2, 0, -1);
      cb.emit(Op.CALL, cb.constR(self()), 2);
      cb.emit(Op.ADDI, 3, 0, -2);
      cb.emit(Op.CALL, cb.constR(self()), 3);
      cb.emit(Op.ADD_I, 0, 2, 3);
      cb.emit(Op.RET, 0, 1);
      cb.patch(j, cb.pc());
      cb.emit(Op.RET, 0, 1);
    });
  }

  static Proto callWith(Proto f, long arg) {
    return fn("main.main", 0, 1, 2, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(arg));
      cb.emit(Op.CALL, cb.constR(f), 1);
      cb.emit(Op.MOV_L, 0, 1);
      cb.emit(Op.RET, 0, 1);
    });
  }

  @Test
  void recursiveCalls() {
    assertEquals(6765, runL(callWith(fib(), 20)));
  }

  @Test
  void multipleResultsBothHalves() {
    // swap(a int, b string) (string, int)
    Proto swap = fn("main.swap", 2, 2, 4, cb -> {
      cb.emit(Op.MOV_R, 2, 1);
      cb.emit(Op.MOV_L, 3, 0);
      cb.emit(Op.RET, 2, 2);
    });
    VmHarness.Result r = run(fn("main.main", 0, 2, 6, cb -> {
      cb.emit(Op.LOADI, 3, 5);          // a stale frame slot below the callee must survive
      cb.emit(Op.LOADI, 4, 99);
      cb.emit(Op.LOADK_R, 5, cb.constR(GoString.of("s")));
      cb.emit(Op.CALL, cb.constR(swap), 4);
      cb.emit(Op.ADD_I, 5, 5, 3);       // 99 + 5
      cb.emit(Op.MOV_R, 0, 4);
      cb.emit(Op.MOV_L, 1, 5);
      cb.emit(Op.RET, 0, 2);
    }));
    assertEquals(0, r.status, r.err);
    assertEquals(GoString.of("s"), r.g.rs[0]);
    assertEquals(104, r.g.ls[1]);
    assertEquals(0, r.g.depth);
    assertEquals(G.DEAD, r.g.status);
  }

  @Test
  void closuresShareCells() {
    // counter := func() int { n++; return n } capturing n (a LongCell) from main's r1, and
    // a nested closure capturing the counter's own cell 0 (c = -1).
    Proto inner = fn("main.main.func1.1", 0, 1, 1, cb -> {
      cb.emit(Op.LDUP_L, 0, 0);
      cb.emit(Op.RET, 0, 1);
    });
    inner.captures = new int[] {-1};
    Proto counter = fn("main.main.func1", 0, 1, 3, cb -> {
      cb.emit(Op.LDUP_L, 0, 0);
      cb.emit(Op.ADDI, 0, 0, 1);
      cb.emit(Op.STUP_L, 0, 0);
      cb.emit(Op.GETUP, 1, 0);
      cb.emit(Op.CLOSURE, 2, cb.constR(inner));
      cb.emit(Op.CALLC, 2, 2);                  // inner() reads the same cell
      cb.emit(Op.LDCELL_L, 0, 1);
      cb.emit(Op.ADD_I, 0, 0, 2);               // n + n
      cb.emit(Op.RET, 0, 1);
    });
    counter.captures = new int[] {1};
    assertEquals(6 + 100, runL(fn("main.main", 0, 1, 5, cb -> {
      cb.emit(Op.NEWCELL_L, 1);
      cb.emit(Op.CLOSURE, 2, cb.constR(counter));
      cb.emit(Op.CALLC, 2, 3);   // 2
      cb.emit(Op.CALLC, 2, 3);   // 4
      cb.emit(Op.CALLC, 2, 3);   // 6
      cb.emit(Op.LOADI, 4, 100);
      cb.emit(Op.ADD_I, 0, 3, 4);
      cb.emit(Op.RET, 0, 1);
    })));
    // captured reference cells
    Proto getter = fn("main.get", 0, 1, 1, cb -> {
      cb.emit(Op.LDUP_R, 0, 0);
      cb.emit(Op.RET, 0, 1);
    });
    getter.captures = new int[] {1};
    Proto setter = fn("main.set", 1, 0, 1, cb -> {
      cb.emit(Op.STUP_R, 0, 0);
      cb.emit(Op.RET, 0, 0);
    });
    setter.captures = new int[] {1};
    Object got = VmHarness.runR(fn("main.main", 0, 1, 5, cb -> {
      cb.emit(Op.NEWCELL_R, 1);
      cb.emit(Op.CLOSURE, 2, cb.constR(setter));
      cb.emit(Op.CLOSURE, 3, cb.constR(getter));
      cb.emit(Op.LOADK_R, 4, cb.constR(GoString.of("v")));
      cb.emit(Op.CALLC, 2, 4);
      cb.emit(Op.CALLC, 3, 4);
      cb.emit(Op.MOV_R, 0, 4);
      cb.emit(Op.RET, 0, 1);
    }));
    assertEquals(GoString.of("v"), got);
  }

  @Test
  void nativesReadArgumentsAndWriteResults() {
    Native add = (g, base) -> {
      g.ls[base] = g.ls[base] + g.ls[base + 1];
      g.rs[base + 1] = GoString.of("sum");
    };
    VmHarness.Result r = run(fn("main.main", 0, 2, 4, cb -> {
      cb.emit(Op.LOADI, 2, 40);
      cb.emit(Op.LOADI, 3, 2);
      cb.emit(Op.CALLN, cb.constR(add), 2);
      cb.emit(Op.MOV_L, 0, 2);
      cb.emit(Op.MOV_R, 1, 3);
      cb.emit(Op.RET, 0, 2);
    }));
    assertEquals(42, r.g.ls[0]);
    assertEquals(GoString.of("sum"), r.g.rs[1]);
  }

  @Test
  void nativeProtoCalledLikeAnyFunction() {
    Native twice = (g, base) -> g.ls[base] *= 2;
    Proto stub = fn("strconv.twice", 1, 1, 1, cb -> {
      cb.emit(Op.CALLN, cb.constR(twice), 0);
      cb.emit(Op.RET, 0, 1);
    });
    stub.nativeFn = twice;
    assertEquals(42, runL(callWith(stub, 21)));
  }

  @Test
  void osExitFlushesAndPropagates() {
    Native print = (g, base) -> g.machine.stdout.write((GoString) g.rs[base]);
    Native exit = (g, base) -> {
      throw new GoExit((int) g.ls[base]);
    };
    VmHarness.Result r = run(fn("main.main", 0, 0, 2, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(GoString.of("bye\n")));
      cb.emit(Op.CALLN, cb.constR(print), 1);
      cb.emit(Op.LOADI, 1, 3);
      cb.emit(Op.CALLN, cb.constR(exit), 1);
      cb.emit(Op.RET, 0, 0);
    }));
    assertEquals(3, r.status);
    assertEquals("bye\n", r.out);
    assertEquals("", r.err);
  }

  /** sum(n) = n + sum(n-1): each call moves the frame up 2 slots. */
  static Proto sum() {
    return fn("main.sum", 1, 1, 3, cb -> {
      cb.setLine(20);
      cb.emit(Op.LOADI, 1, 0);
      int j = cb.emit(Op.JEQ_I, 0, 1, 0);
      cb.setLine(21);
      cb.emit(Op.ADDI, 2, 0, -1);
      cb.emit(Op.CALL, cb.constR(self()), 2);
      cb.emit(Op.ADD_I, 0, 0, 2);
      cb.emit(Op.RET, 0, 1);
      cb.patch(j, cb.pc());
      cb.emit(Op.RET, 1, 1);
    });
  }

  @Test
  void deepRecursionGrowsTheStackByCopyingAndReturnsShrinkIt() {
    Native peek = (g, base) -> g.ls[base] = g.capacity();
    // main: r1 = sum(100000); r3 = capacity after the return
    VmHarness.Result r = run(fn("main.main", 0, 2, 4, cb -> {
      cb.emit(Op.LOADK_L, 2, cb.constL(100_000));
      cb.emit(Op.CALL, cb.constR(sum()), 2);
      cb.emit(Op.MOV_L, 0, 2);
      cb.emit(Op.CALLN, cb.constR(peek), 3);
      cb.emit(Op.MOV_L, 1, 3);
      cb.emit(Op.RET, 0, 2);
    }));
    assertEquals(0, r.status, r.err);
    assertEquals(5_000_050_000L, r.g.ls[0]);
    assertTrue(r.g.grows >= 12, "grows " + r.g.grows); // 64 -> 262144 slots by doubling
    assertTrue(r.g.shrinks >= 7, "shrinks " + r.g.shrinks); // 262144 -> 2048 (returns stop there)
    assertTrue(r.g.ls[1] <= G.SHRINK_ON_RETURN_FLOOR, "capacity after the recursion returned: " + r.g.ls[1]);
    assertTrue(r.g.frameFp.length <= 1024, "frames " + r.g.frameFp.length); // halved with the slots, down to the floor
  }

  @Test
  void stackShrinksAtSafePointsOnceMostlyUnused() {
    Native big = (g, base) -> g.ensure(1 << 18); // a stack grown without a deep call (no return will shrink it)
    Native mark = (g, base) -> g.preempt = true;  // what sysmon does after 10 ms
    Native peek = (g, base) -> g.ls[base] = g.capacity();
    // main: big(); then 20 times: mark(); back-edge (a safe point)
    VmHarness.Result r = run(fn("main.main", 0, 2, 6, cb -> {
      cb.emit(Op.CALLN, cb.constR(big), 5);
      cb.emit(Op.CALLN, cb.constR(peek), 1);
      cb.emit(Op.LOADI, 3, 0);
      cb.emit(Op.LOADI, 4, 20);
      int top = cb.pc();
      cb.emit(Op.CALLN, cb.constR(mark), 5);
      cb.emit(Op.ADDI, 3, 3, 1);
      cb.emit(Op.JLT_I, 3, 4, top);
      cb.emit(Op.CALLN, cb.constR(peek), 0);
      cb.emit(Op.RET, 0, 2);
    }));
    assertEquals(0, r.status, r.err);
    assertEquals(1 << 18, r.g.ls[1]);
    assertEquals(12, r.g.shrinks, "one halving per safe point, 2^18 -> 2^6");
    assertEquals(G.INITIAL_SLOTS, r.g.ls[0]);
  }

  @Test
  void stackOverflowIsGoFatalError() {
    // f(n) = f(n+1), forever
    Proto f = fn("main.f", 1, 1, 2, cb -> {
      cb.setLine(5);
      cb.emit(Op.ADDI, 1, 0, 1);
      cb.setLine(6);
      cb.emit(Op.CALL, cb.constR(self()), 1);
      cb.emit(Op.RET, 1, 1);
    });
    Proto main = fn("main.main", 0, 0, 2, cb -> {
      cb.setLine(9);
      cb.emit(Op.LOADI, 1, 0);
      cb.emit(Op.CALL, cb.constR(f), 1);
      cb.emit(Op.RET, 0, 0);
    });
    VmHarness.Result r = VmHarness.run(main, 64 * 1024, new long[0], new Object[0]);
    assertEquals(2, r.status);
    String e = r.err;
    assertTrue(e.startsWith("runtime: goroutine stack exceeds 65536-byte limit\n"
        + "fatal error: stack overflow\n\ngoroutine 1 [running]:\n"
        + "main.f(...)\n\tt.gol:1\n"          // the function being entered, at its declaration
        + "main.f(...)\n\tt.gol:6\n"), e);
    assertTrue(e.endsWith("main.f(...)\n\tt.gol:6\nmain.main()\n\tt.gol:9\n"), e);
    // thousands of frames: the innermost 50 and the outermost 50 are printed (Go 1.21+)
    assertTrue(e.matches("(?s).*\\n\\.\\.\\.\\d+ frames elided\\.\\.\\.\\n.*"), e);
    assertEquals(4 + 2 * 100 + 1, e.split("\n").length, e);
  }

  @Test
  void recursionThroughEmptyFramesStillOverflows() {
    Proto g = fn("main.g", 0, 0, 0, cb -> {
      cb.emit(Op.CALL, cb.constR(self()), 0);
      cb.emit(Op.RET, 0, 0);
    });
    VmHarness.Result r = VmHarness.run(callWith(g, 0), 64 * 1024, new long[0], new Object[0]);
    assertEquals(2, r.status);
    assertTrue(r.err.startsWith("runtime: goroutine stack exceeds 65536-byte limit\nfatal error: stack overflow\n"), r.err);
  }

  @Test
  void nativePanicBecomesGolPanic() {
    Native boom = (g, base) -> {
      throw GoPanic.runtime("boom from native");
    };
    VmHarness.Result r = run(fn("main.main", 0, 0, 1, cb -> {
      cb.setLine(3);
      cb.emit(Op.CALLN, cb.constR(boom), 0);
      cb.emit(Op.RET, 0, 0);
    }));
    assertEquals(2, r.status);
    assertEquals("panic: runtime error: boom from native\n\ngoroutine 1 [running]:\nmain.main()\n\tt.gol:3\n", r.err);
  }

  @Test
  void preemptFlagIsClearedAtCalls() {
    Native set = (g, base) -> g.preempt = true;
    Proto id = fn("main.id", 1, 1, 1, cb -> cb.emit(Op.RET, 0, 1));
    VmHarness.Result r = run(fn("main.main", 0, 1, 3, cb -> {
      cb.emit(Op.CALLN, cb.constR(set), 2);
      cb.emit(Op.LOADI, 1, 7);
      cb.emit(Op.CALL, cb.constR(id), 1);
      cb.emit(Op.MOV_L, 0, 1);
      cb.emit(Op.RET, 0, 1);
    }));
    assertEquals(7, r.g.ls[0]);
    assertTrue(!r.g.preempt);
  }
}
