package gol.interp.vm;

import static gol.interp.vm.VmHarness.fn;
import static gol.interp.vm.VmHarness.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Runtime panics with Go's messages, panic values as Go prints them, and the traceback. */
class PanicTest {
  /** Runs a main whose body (at line 7) fails; returns stderr. Status must be 2, stdout flushed first. */
  static String panicOf(int frame, Consumer<CodeBuilder> body) {
    VmHarness.Result r = run(fn("main.main", 0, 0, frame, cb -> {
      cb.setLine(7);
      body.accept(cb);
      cb.emit(Op.RET, 0, 0);
    }));
    assertEquals(2, r.status, r.err);
    return r.err;
  }

  static String firstLine(String s) {
    return s.substring(0, s.indexOf('\n'));
  }

  @Test
  void tracebackNamesEveryFrameAtItsLine() {
    Slice three = new Slice(new long[3], 0, 3, 3);
    Proto f = fn("main.f", 1, 1, 3, cb -> {
      cb.setLine(4);
      cb.emit(Op.LOADK_R, 1, cb.constR(three));
      cb.setLine(5);
      cb.emit(Op.LDX_L, 2, 1, 0);
      cb.emit(Op.RET, 2, 1);
    });
    Proto main = fn("main.main", 0, 0, 2, cb -> {
      cb.setLine(2);
      cb.emit(Op.LOADI, 1, 5);
      cb.emit(Op.CALL, cb.constR(f), 1);
      cb.setLine(3);
      cb.emit(Op.RET, 0, 0);
    });
    VmHarness.Result r = run(main);
    assertEquals(2, r.status);
    assertEquals("panic: runtime error: index out of range [5] with length 3\n\n"
        + "goroutine 1 [running]:\n"
        + "main.f(...)\n\tt.gol:5\n"
        + "main.main()\n\tt.gol:2\n", r.err);
  }

