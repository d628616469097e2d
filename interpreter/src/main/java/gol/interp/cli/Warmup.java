package gol.interp.cli;

/**
 * Start-up work done on a second thread while the main thread reads the program and plans
 * which standard code it needs: initialising the ANTLR parser class, whose static initialiser
 * deserialises the grammar's ATN (about 20 ms of cold code, a sixth of {@code gol run
 * hello.gol}) unless the program's syntax tree is cached, then, for a program whose runs left
 * JIT translations, java.lang.invoke. The main thread's first parse waits for the parser
 * through the JVM's class initialisation lock, so nothing depends on whether the thread has
 * finished; a failure here is left for the main thread to meet and report.
 */
final class Warmup implements Runnable {
  /** The program's file, or null (another command). */
  private final String mainPath;

  private Warmup(String mainPath) {
    this.mainPath = mainPath;
  }

  /** Starts the warm-up thread for the command {@code args} (a daemon: it never delays exit). */
  static void start(String[] args) {
    String main = args.length > 1 && args[0].equals("run") ? args[1]
        : args[0].endsWith(".gol") ? args[0] : null;
    Thread t = new Thread(new Warmup(main), "gol-warmup");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void run() {
    try {
      if (!programCached(mainPath) && !treeCached(mainPath, gol.interp.parse.ParseCache.open())) {
        Class.forName("gol.grammar.GolParser");
      }
      // then java.lang.invoke if earlier runs of the program left translations: the JIT tier
      // loads them a few milliseconds into the run, and a program's first method handle is the
      // tier's (no native links a lambda); a hello world does not pay for it
      java.io.File hint = gol.interp.CacheFiles.jitHint(mainPath);
      if (hint != null && hint.exists()) {
        gol.interp.vm.Compiled.warmUp();
      }
    } catch (Throwable t) {
      // the main thread initialises the class itself and reports what fails
    }
  }

  /**
   * Whether an earlier run left the compiled program in the cache (gol.interp.ProgramCache): the
   * main thread then parses nothing, and the parser's tables (20 ms of CPU on the other core,
   * beside the main thread, the collector's and the compilers' threads) are not needed.
   */
  private static boolean programCached(String mainPath) {
    String source = regularFileText(mainPath);
    gol.interp.ProgramCache programs = source == null ? null : gol.interp.ProgramCache.open();
    if (programs == null) {
      return false;
    }
    // keyed as gol run keys it: in a module, with the texts of the local packages it imports
    return programs.has(mainPath, source + gol.interp.LocalPackages.keyTextFor(mainPath, source));
  }

  /**
   * Whether an earlier run left the program's syntax tree in the cache (gol.interp.parse.ParseCache):
   * the main thread then decodes it rather than parse, and the parser's tables are needed only
   * for a standard package whose tree is not there. {@code asts} is the cache (null: none).
   */
  static boolean treeCached(String mainPath, gol.interp.parse.ParseCache asts) {
    String source = asts == null ? null : regularFileText(mainPath);
    return source != null && asts.hasProgram(mainPath, source);
  }

  /** The text of the program's file as the main thread reads it, or null (none, or not a regular file). */
  private static String regularFileText(String mainPath) {
    if (mainPath == null) {
      return null;
    }
    java.io.File f = new java.io.File(mainPath); // java.io: see gol.interp.CacheFiles.read
    if (!f.isFile()) {
      return null; // a pipe (/dev/stdin, <(...)) is the main thread's to read, once
    }
    byte[] b = gol.interp.CacheFiles.read(f);
    return b == null ? null : Main.stripShebang(new String(b, java.nio.charset.StandardCharsets.UTF_8));
  }
}
