package gol.interp;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/** Parse → check → compile → run. (Being written.) */
final class Pipeline {
  private Pipeline() {
  }

  static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr) {
    stderr.println("gol: the pipeline is not wired up yet");
    return 1;
  }
}
