package gol.interp.vm;

import static gol.interp.vm.VmHarness.fn;
import static gol.interp.vm.VmHarness.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JIT tier against the interpreter, op by op on edge values (the language suite, run eager
 * by JitSuiteTest, covers whole programs), and its limits: a function too big for one HotSpot
 * method is translated by regions; recursion deeper than the Java-stack nesting limit goes through the VM.
 */
class JitTest {
  private final int mode = Jit.mode();

  @AfterEach
  void restoreMode() {
    Jit.setMode(mode);
  }

  static final long[] VALUES = {
    0, 1, -1, 2, 3, -7, 31, 63, 64, 65, -64, 255, 1L << 32, Long.MAX_VALUE, Long.MIN_VALUE,
    Double.doubleToRawLongBits(1.5), Double.doubleToRawLongBits(-0.0),
    Double.doubleToRawLongBits(Double.NaN), Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
  };

  static final int[] BINARY = {
    Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I, Op.DIV_U, Op.REM_U, Op.AND, Op.OR, Op.XOR,
    Op.ANDNOT, Op.SHL, Op.SHR_I, Op.SHR_U, Op.ADD_F, Op.SUB_F, Op.MUL_F, Op.DIV_F, Op.EQ_I,
    Op.NE_I, Op.LT_I, Op.LE_I, Op.LT_U, Op.LE_U, Op.EQ_F, Op.NE_F, Op.LT_F, Op.LE_F,
  };

  static final int[] UNARY = {
    Op.NEG_I, Op.NOT_I, Op.NEG_F, Op.F32, Op.I2F, Op.U2F, Op.F2I, Op.F2U, Op.SQRT_F,
    Op.F2I32, Op.I2F32, Op.U2F32,
  };

  /** The result (or the panic) of running p under the interpreter and under the JIT tier. */
  static String[] both(Supplier<Proto> p) {
    Jit.setMode(0);
    String interpreted = outcome(p.get());
    Jit.setMode(2);
    Proto compiled = p.get();
    String jitted = outcome(compiled);
    assertNotNull(compiled.jit, compiled.name + " was not compiled");
    return new String[] {interpreted, jitted};
  }

  static String outcome(Proto p) {
    VmHarness.Result r = run(p);
    return r.status == 0 ? Long.toString(r.g.ls[0]) : r.status + ": " + r.err.lines().findFirst().orElse("");
  }

  /**
   * A float result as Go defines it: which NaN an operation on NaNs gives is not specified (Java
   * lets HotSpot commute an add, Go's amd64 and arm64 differ), so every NaN is "NaN".
   */
  static String floatOutcome(String bits) {
    try {
      return Double.isNaN(Double.longBitsToDouble(Long.parseLong(bits))) ? "NaN" : bits;
    } catch (NumberFormatException e) { // a panic's text
      return bits;
    }
  }

  static final java.util.Set<Integer> FLOAT_RESULT = java.util.Set.of(Op.ADD_F, Op.SUB_F, Op.MUL_F, Op.DIV_F, Op.SQRT_F);

  @Test
  void warmUpTranslatesItsFunctions() {
    assertTrue(Jit.warm(), "the background compiler's warm-up functions did not translate");
  }

