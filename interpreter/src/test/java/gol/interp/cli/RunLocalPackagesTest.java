package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gol run in a module: imports of the module's local packages resolve as gol test resolves them
 * (gol.interp.LocalPackages). Every expected output is Go 1.23's, for the same files as .go
 * (go run FILE or go run ./DIR in the module's root), with gol's usual differences: no "# pkg"
 * line before compile errors, no GOROOT path after "is not in std", no "go get" hint.
 */
class RunLocalPackagesTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int gol(String... args) {
    Main m = new Main(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false, new HashMap<>());
    return m.run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private static void write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  /** A module whose main file imports util, which imports internal/deep. */
  private static void shop(Path dir) throws IOException {
    write(dir, "go.mod", "module example.com/shop\n\ngo 1.23\n");
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"
        	"os"

        	"example.com/shop/util"
        )

        func main() {
        	fmt.Println(util.Total([]int{3, 4, 5}), util.Label, os.Args[1:])
        	var c util.Cart
        	c.Add("pear", 2)
        	fmt.Printf("%v %T\\n", c, c)
        }
        """);
    write(dir, "util/util.gol", """
        package util

        import (
        	"strings"

        	"example.com/shop/internal/deep"
        )

        var taxRate = 0.2

        // Tax is small enough to inline, so taxRate is in the export data gc reads.
        func Tax(x float64) float64 { return x * taxRate }

        // Label is built when the package is initialised, after deep's.
        var Label = strings.Repeat(deep.Mark, 3)

        func Total(xs []int) int {
        	sum := 0
        	for _, x := range xs {
        		sum += deep.Twice(x)
        	}
        	return sum
        }

        type Cart struct {
        	items map[string]int
        	count int
        }

        func (c *Cart) Add(name string, n int) {
        	if c.items == nil {
        		c.items = map[string]int{}
        	}
        	c.items[name] += n
        	c.count += n
        }
        """);
    write(dir, "internal/deep/deep.gol", """
        package deep

        import "fmt"

        var Mark = "*"

        func init() { fmt.Println("deep init") }

        func Twice(x int) int { return 2 * x }
        """);
  }

  /** util's imports are followed too (transitively); the standard packages are pruned for all the files. */
  @Test
  void aFileImportsTheModulesLocalPackages(@TempDir Path dir) throws Exception {
    shop(dir);
    assertEquals(0, gol("run", dir.resolve("main.gol").toString(), "x", "y"));
    assertEquals("", err());
    assertEquals("deep init\n24 *** [x y]\n{map[pear:2] 2} util.Cart\n", out());
  }

  @Test
  void unexportedNamesAreNotVisibleAcrossPackages(@TempDir Path dir) throws Exception {
    shop(dir);
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"

        	"example.com/shop/util"
        )

        func main() {
        	var c util.Cart
        	fmt.Println(c.count, util.taxRate)
        }
        """);
    Path main = dir.resolve("main.gol");
    assertEquals(1, gol("run", main.toString()));
    assertEquals(main + ":11:16: c.count undefined (cannot refer to unexported field count)\n"
        + main + ":11:28: name taxRate not exported by package util\n", err());
  }

  /** A directory below the module's root (gol.mod as go.mod), of two files; a local package of two files. */
  @Test
  void aDirectoryOfTheModuleImportsItsLocalPackages(@TempDir Path dir) throws Exception {
    write(dir, "gol.mod", "module report\n\ngo 1.23\n");
    write(dir, "cmd/report/main.gol", """
        package main

        import (
        	"fmt"

        	"report/stats"
        	"report/text"
        )

        func main() {
        	fmt.Println(text.Title("scores"), stats.Mean(scores))
        }
        """);
    write(dir, "cmd/report/data.gol", """
        package main

        import "fmt"

        var scores = load()

        func load() []float64 {
        	fmt.Println("loading")
        	return []float64{2, 4, 9}
        }
        """);
    write(dir, "text/text.gol", """
        package text

        import "strings"

        func Title(s string) string { return strings.ToUpper(s[:1]) + s[1:] + ":" }
        """);
    write(dir, "stats/stats.gol", """
        package stats

        func Mean(xs []float64) float64 {
        	return sum(xs) / float64(len(xs))
        }
        """);
    write(dir, "stats/sum.gol", """
        package stats

        func sum(xs []float64) (s float64) {
        	for _, x := range xs {
        		s += x
        	}
        	return s
        }
        """);
    assertEquals(0, gol("run", dir.resolve("cmd/report").toString()));
    assertEquals("", err());
    assertEquals("loading\nScores: 5\n", out());
  }

  /**
   * Packages initialise after their imports and otherwise in import path order (Go 1.21's
   * rule): a, which imports nothing local, before z and m, whatever order main imports them in.
   */
  @Test
  void packagesInitialiseInGosOrder(@TempDir Path dir) throws Exception {
    write(dir, "go.mod", "module mymod\n\ngo 1.23\n");
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"
        	"mymod/z"
        	"mymod/m"
        	"mymod/a"
        )

        func init() { fmt.Println("main init") }

        func main() { fmt.Println(z.Z, m.M, a.A) }
        """);
    write(dir, "z/z.gol", "package z\n\nimport \"fmt\"\n\nvar Z = \"z\"\n\nfunc init() { fmt.Println(\"z init\") }\n");
    write(dir, "m/m.gol", "package m\n\nimport (\n\t\"fmt\"\n\t\"mymod/z\"\n)\n\nvar M = \"m\" + z.Z\n\n"
        + "func init() { fmt.Println(\"m init\") }\n");
    write(dir, "a/a.gol", "package a\n\nimport \"fmt\"\n\nvar A = \"a\"\n\nfunc init() { fmt.Println(\"a init\") }\n");
    assertEquals(0, gol("run", dir.toString()));
    assertEquals("", err());
    assertEquals("a init\nz init\nm init\nmain init\nz mz a\n", out());
  }

  /** As the go command: the chain from the main package (the directory's, or command-line-arguments for files). */
  @Test
  void anImportCycleIsReportedWithItsChain(@TempDir Path dir) throws Exception {
    write(dir, "go.mod", "module mymod\n\ngo 1.23\n");
    write(dir, "main.gol", "package main\n\nimport \"mymod/a\"\n\nfunc main() { a.A() }\n");
    write(dir, "a/a.gol", "package a\n\nimport \"mymod/b\"\n\nfunc A() { b.B() }\n");
    write(dir, "b/b.gol", "package b\n\nimport \"mymod/c\"\n\nfunc B() { c.C() }\n");
    write(dir, "c/c.gol", "package c\n\nimport \"mymod/b\"\n\nfunc C() {}\n\nvar _ = b.B\n");
    String chain = "\timports mymod/a\n\timports mymod/b\n\timports mymod/c\n\timports mymod/b: import cycle not allowed\n";
    assertEquals(1, gol("run", dir.toString()));
    assertEquals("package mymod\n" + chain, err());
    err.reset();
    assertEquals(1, gol("run", dir.resolve("main.gol").toString()));
    assertEquals("package command-line-arguments\n" + chain, err());
    assertEquals("", out());
  }

  /**
   * Build constraints pick the files of the main package and of the packages it imports: a
   * _windows name, //go:build ignore and !linux, an old // +build line. A package whose files are
   * all excluded, or whose //go:build line does not parse, is reported as the go command does.
   */
  @Test
  void buildConstraintsPickEachPackagesFiles(@TempDir Path dir) throws Exception {
    write(dir, "go.mod", "module mymod\n\ngo 1.23\n");
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"

        	"mymod/util"
        )

        func main() {
        	fmt.Println(util.Name(), helper())
        }
        """);
    write(dir, "main_windows.gol", "package main\n\nfunc main() {}\n");
    write(dir, "gen.gol", "//go:build ignore\n\npackage main\n\nfunc main() {}\n");
    write(dir, "helper_linux.gol", "package main\n\nfunc helper() string { return \"linux helper\" }\n");
    write(dir, "helper_other.gol", "//go:build !linux\n\npackage main\n\nfunc helper() string { return \"other helper\" }\n");
    write(dir, "util/util.gol", "// +build linux\n\npackage util\n\nfunc Name() string { return \"util on linux\" }\n");
    write(dir, "util/util_windows.gol", "package util\n\nfunc Name() string { return \"util on windows\" }\n");
    assertEquals(0, gol("run", dir.toString()), err());
    assertEquals("util on linux linux helper\n", out());

    write(dir, "winonly/w.gol", "//go:build windows\n\npackage winonly\n\nfunc W() {}\n");
    write(dir, "w/main.gol", "package main\n\nimport \"mymod/winonly\"\n\nfunc main() { winonly.W() }\n");
    err.reset();
    assertEquals(1, gol("run", dir.resolve("w").toString()));
    assertEquals("package mymod/w\n\timports mymod/winonly: build constraints exclude all Go files in "
        + dir.resolve("winonly") + "\n", err());
    err.reset();
    assertEquals(1, gol("run", dir.resolve("w/main.gol").toString()));
    assertEquals("package command-line-arguments\n\timports mymod/winonly: build constraints exclude all Go files in "
        + dir.resolve("winonly") + "\n", err());
    err.reset();
    assertEquals(1, gol("run", dir.resolve("winonly").toString()));
    assertEquals("package mymod/winonly: build constraints exclude all Go files in " + dir.resolve("winonly") + "\n", err());

    write(dir, "bad/b.gol", "//go:build linux &&\n\npackage bad\n\nfunc B() {}\n");
    write(dir, "b2/main.gol", "package main\n\nimport \"mymod/bad\"\n\nfunc main() { bad.B() }\n");
    err.reset();
    Path b2 = dir.resolve("b2/main.gol");
    assertEquals(1, gol("run", b2.toString()));
    assertEquals(b2 + ":3:8: b.gol: parsing //go:build line: unexpected end of expression\n", err());
    // -tags pro: a local package's file marked pro is built instead of the one marked !pro
    write(dir, "util/util.gol", "// +build linux,!pro\n\npackage util\n\nfunc Name() string { return \"util on linux\" }\n");
    write(dir, "util/pro.gol", "//go:build pro && linux\n\npackage util\n\nfunc Name() string { return \"util pro\" }\n");
    out.reset();
    assertEquals(0, gol("run", "-tags", "pro", dir.toString()), err());
    assertEquals("util pro linux helper\n", out());
    out.reset();
    assertEquals(0, gol("run", dir.toString()), err());
    assertEquals("util on linux linux helper\n", out());
    // GOFLAGS=-tags=pro as the go command reads it
    out.reset();
    Main m = new Main(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false, new HashMap<>(java.util.Map.of("GOFLAGS", "-v -tags=pro")));
    assertEquals(0, m.run(new String[] {"run", dir.toString()}), err());
    assertEquals("util pro linux helper\n", out());
    // a file named on the command line is run whatever its constraints say (go run gen.go)
    out.reset();
    err.reset();
    assertEquals(0, gol("run", dir.resolve("gen.gol").toString()), err());
    assertEquals("", out() + err());
  }

  @Test
  void aMissingLocalPackageIsReportedAtItsImport(@TempDir Path dir) throws Exception {
    write(dir, "go.mod", "module mymod\n\ngo 1.23\n");
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"

        	"mymod/util"
        )

        func main() {
        	fmt.Println(util.F())
        }
        """);
    Path main = dir.resolve("main.gol");
    assertEquals(1, gol("run", main.toString()));
    assertEquals(main + ":6:2: package mymod/util is not in std\n", err());
    err.reset();
    // imported by a local package; a directory without package files is no package
    write(dir, "util/util.gol", "package util\n\nimport \"mymod/gone\"\n\nfunc F() int { return gone.G() }\n");
    write(dir, "gone/notes.txt", "moved\n");
    assertEquals(1, gol("run", main.toString()));
    assertEquals(dir.resolve("util/util.gol") + ":3:8: package mymod/gone is not in std\n", err());
  }

  /** A module path with a dot names no standard package: the go command's other words. */
  @Test
  void aMissingPackageOfADottedModuleHasNoModule(@TempDir Path dir) throws Exception {
    write(dir, "go.mod", "module example.com/m\n\ngo 1.23\n");
    write(dir, "main.gol", "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/m/nope\"\n)\n\n"
        + "func main() {\n\tfmt.Println(nope.Value)\n}\n");
    Path main = dir.resolve("main.gol");
    assertEquals(1, gol("run", main.toString()));
    assertEquals(main + ":6:2: no required module provides package example.com/m/nope\n", err());
  }

  /** Without a module file nothing resolves locally, as before (and as go run says outside a module). */
  @Test
  void withoutAModuleFileNoImportIsLocal(@TempDir Path dir) throws Exception {
    write(dir, "main.gol", """
        package main

        import (
        	"fmt"

        	"mymod/util"
        )

        func main() {
        	fmt.Println(util.F())
        }
        """);
    write(dir, "util/util.gol", "package util\n\nfunc F() int { return 1 }\n");
    Path main = dir.resolve("main.gol");
    assertEquals(1, gol("run", main.toString()));
    assertEquals(main + ":6:2: package mymod/util is not in std\n", err());
  }
}