  @Test
  void stdoutIsFlushedBeforeThePanicIsPrinted() {
    gol.runtime.Native print = (g, base) -> g.machine.stdout.write((GoString) g.rs[base]);
    VmHarness.Result r = run(fn("main.main", 0, 0, 2, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(GoString.of("before\n")));
      cb.emit(Op.CALLN, cb.constR(print), 1);
      cb.emit(Op.LOADK_R, 1, cb.constR(new Iface(new RType(RType.Kind.STRING, "string", false), 0, GoString.of("boom"))));
      cb.emit(Op.PANIC, 1);
    }));
    assertEquals("before\n", r.out);
    assertEquals("panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\tt.gol:1\n", r.err);
  }

  @Test
  void runtimeErrorMessages() {
    assertEquals("panic: runtime error: integer divide by zero", firstLine(panicOf(3, cb -> {
      cb.emit(Op.LOADI, 1, 1);
      cb.emit(Op.LOADI, 2, 0);
      cb.emit(Op.DIV_I, 0, 1, 2);
    })));
    assertEquals("panic: runtime error: integer divide by zero", firstLine(panicOf(3, cb -> {
      cb.emit(Op.LOADI, 1, 1);
      cb.emit(Op.LOADI, 2, 0);
      cb.emit(Op.REM_U, 0, 1, 2);
    })));
    assertEquals("panic: runtime error: negative shift amount", firstLine(panicOf(3, cb -> {
      cb.emit(Op.LOADI, 1, 1);
      cb.emit(Op.LOADI, 2, -1);
      cb.emit(Op.SHL, 0, 1, 2);
    })));
    String nilCall = panicOf(3, cb -> {
      cb.emit(Op.NIL_R, 1);
      cb.emit(Op.CALLC, 1, 2);
    });
    assertTrue(nilCall.startsWith("panic: runtime error: invalid memory address or nil pointer dereference\n"
        + "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n\n"
        + "goroutine 1 [running]:\nmain.main()\n\tt.gol:7\n"), nilCall);
    assertEquals("panic: runtime error: invalid memory address or nil pointer dereference", firstLine(panicOf(3, cb -> {
      cb.emit(Op.NIL_R, 1);
      cb.emit(Op.LDCELL_L, 0, 1);
    })));
  }

  static String indexPanic(int op, Object x, long i) {
    return firstLine(panicOf(4, cb -> {
      if (x == null) {
        cb.emit(Op.NIL_R, 1);
      } else {
        cb.emit(Op.LOADK_R, 1, cb.constR(x));
      }
      cb.emit(Op.LOADK_L, 2, cb.constL(i));
      if (op >= Op.STX_L) {
        cb.emit(op, 1, 2, 3);
      } else {
        cb.emit(op, 3, 1, 2);
      }
    }));
  }

  @Test
  void indexOutOfRange() {
    Slice sl = new Slice(new long[5], 1, 3, 4);
    assertEquals("panic: runtime error: index out of range [3] with length 3", indexPanic(Op.LDX_L, sl, 3));
    assertEquals("panic: runtime error: index out of range [-1]", indexPanic(Op.LDX_L, sl, -1));
    assertEquals("panic: runtime error: index out of range [0] with length 0", indexPanic(Op.LDX_R, null, 0));
    assertEquals("panic: runtime error: index out of range [7] with length 3", indexPanic(Op.STX_L, sl, 7));
    Slice bs = new Slice(new byte[2], 0, 2, 2);
    assertEquals("panic: runtime error: index out of range [2] with length 2", indexPanic(Op.LDX_B, bs, 2));
    assertEquals("panic: runtime error: index out of range [2] with length 2", indexPanic(Op.STX_B, bs, 2));
    assertEquals("panic: runtime error: index out of range [5] with length 3", indexPanic(Op.INDEX_S, GoString.of("abc"), 5));
    assertEquals("panic: runtime error: index out of range [3] with length 3",
        firstLine(panicOf(4, cb -> {
          cb.emit(Op.LOADK_R, 1, cb.constR(GoString.of("abc")));
          cb.emit(Op.LOADI, 2, 3);
          cb.emit(Op.DECRUNE, 2, 1, 2);
        })));
  }

  static String slicePanic(String s, long lo, long hi) {
    return firstLine(panicOf(4, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(GoString.of(s)));
      cb.emit(Op.LOADK_L, 2, cb.constL(lo));
      cb.emit(Op.LOADK_L, 3, cb.constL(hi));
      cb.emit(Op.SLICE_S, 0, 1, 2, 3);
    }));
  }

  @Test
  void sliceBoundsOutOfRange() {
    assertEquals("panic: runtime error: slice bounds out of range [:7] with length 5", slicePanic("hello", 0, 7));
    assertEquals("panic: runtime error: slice bounds out of range [3:2]", slicePanic("hello", 3, 2));
    assertEquals("panic: runtime error: slice bounds out of range [-1:]", slicePanic("hello", -1, 2));
    assertEquals("panic: runtime error: slice bounds out of range [:-2]", slicePanic("hello", 0, -2));
    assertEquals("slice bounds out of range [:5] with capacity 4", Bounds.sliceAcap(5, 4).getMessage().substring(15));
    assertEquals("slice bounds out of range [::9] with capacity 4", Bounds.slice3Acap(9, 4).getMessage().substring(15));
    assertEquals("slice bounds out of range [:3:2]", Bounds.slice3B(3, 2).getMessage().substring(15));
    assertEquals("slice bounds out of range [2:1:]", Bounds.slice3C(2, 1).getMessage().substring(15));
  }

  static String panicValue(Object v) {
    return firstLine(panicOf(2, cb -> {
      if (v == null) {
        cb.emit(Op.NIL_R, 1);
      } else {
        cb.emit(Op.LOADK_R, 1, cb.constR(v));
      }
      cb.emit(Op.PANIC, 1);
    }));
  }

  static Iface box(RType.Kind k, String name, boolean named, long bits, Object ref) {
    return new Iface(new RType(k, name, named), bits, ref);
  }

  @Test
  void panicValuesPrintAsGoPrintsThem() {
    assertEquals("panic: boom", panicValue(box(RType.Kind.STRING, "string", false, 0, GoString.of("boom"))));
    assertEquals("panic: main.S(\"boom\")", panicValue(box(RType.Kind.STRING, "main.S", true, 0, GoString.of("boom"))));
    assertEquals("panic: 5", panicValue(box(RType.Kind.INT, "int", false, 5, null)));
    assertEquals("panic: -5", panicValue(box(RType.Kind.INT8, "int8", false, -5, null)));
    assertEquals("panic: main.T(5)", panicValue(box(RType.Kind.INT, "main.T", true, 5, null)));
    assertEquals("panic: 18446744073709551615", panicValue(box(RType.Kind.UINT64, "uint64", false, -1, null)));
    assertEquals("panic: true", panicValue(box(RType.Kind.BOOL, "bool", false, 1, null)));
    assertEquals("panic: main.B(false)", panicValue(box(RType.Kind.BOOL, "main.B", true, 0, null)));
    assertEquals("panic: +1.500000e+000", panicValue(box(RType.Kind.FLOAT64, "float64", false, Double.doubleToRawLongBits(1.5), null)));
    assertEquals("panic: panic called with nil argument", panicValue(null));
    assertTrue(panicValue(box(RType.Kind.STRUCT, "main.P", true, 0, new Object())).startsWith("panic: (main.P) 0x"));
    gol.runtime.GoError err = () -> GoString.of("file not found");
    assertEquals("panic: file not found", panicValue(box(RType.Kind.POINTER, "*fs.PathError", false, 0, err)));
    String multi = panicOf(2, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(box(RType.Kind.STRING, "string", false, 0, GoString.of("a\nb"))));
      cb.emit(Op.PANIC, 1);
    });
    assertTrue(multi.startsWith("panic: a\n\tb\n\ngoroutine 1 [running]:\n"), multi);
  }

  @Test
  void errorMethodsWrittenInGolArePrinted() {
    // type E int; func (e E) Error() string { return "E!" }
    Proto errorM = fn("main.E.Error", 1, 1, 1, cb -> {
      cb.emit(Op.LOADK_R, 0, cb.constR(GoString.of("E!")));
      cb.emit(Op.RET, 0, 1);
    });
    RType e = new RType(RType.Kind.INT, "main.E", true);
    e.methods = Map.of("Error", errorM);
    assertEquals("panic: E!", panicValue(new Iface(e, 3, null)));
    // a String method that itself panics (here panic(nil)): Go's preprintpanics throws
    Proto bad = fn("main.F.String", 1, 1, 2, cb -> {
      cb.emit(Op.NIL_R, 1);
      cb.emit(Op.PANIC, 1);
    });
    RType f = new RType(RType.Kind.INT, "main.F", true);
    f.methods = Map.of("String", bad);
    assertEquals("fatal error: panic while printing panic value: type *runtime.PanicNilError",
        panicValue(new Iface(f, 4, null)));
  }

  @Test
  void unreachableIsAnInternalErrorWithABugReportHint() {
    String e = panicOf(1, cb -> cb.emit(Op.UNREACHABLE, 0));
    assertTrue(e.startsWith("gol: internal error: java.lang.IllegalStateException: UNREACHABLE"), e);
    assertTrue(e.contains("\n" + gol.interp.BugReport.HINT + "\n"), e);
    assertTrue(e.contains("\n\ngoroutine 1 [running]:\nmain.main()\n\tt.gol:7\n"), e);
  }
}
