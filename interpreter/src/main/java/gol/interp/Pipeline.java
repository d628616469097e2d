package gol.interp;

import gol.interp.compile.Compiler;
import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.vm.Closure;
import gol.interp.vm.Disassembler;
import gol.interp.vm.Interp;
import gol.interp.vm.Proto;
import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoString;
import gol.runtime.Machine;
import gol.stdlib.Stdlib;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/** Parse → check → compile → run, for {@link Gol#run}. */
final class Pipeline {
  private Pipeline() {
  }

  /** Parses, checks and compiles; null (with errors in {@code diags}) when that fails. */
  static Program compile(String path, String source, Diagnostics diags) {
    Loader loader = new Loader(diags);
    if (!loader.loadMain(path, source)) {
      return null;
    }
    Program program = new Compiler(diags, Stdlib.natives()).compile(loader.units);
    return diags.hasErrors() ? null : program;
  }

  static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr) {
    Diagnostics diags = new Diagnostics();
    Program program = compile(path, source, diags);
    if (diags.hasErrors()) {
      stderr.print(diags.report());
      stderr.flush();
      return 1;
    }
    if (debugFlag("disasm")) {
      for (Proto p : program.inits()) {
        stderr.print(Disassembler.disassembleAll(p));
      }
      if (program.main() != null) {
        stderr.print(Disassembler.disassembleAll(program.main()));
      }
    }
    String[] osArgs = new String[args.length + 1];
    osArgs[0] = path;
    System.arraycopy(args, 0, osArgs, 1, args.length);
    Machine m = new Machine(stdout, stdoutIsTerminal, stderr, osArgs);
    m.globalLs = new long[program.globalCount()];
    m.globalRs = new Object[program.globalCount()];
    for (int i : program.stringGlobals()) {
      m.globalRs[i] = GoString.EMPTY;
    }
    return execute(m, program);
  }

  /** Whether GOLDEBUG has {@code name=1} (e.g. GOLDEBUG=disasm=1 prints the bytecode first). */
  private static boolean debugFlag(String name) {
    String s = System.getenv("GOLDEBUG");
    return s != null && ("," + s + ",").contains("," + name + "=1,");
  }

  /** Runs the initialisers and main on the main goroutine; returns the exit status. */
  private static int execute(Machine m, Program program) {
    G g = m.newG();
    try {
      for (Proto init : program.inits()) {
        if (!runOne(g, init)) {
          return 2;
        }
      }
      if (program.main() != null && !runOne(g, program.main())) {
        return 2;
      }
      return 0;
    } catch (GoExit e) {
      return e.code;
    } finally {
      m.stdout.flush();
    }
  }

  private static boolean runOne(G g, Proto fn) {
    Interp.start(g, new Closure(fn, new Object[0]));
    return Interp.run(g);
  }
}
