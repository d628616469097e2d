package gol.stdlib.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.NativeTesting;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** os's environment natives and the writes behind os.Stdout/os.Stderr. */
class OsPkgTest extends NativeTesting {
  @Test
  void environment() {
    g.rs[4] = GoString.of("GOL_TEST_SURELY_UNSET_VARIABLE");
    call("os.LookupEnv");
    assertEquals(GoString.EMPTY, g.rs[4]);
    assertEquals(0, g.ls[5]);
    g.rs[4] = GoString.of("PATH");
    call("os.Getenv");
    assertEquals(GoString.of(System.getenv("PATH")), g.rs[4]);
    call("os.Environ");
    Slice env = (Slice) g.rs[4];
    assertEquals(System.getenv().size(), env.len);
    boolean path = false;
    for (Object kv : (Object[]) env.array) {
      path |= kv.toString().startsWith("PATH=");
    }
    assertTrue(path);
  }

  @Test
  void writesGoToTheMachinesStreams() {
    g.ls[4] = 1;
    g.rs[5] = GoString.of("out ");
    call("os.writeString");
    assertEquals(4, g.ls[4]);
    g.ls[4] = 1;
    g.rs[5] = new Slice("bytes".getBytes(StandardCharsets.UTF_8), 1, 3, 4);
    call("os.write");
    assertEquals(3, g.ls[4]);
    g.ls[4] = 2;
    g.rs[5] = GoString.of("err");
    call("os.writeString");
    machine.stdout.flush();
    assertEquals("out yte", out.toString(StandardCharsets.UTF_8));
    assertEquals("err", err.toString(StandardCharsets.UTF_8));
  }
}
