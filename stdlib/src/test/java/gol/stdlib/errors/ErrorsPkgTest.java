package gol.stdlib.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gol.runtime.GoPanic;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.RType;
import gol.runtime.RefCell;
import gol.stdlib.NativeTesting;
import gol.stdlib.PanicValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reflection natives behind errors.Is and errors.As. */
class ErrorsPkgTest extends NativeTesting {
  private static final RType ERROR = errorType();

  private static RType errorType() {
    RType t = new RType(RType.Kind.INTERFACE, "error", true);
    t.ifaceMethods = new String[] {"Error"};
    return t;
  }

  private static RType named(RType.Kind kind, String name, String... methods) {
    RType t = new RType(kind, name, true);
    Map<String, Object> m = new java.util.HashMap<>();
    for (String s : methods) {
      m.put(s, s);
    }
    t.methods = m;
    return t;
  }

  private static RType pointerTo(RType elem) {
    RType p = new RType(RType.Kind.POINTER, "*" + elem.name, false);
    p.elem = elem;
    return p;
  }

  private String panicText(String name) {
    return PanicValue.format(assertThrows(GoPanic.class, () -> call(name)).value).toString();
  }

  @Test
  void comparableFollowsTheDynamicType() {
    RType slice = type(RType.Kind.SLICE, "main.Errs");
    g.rs[4] = iface(slice, null);
    call("errors.comparable");
    assertEquals(0, g.ls[4]);
    g.rs[4] = iface(pointerTo(named(RType.Kind.STRUCT, "main.E", "Error")), null);
    call("errors.comparable");
    assertEquals(1, g.ls[4]);
  }

  @Test
  void asTargetChecksPanicAsGo() {
    g.rs[4] = null;
    assertEquals("errors: target cannot be nil", panicText("errors.checkAsTarget"));
    g.rs[4] = iface(type(RType.Kind.INT, "int"), null);
    assertEquals("errors: target must be a non-nil pointer", panicText("errors.checkAsTarget"));
    g.rs[4] = iface(pointerTo(type(RType.Kind.INT, "int")), new LongCell(0));
    assertEquals("errors: *target must be interface or implement error", panicText("errors.checkAsTarget"));
    g.rs[4] = iface(pointerTo(ERROR), new RefCell(null));
    call("errors.checkAsTarget");
  }

  @Test
  void assignableAndSetTarget() {
    RType code = named(RType.Kind.INT, "main.Code", "Error");
    Iface err = new Iface(code, 42, null);
    LongCell cell = new LongCell(0);
    Iface target = iface(pointerTo(code), cell);
    g.rs[4] = err;
    g.rs[5] = target;
    call("errors.assignableTo");
    assertEquals(1, g.ls[4]);
    g.rs[4] = target;
    g.rs[5] = err;
    call("errors.setTarget");
    assertEquals(42, cell.v);

    RefCell ifaceVar = new RefCell(null);
    Iface toError = iface(pointerTo(ERROR), ifaceVar);
    g.rs[4] = err;
    g.rs[5] = toError;
    call("errors.assignableTo");
    assertEquals(1, g.ls[4]);
    g.rs[4] = toError;
    g.rs[5] = err;
    call("errors.setTarget");
    assertSame(err, ifaceVar.v);

    RType other = named(RType.Kind.INT, "main.Other", "Error");
    g.rs[4] = new Iface(other, 1, null);
    g.rs[5] = target;
    call("errors.assignableTo");
    assertEquals(0, g.ls[4]);
  }

  @Test
  void unwrappedTellsSlicesFromErrors() {
    g.rs[4] = new gol.runtime.Slice(new Object[] {null}, 0, 1, 1);
    call("errors.unwrapped");
    assertEquals(1, g.ls[5]);
    g.rs[4] = iface(ERROR, null);
    call("errors.unwrapped");
    assertEquals(0, g.ls[5]);
    assertEquals(null, g.rs[4]);
  }
}
