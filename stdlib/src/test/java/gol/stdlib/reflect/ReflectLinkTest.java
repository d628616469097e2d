package gol.stdlib.reflect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import gol.runtime.IndexedNative;
import gol.runtime.Native;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Package reflect's natives link without a lambda (a program importing encoding/json links 80-odd
 * of them at start-up, each lambda a fraction of a millisecond of cold java.lang.invoke code):
 * each is an IndexedNative of its class, and each name its own one.
 */
class ReflectLinkTest {
  @Test
  void everyReflectNativeIsAnIndexedNative() {
    List<String> names = Stdlib.declaredNatives("reflect");
    assertFalse(names.isEmpty());
    List<String> lambdas = new ArrayList<>();
    for (String name : names) {
      Native n = ReflectPkg.link(name);
      if (!(n instanceof IndexedNative) || n.getClass().isHidden() || n.getClass().isSynthetic()) {
        lambdas.add(name + " " + n);
      }
    }
    assertEquals(List.of(), lambdas);
  }

  @Test
  void namesLinkToDistinctNatives() {
    // two names on one index of one class would be one native under two names
    List<String> seen = new ArrayList<>();
    for (String name : Stdlib.declaredNatives("reflect")) {
      Native n = ReflectPkg.link(name);
      String key = n.getClass().getName() + "#" + which(n);
      assertFalse(seen.contains(key), name + " shares " + key);
      seen.add(key);
    }
  }

  private static int which(Native n) {
    try {
      java.lang.reflect.Field f = IndexedNative.class.getDeclaredField("which");
      f.setAccessible(true);
      return f.getInt(n);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
