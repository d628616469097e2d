package gol.interp.parse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.Decl;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.stdlib.Stdlib;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The syntax tree codec ParseCache keeps trees with: every standard package and every program of
 * the language suite and the examples decodes to a tree that renders as the parser's does and
 * encodes to the same bytes again; shared nodes stay shared; a generic function's copier gives
 * fresh trees equal to the parser's copies.
 */
class AstCodecTest {
  private static File parse(String name, String source) {
    Diagnostics d = new Diagnostics();
    File f = Parser.parse(name, source, d);
    return d.hasErrors() ? null : f;
  }

  /** Decodes f's encoding; checks that it renders as f and encodes to the same bytes. */
  private static File roundTrip(String name, File f) {
    byte[] once = AstCodec.encode(f);
    File d = AstCodec.decode(once);
    assertArrayEquals(once, AstCodec.encode(d), name);
    same(name, f, d, new IdentityHashMap<>());
    return d;
  }

  /**
   * Whether the two trees are alike field by field (through reflection, not the codec's own
   * field table), a node shared in one shared in the other.
   */
  private static void same(String where, Object a, Object b, IdentityHashMap<Object, Object> pairs) {
    if (a == null || b == null) {
      assertSame(a, b, where);
      return;
    }
    if (a instanceof List<?> la) {
      List<?> lb = (List<?>) b;
      assertEquals(la.size(), lb.size(), where);
      for (int i = 0; i < la.size(); i++) {
        same(where + "[" + i + "]", la.get(i), lb.get(i), pairs);
      }
      return;
    }
    if (!(a instanceof Node) && a.getClass() != Object.class) {
      if (a instanceof byte[] ba) {
        assertArrayEquals(ba, (byte[]) b, where);
      } else if (!(a instanceof java.util.function.Supplier)) { // copiers: genericFunctionsCopyAfresh
        assertEquals(a, b, where);
      }
      return;
    }
    assertEquals(a.getClass(), b.getClass(), where);
    Object paired = pairs.get(a);
    if (paired != null) {
      assertSame(paired, b, where + ": sharing");
      return;
    }
    pairs.put(a, b);
    for (Class<?> c = a.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (java.lang.reflect.Field fd : c.getDeclaredFields()) {
        if (java.lang.reflect.Modifier.isStatic(fd.getModifiers())) {
          continue;
        }
        fd.setAccessible(true);
        try {
          same(where + "." + fd.getName(), fd.get(a), fd.get(b), pairs);
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
  }

  @Test
  void everyStandardPackage() {
    int n = 0;
    for (String path : Stdlib.PACKAGES) {
      String src = Stdlib.source(path);
      if (src == null) {
        continue;
      }
      File f = parse(path, src);
      assertNotNull(f, path);
      roundTrip(path, f);
      n++;
    }
    assertTrue(n > 50, "standard packages round-tripped: " + n);
  }

  @Test
  void everySuiteProgram() throws Exception {
    // on a thread with the stack gol's parses get (the suite has deeply nested expressions)
    Throwable[] thrown = new Throwable[1];
    Thread t = new Thread(null, () -> {
      try {
        suitePrograms();
      } catch (Throwable e) {
        thrown[0] = e;
      }
    }, "suite", gol.interp.testing.SuiteRunner.STACK_SIZE);
    t.start();
    t.join();
    if (thrown[0] != null) {
      throw new AssertionError(thrown[0]);
    }
  }

  private static void suitePrograms() throws Exception {
    List<Path> files = new ArrayList<>();
    for (String dir : new String[] {"../tests", "../examples"}) {
      try (Stream<Path> s = Files.walk(Path.of(dir))) {
        s.filter(p -> p.toString().endsWith(".gol")).forEach(files::add);
      }
    }
    int n = 0;
    for (Path p : files) {
      File f = parse(p.toString(), Files.readString(p));
      if (f != null) { // the suite's syntax-error programs have nothing to keep
        roundTrip(p.toString(), f);
        n++;
      }
    }
    assertTrue(n > 1000, "programs round-tripped: " + n);
  }

  @Test
  void sharedNodesStayShared() {
    String src = "package p\n\nconst (\n\ta = iota * 2\n\tb\n\tc\n)\n";
    File d = AstCodec.decode(AstCodec.encode(parse("p.gol", src)));
    Decl.Const a = (Decl.Const) d.items.get(0);
    Decl.Const c = (Decl.Const) d.items.get(2);
    assertSame(a.values.get(0), c.values.get(0)); // the builder shares an inherited spec's values
    assertSame(a.group, c.group);
    assertEquals(2, c.iota);
  }

  @Test
  void genericFunctionsCopyAfresh() {
    String src = "package p\n\nfunc Map[T, U any](xs []T, f func(T) U) []U {\n\tr := make([]U, 0, len(xs))\n"
        + "\tfor _, x := range xs {\n\t\tr = append(r, f(x))\n\t}\n\treturn r\n}\n\n"
        + "type Box[T any] struct{ v T }\n\nfunc (b *Box[T]) Get() T { return b.v }\n";
    File f = parse("p.gol", src);
    File d = roundTrip("p.gol", f);
    for (int i : new int[] {0, 2}) {
      Decl.Func orig = (Decl.Func) f.items.get(i);
      Decl.Func dec = (Decl.Func) d.items.get(i);
      assertNotNull(dec.copier);
      Decl.Func copy = dec.copier.get();
      assertNotSame(dec, copy);
      assertNotSame(dec.body, copy.body);
      assertNotNull(copy.copier); // a copy can be copied again, as the parser's can
      assertEquals(Sx.of(orig), Sx.of(copy));
      assertArrayEquals(AstCodec.encodeNode(orig.copier.get()), AstCodec.encodeNode(copy));
    }
  }

  @Test
  void onlySyntaxTreeClassesAreDecoded() {
    byte[] b = AstCodec.encode(parse("p.gol", "package p\n"));
    String from = "gol.interp.ast.File";
    String to = "java.util.ArrayList"; // as long, so that the encoding stays well formed
    String text = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(text.contains(from));
    byte[] swapped = text.replace(from, to).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> AstCodec.decode(swapped));
    assertTrue(e.getMessage().contains("java.util.ArrayList"), e.getMessage());
  }

  @Test
  void fieldsEncodedOtherwiseAreRefused() {
    byte[] b = AstCodec.encode(parse("p.gol", "package p\n"));
    String text = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertTrue(text.contains("packageName"));
    byte[] renamed = text.replace("packageName", "packageNamf").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> AstCodec.decode(renamed));
    assertTrue(e.getMessage().contains("another order"), e.getMessage());
  }

  @Test
  void otherValuesAreRefused() {
    File f = parse("p.gol", "package p\n\nfunc F() {}\n");
    ((Decl.Func) f.items.get(0)).copier = () -> null; // not a copier the codec knows
    Node n = f.items.get(0);
    try {
      AstCodec.encode(f);
    } catch (AstCodec.Unsupported e) {
      return;
    }
    throw new AssertionError("encoded a lambda in " + n);
  }
}
