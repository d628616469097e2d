package gol.interp;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.vm.Disassembler;

/** Disassembly listings of compiled programs, for tests that check what the compiler emitted. */
final class Listings {
  private Listings() {
  }

  /** The disassembly of every function of the program {@code source} (file name {@code file}). */
  static String of(String file, String source) {
    Diagnostics diags = new Diagnostics();
    Program p = Pipeline.compile(file, source, diags);
    assertNotNull(p, diags.report());
    return Disassembler.disassembleAll(p.main());
  }

  /** Function name's part of a listing, from its header to the next function's. */
  static String function(String listing, String name) {
    int at = listing.indexOf("func " + name + " ");
    assertNotNull(at >= 0 ? "" : null, name + " not in\n" + listing);
    int end = listing.indexOf("\nfunc ", at + 1);
    return listing.substring(at, end < 0 ? listing.length() : end);
  }
}