  /** A function called once whose loop runs long is compiled by its backward jumps alone. */
  @Test
  void aLongLoopGetsCompiledInTheBackground() throws InterruptedException {
    Jit.setMode(1);
    Proto p = fn("main.loop", 0, 1, 3, cb -> {
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      cb.emit(Op.LOADK_L, 2, cb.constL(4L * Jit.BACK_EDGES));
      int body = cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.FORLT, 1, 1, 2, body);
      cb.emit(Op.RET, 0, 1);
    });
    VmHarness.Result r = run(p);
    assertEquals(0, r.status);
    long n = 4L * Jit.BACK_EDGES;
    assertEquals(n * (n - 1) / 2, r.g.ls[0]);
    for (int i = 0; i < 1000 && p.jit == null; i++) { // gol-jit compiles it meanwhile
      Thread.sleep(10);
    }
    assertNotNull(p.jit, "a loop of " + n + " iterations was not compiled");
  }

  /**
   * No translation jumps to its own exception handlers: HotSpot's C1 refuses such a method
   * ("COMPILE SKIPPED: Exception handler can be reached by both normal and exceptional control
   * flow"), which leaves the function in HotSpot's bytecode interpreter until C2 compiles it. A
   * loop calling a function at an argument base above 0, in register mode, has the most handlers:
   * its own, and the call's chain that writes the slots below the call back on a fault.
   */
  @Test
  void noJumpReachesAnExceptionHandler() {
    Proto f = InterpCallTest.fib();
    Proto loop = fn("main.loop", 0, 1, 5, cb -> {
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      cb.emit(Op.LOADI, 2, 10); // n
      int body = cb.emit(Op.MOV_L, 3, 1);
      cb.emit(Op.CALL, cb.constR(f), 3); // fib(i) at base 3: slots 0-2 live across the call
      cb.emit(Op.ADD_I, 0, 0, 3);
      cb.emit(Op.FORLT, 1, 1, 2, body);
      cb.emit(Op.RET, 0, 1);
    });
    byte[] bytes = JitCompiler.translate(loop);
    assertNotNull(bytes, "not translated");
    assertTrue(JitCompiler.lastVariant.startsWith("registers"), JitCompiler.lastVariant);
    // ClassReader makes one Label per offset of a method (only run has code that jumps)
    List<Label> handlers = new ArrayList<>();
    List<Label> jumps = new ArrayList<>();
    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            handlers.add(handler);
          }

          @Override
          public void visitJumpInsn(int opcode, Label label) {
            jumps.add(label);
          }

          @Override
          public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            jumps.add(dflt);
            for (Label l : labels) {
              jumps.add(l);
            }
          }

          @Override
          public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            visitTableSwitchInsn(0, 0, dflt, labels);
          }
        };
      }
    }, 0);
    assertTrue(handlers.size() >= 2, "handlers: " + handlers); // the method's own and the call's
    handlers.retainAll(jumps);
    assertEquals(List.of(), handlers, "exception handlers that a jump reaches");
  }

  @Test
  void binaryOpsGiveTheInterpretersResults() {
    List<String> differ = new ArrayList<>();
    for (int op : BINARY) {
      for (long x : VALUES) {
        for (long y : VALUES) {
          String[] r = both(() -> fn("main.t", 0, 1, 3, cb -> {
            cb.emit(Op.LOADK_L, 1, cb.constL(x));
            cb.emit(Op.LOADK_L, 2, cb.constL(y));
            cb.emit(op, 0, 1, 2);
            cb.emit(Op.RET, 0, 1);
          }));
          if (FLOAT_RESULT.contains(op)) {
            r[0] = floatOutcome(r[0]);
            r[1] = floatOutcome(r[1]);
          }
          if (!r[0].equals(r[1])) {
            differ.add(Op.NAMES[op] + " " + x + " " + y + ": " + r[0] + " vs " + r[1]);
          }
        }
      }
    }
    assertEquals(List.of(), differ);
  }

  @Test
  void unaryAndImmediateOpsGiveTheInterpretersResults() {
    List<String> differ = new ArrayList<>();
    for (long x : VALUES) {
      for (int op : UNARY) {
        String[] r = both(() -> fn("main.t", 0, 1, 2, cb -> {
          cb.emit(Op.LOADK_L, 1, cb.constL(x));
          cb.emit(op, 0, 1);
          cb.emit(Op.RET, 0, 1);
        }));
        if (FLOAT_RESULT.contains(op)) {
          r[0] = floatOutcome(r[0]);
          r[1] = floatOutcome(r[1]);
        }
        if (!r[0].equals(r[1])) {
          differ.add(Op.NAMES[op] + " " + x + ": " + r[0] + " vs " + r[1]);
        }
      }
      for (int op : new int[] {Op.ADDI, Op.ANDI, Op.ORI, Op.XORI, Op.MULI, Op.SHLI, Op.SHRI, Op.SHRUI}) {
        for (int i : new int[] {0, 1, 7, 63}) {
          String[] r = both(() -> fn("main.t", 0, 1, 2, cb -> {
            cb.emit(Op.LOADK_L, 1, cb.constL(x));
            cb.emit(op, 0, 1, i);
            cb.emit(Op.RET, 0, 1);
          }));
          if (!r[0].equals(r[1])) {
            differ.add(Op.NAMES[op] + " " + x + " " + i + ": " + r[0] + " vs " + r[1]);
          }
        }
      }
      // division by constants: powers of two (shifts in translated code) and others
      for (int op : new int[] {Op.DIVI, Op.REMI}) {
        for (int d : new int[] {1, 2, 3, 8, 10, 1 << 30, -1, -2, -8, -7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
          String[] r = both(() -> fn("main.t", 0, 1, 2, cb -> {
            cb.emit(Op.LOADK_L, 1, cb.constL(x));
            cb.emit(op, 0, 1, d);
            cb.emit(Op.RET, 0, 1);
          }));
          if (!r[0].equals(r[1]) || !r[0].equals(String.valueOf(op == Op.DIVI ? x / d : x % d))) {
            differ.add(Op.NAMES[op] + " " + x + " " + d + ": " + r[0] + " vs " + r[1]);
          }
        }
      }
      for (int k : new int[] {8, 16, 32, -8, -16, -32}) {
        String[] r = both(() -> fn("main.t", 0, 1, 2, cb -> {
          cb.emit(Op.LOADK_L, 1, cb.constL(x));
          cb.emit(Op.WRAP, 0, 1, k);
          cb.emit(Op.RET, 0, 1);
        }));
        if (!r[0].equals(r[1])) {
          differ.add("WRAP " + x + " " + k + ": " + r[0] + " vs " + r[1]);
        }
      }
    }
    assertEquals(List.of(), differ);
  }

  @Test
  void aFunctionTooBigForOneMethodIsTranslatedByRegions() {
    // 1000 additions, then a loop of 1000 more run three times: the loop alone is too big too
    Proto big = fn("main.big", 0, 1, 2, cb -> {
      cb.emit(Op.LOADI, 0, 0);
      for (int i = 0; i < 1000; i++) {
        cb.emit(Op.ADDI, 0, 0, 1);
      }
      cb.emit(Op.LOADI, 1, 0);
      int body = cb.emit(Op.ADDI, 0, 0, 1);
      for (int i = 1; i < 1000; i++) {
        cb.emit(Op.ADDI, 0, 0, 1);
      }
      cb.emit(Op.ADDI, 1, 1, 1);
      cb.emit(Op.JLTI, 1, 3, body);
      cb.emit(Op.RET, 0, 1);
    });
    assertNull(JitCompiler.translate(big)); // the first time: too big, and counted again
    assertTrue(big.tooBig);
    assertNotNull(JitCompiler.translate(big));
    assertTrue(JitCompiler.lastVariant.contains(" regions "), JitCompiler.lastVariant);
    Jit.setMode(2);
    assertEquals("4000", outcome(big));
    assertNotNull(big.jit);
  }

  /**
   * main runs once: its loop that calls out is outlined (a region that leaves to the dispatcher
   * every TRIPS_PER_CALL rounds), and computes what the interpreter does; a loop that only
   * computes stays in one method.
   */
  @Test
  void aLoopThatCallsOutInARunOnceFunctionIsOutlined() {
    gol.runtime.Native twice = (g, b) -> g.ls[b] = 2 * g.ls[b];
    java.util.function.Function<String, Proto> loop = name -> fn(name, 0, 1, 4, cb -> {
      int k = cb.constR(twice);
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      int jmp = cb.emit(Op.JMP, -1); // to the condition
      int body = cb.emit(Op.MOV_L, 2, 1);
      cb.emit(Op.CALLN, k, 2); // r2 = twice(i)
      cb.emit(Op.ADD_I, 0, 0, 2);
      cb.emit(Op.ADDI, 1, 1, 1);
      int cond = cb.emit(Op.JLTI, 1, 3 * JitEmitter.TRIPS_PER_CALL + 5, body);
      cb.patch(jmp, cond);
      cb.emit(Op.RET, 0, 1);
    });
    Supplier<Proto> calls = () -> loop.apply("main.main");
    String[] r = both(calls);
    assertEquals(r[0], r[1]);
    long n = 3 * JitEmitter.TRIPS_PER_CALL + 5;
    assertEquals(Long.toString(n * (n - 1)), r[1]);
    assertNotNull(JitCompiler.translate(calls.get()));
    assertTrue(JitCompiler.lastVariant.contains("1 outlined loops"), JitCompiler.lastVariant);

    for (String once : List.of("main.main", "strconv.init", "unicode.init.12")) {
      assertTrue(JitRegions.runsOnce(fn(once, 0, 0, 1, cb -> cb.emit(Op.RET, 0, 0))), once);
    }
    for (String many : List.of("main.fib", "main.initAll", "main.init.x", "main.main.func1")) {
      assertTrue(!JitRegions.runsOnce(fn(many, 0, 0, 1, cb -> cb.emit(Op.RET, 0, 0))), many);
    }
    // another function whose loop got hot while it had been called at most twice: the same
    Proto work = loop.apply("main.work");
    assertNotNull(JitCompiler.translate(work));
    assertTrue(!JitCompiler.lastVariant.contains("outlined"), JitCompiler.lastVariant);
    work.hot = 1;
    Jit.setMode(0); // (the tier off: loopHot marks it and queues no compile)
    Jit.loopHot(work);
    assertTrue(work.loopHot);
    assertNotNull(JitCompiler.translate(work));
    assertTrue(JitCompiler.lastVariant.contains("1 outlined loops"), JitCompiler.lastVariant);

    Proto sums = fn("main.main", 0, 1, 3, cb -> {
      cb.emit(Op.LOADI, 0, 0);
      cb.emit(Op.LOADI, 1, 0);
      int body = cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.ADDI, 1, 1, 1);
      cb.emit(Op.JLTI, 1, 100, body);
      cb.emit(Op.RET, 0, 1);
    });
    assertNotNull(JitCompiler.translate(sums));
    assertTrue(!JitCompiler.lastVariant.contains("regions"), JitCompiler.lastVariant);
  }

  /**
   * An outlined loop of six calls of Java code or more is translated in slot mode (C2 is slow to
   * compile it in register mode and it gains little there); with five it keeps its registers, and
   * a call of a leaf that is inlined is no call. Either way it computes what the interpreter does.
   */
  @Test
  void aLoopOfCallsIsTranslatedInSlotMode() {
    gol.runtime.Native twice = (g, b) -> g.ls[b] = 2 * g.ls[b];
    Proto leaf = fn("main.leaf", 1, 1, 1, cb -> {
      cb.emit(Op.ADDI, 0, 0, 1);
      cb.emit(Op.RET, 0, 1);
    });
    java.util.function.IntFunction<Proto> loop = calls -> fn("main.main", 0, 1, 4, cb -> {
      int k = cb.constR(twice);
      int kl = cb.constR(leaf);
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      int jmp = cb.emit(Op.JMP, -1);
      int body = cb.emit(Op.MOV_L, 2, 1);
      for (int c = 0; c < calls; c++) {
        cb.emit(Op.CALLN, k, 2); // r2 = twice(r2)
        cb.emit(Op.CALL, kl, 2); // r2 = leaf(r2), inlined
      }
      cb.emit(Op.ADD_I, 0, 0, 2);
      cb.emit(Op.ADDI, 1, 1, 1);
      int cond = cb.emit(Op.JLTI, 1, 3 * JitEmitter.TRIPS_PER_CALL + 5, body);
      cb.patch(jmp, cond);
      cb.emit(Op.RET, 0, 1);
    });
    for (int calls : new int[] {5, 6}) {
      Proto p = loop.apply(calls);
      assertEquals(calls >= JitRegions.CALL_HEAVY, JitRegions.callHeavy(p, 0, p.code.length));
      String[] r = both(() -> loop.apply(calls));
      assertEquals(r[0], r[1]);
    }
  }

  /** A region boundary is never inside a loop, nor between a loop and its jump to its condition. */
  @Test
  void regionsAreCutBetweenLoops() {
    int[] at = new int[4];
    Proto f = fn("main.loops", 0, 1, 4, cb -> {
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      at[0] = cb.emit(Op.JMP, -1); // to the condition
      int body = cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.ADDI, 1, 1, 1);
      at[1] = cb.emit(Op.JLTI, 1, 10, body); // the condition
      cb.patch(at[0], at[1]);
      at[2] = cb.emit(Op.ADDI, 0, 0, 1);
      at[3] = cb.emit(Op.RET, 0, 1);
    });
    List<Integer> cuts = JitRegions.cuts(f);
    assertEquals(List.of(0, 3, at[0], at[2], at[3], f.code.length), cuts);
    // the loop alone: its body may be cut, its jump into it stays with its first piece
    List<Integer> inner = JitRegions.cuts(f, at[0], at[2]);
    assertEquals(at[0], inner.get(0));
    assertEquals(at[2], inner.get(inner.size() - 1));
    assertTrue(inner.size() > 3, inner.toString());
  }

  /** sum(n) = n + sum(n-1), 20,000 deep: past MAX_NEST the calls go through the VM, and back. */
  @Test
  void recursionDeeperThanTheNestLimitUnwindsThroughTheVm() {
    int depth = 20_000;
    String[] r = both(() -> {
      Proto[] sum = new Proto[1];
      sum[0] = fn("main.sum", 1, 1, 4, cb -> {
        int k = cb.constR(VmHarness.self());
        int done = cb.emit(Op.JLEI, 0, 0, -1);
        cb.emit(Op.ADDI, 2, 0, -1);
        cb.emit(Op.CALL, k, 2);
        cb.emit(Op.ADD_I, 1, 0, 2);
        cb.emit(Op.RET, 1, 1);
        cb.patch(done, cb.pc());
        cb.emit(Op.LOADI, 1, 0);
        cb.emit(Op.RET, 1, 1);
      });
      return fn("main.t", 0, 1, 2, cb -> {
        cb.emit(Op.LOADI, 1, depth);
        cb.emit(Op.CALL, cb.constR(sum[0]), 1);
        cb.emit(Op.MOV_L, 0, 1);
        cb.emit(Op.RET, 0, 1);
      });
    });
    assertEquals(Long.toString((long) depth * (depth + 1) / 2), r[0]);
    assertEquals(r[0], r[1]);
  }

  /**
   * A frameless function (Frameless: it only computes and calls itself) is called with no frame
   * pushed: its translation writes no frame entry and no depth itself, only through Jit.ownFrame
   * on its ways out; one that calls a native is not frameless and pushes its own frame.
   */
  @Test
  void framelessFunctionsLeaveTheFrameArraysToTheirWaysOut() {
    Proto fib = InterpCallTest.fib();
    assertTrue(Frameless.test(fib));
    assertTrue(frameArrayUses(JitCompiler.translate(fib)).isEmpty(), JitCompiler.lastVariant);
    assertTrue(JitCompiler.lastVariant.contains("frameless"), JitCompiler.lastVariant);
    Proto calls = fn("main.calls", 1, 1, 3, cb -> {
      cb.emit(Op.MOV_L, 1, 0);
      cb.emit(Op.CALL, cb.constR(fib), 1);
      cb.emit(Op.CALLN, cb.constR((gol.runtime.Native) (g, base) -> { }), 1);
      cb.emit(Op.RET, 1, 1);
    });
    assertTrue(!Frameless.test(calls));
    assertTrue(frameArrayUses(JitCompiler.translate(calls)).contains("frameFn"), JitCompiler.lastVariant);
    Proto callsCalls = fn("main.callsCalls", 1, 1, 2, cb -> {
      cb.emit(Op.CALL, cb.constR(calls), 0);
      cb.emit(Op.RET, 0, 1);
    });
    assertTrue(!Frameless.test(callsCalls), "calls a function that is not frameless");
    // and both run as the interpreter runs them, through the deepest recursion the nest allows
    for (long n : new long[] {0, 1, 2, 20, Compiled.MAX_NEST + 3}) {
      String[] r = both(() -> InterpCallTest.callWith(InterpCallTest.fib(), Math.min(n, 25)));
      assertEquals(r[0], r[1], "fib(" + n + ")");
    }
  }

  /** Which of g's frame function and pc arrays and its depth (written) the translation uses. */
  static java.util.Set<String> frameArrayUses(byte[] bytes) {
    assertNotNull(bytes, "not translated");
    java.util.Set<String> uses = new java.util.TreeSet<>();
    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitFieldInsn(int opcode, String owner, String field, String d) {
            if (owner.equals("gol/runtime/G") && (field.equals("frameFn") || field.equals("framePc")
                || field.equals("depth") && opcode == Opcodes.PUTFIELD)) {
              uses.add(field);
            }
          }
        };
      }
    }, 0);
    return uses;
  }
}
