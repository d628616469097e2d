package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which files the build includes. Every expectation is go/build's (Go 1.23's Context.MatchFile
 * for linux/amd64 without cgo, on the same names with .go and the same texts).
 */
class BuildConstraintsTest {
  private record Built(String name, String text, boolean built) {
  }

  private record Invalid(String name, String text, String error) {
  }

  private static Built built(String name, String text, boolean built) {
    return new Built(name, text, built);
  }

  private static Invalid invalid(String name, String text, String error) {
    return new Invalid(name, text, error);
  }

  @Test
  void namesAndHeadersDecideAsGoBuildDoes() throws Exception {
    List<Built> rows = List.of(
        built("a.gol", "package p\n", true),
        built("a_windows.gol", "package p\n", false),
        built("a_linux.gol", "package p\n", true),
        built("a_linux_arm64.gol", "package p\n", false),
        built("a_linux_amd64_test.gol", "package p\n", true),
        built("a_darwin_test.gol", "package p\n", false),
        built("linux.gol", "package p\n", true),
        built("windows_x.gol", "package p\n", true),
        built("a_unix.gol", "package p\n", true),
        built("a_amd64.gol", "package p\n", true),
        built("a_386.gol", "package p\n", false),
        built("x_foo_windows.gol", "package p\n", false),
        built("a.gol", "//go:build linux && amd64\n\npackage p\n", true),
        built("a.gol", "//go:build !linux\n\npackage p\n", false),
        built("a.gol", "//go:build ignore\n\npackage p\n", false),
        built("a.gol", "//go:build (darwin || linux) && !cgo\n\npackage p\n", true),
        built("a.gol", "//go:build go1.21 && !go1.24\n\npackage p\n", true),
        built("a.gol", "//go:build go1.23\npackage p\n", true),
        built("a.gol", "//go:build go1.24\npackage p\n", false),
        built("a.gol", "//go:build unix\npackage p\n", true),
        built("a.gol", "//go:build gc\npackage p\n", true),
        built("a.gol", "//go:build gccgo\npackage p\n", false),
        built("a.gol", "// Copyright\n\n//go:build windows\n\n// Package p.\npackage p\n", false),
        built("a.gol", "/* c */\n//go:build windows\npackage p\n", false),
        built("a.gol", "package p\n//go:build windows\n", true),
        built("a.gol", "// +build windows\n\npackage p\n", false),
        built("a.gol", "// +build windows\npackage p\n", true),
        built("a.gol", "// +build linux,amd64 windows\n\npackage p\n", true),
        built("a.gol", "// +build linux,!amd64 windows\n\npackage p\n", false),
        built("a.gol", "// +build linux\n// +build windows\n\npackage p\n", false),
        built("a.gol", "// +build !!linux\n\npackage p\n", false),
        built("a.gol", "// +build !a-b\n\npackage p\n", true),
        built("a.gol", "// +build\n\npackage p\n", false),
        built("a.gol", "//go:build linux\n// +build windows\n\npackage p\n", true),
        built("a.gol", "//go:build  linux\n\npackage p\n", true),
        built("a.gol", "//go:buildlinux\n\npackage p\n", true),
        built("a.gol", "//go:build !(windows || darwin)\n\npackage p\n", true),
        built("a.gol", "//go:build ((linux))\n\npackage p\n", true));
    for (Built r : rows) {
      assertEquals(r.built(), BuildConstraints.includes(r.name(), r.text()), r.name() + " " + r.text());
    }
  }

  /** -tags: a comma- (or space-) separated list, whose tags then hold in names and lines alike. */
  @Test
  void tagsTheCommandWasGivenHold() throws Exception {
    assertEquals(List.of("integration", "pro", "a-b"), List.copyOf(BuildConstraints.parseTags("integration,pro a-b")));
    try {
      BuildConstraints.useTags(BuildConstraints.parseTags("integration,arm64"));
      assertEquals(true, BuildConstraints.includes("a.gol", "//go:build integration && !pro\n\npackage p\n"));
      assertEquals(true, BuildConstraints.includes("a.gol", "// +build integration\n\npackage p\n"));
      assertEquals(true, BuildConstraints.includes("a_arm64.gol", "package p\n"));
      assertEquals(false, BuildConstraints.includes("a.gol", "//go:build pro\n\npackage p\n"));
    } finally {
      BuildConstraints.useTags(java.util.Set.of());
    }
    assertEquals(false, BuildConstraints.includes("a.gol", "//go:build integration\n\npackage p\n"));
  }

  @Test
  void badGoBuildLinesAreErrors() {
    List<Invalid> rows = List.of(
        invalid("a.gol", "//go:build linux &&\n\npackage p\n", "a.gol: parsing //go:build line: unexpected end of expression"),
        invalid("a.gol", "//go:build !!linux\n\npackage p\n", "a.gol: parsing //go:build line: double negation not allowed"),
        invalid("a.gol", "//go:build (linux\n\npackage p\n", "a.gol: parsing //go:build line: missing close paren"),
        invalid("a.gol", "//go:build linux)\n\npackage p\n", "a.gol: parsing //go:build line: unexpected token )"),
        invalid("a.gol", "//go:build linux & amd64\n\npackage p\n", "a.gol: parsing //go:build line: invalid syntax at &"),
        invalid("a.gol", "//go:build a-b\n\npackage p\n", "a.gol: parsing //go:build line: invalid syntax at -"),
        invalid("a.gol", "//go:build\n\npackage p\n", "a.gol: parsing //go:build line: unexpected end of expression"),
        invalid("a.gol", "//go:build linux\n//go:build amd64\n\npackage p\n", "a.gol: multiple //go:build comments"),
        invalid("a.gol", "//go:build ()\n\npackage p\n", "a.gol: parsing //go:build line: unexpected token )"),
        invalid("a.gol", "//go:build linux amd64\n\npackage p\n", "a.gol: parsing //go:build line: unexpected token amd64"));
    for (Invalid r : rows) {
      PackageFiles.BadConstraint e = assertThrows(PackageFiles.BadConstraint.class,
          () -> PackageFiles.builds(java.nio.file.Path.of(r.name()), r.text()), r.text());
      assertEquals(r.error(), e.getMessage());
    }
  }
}
