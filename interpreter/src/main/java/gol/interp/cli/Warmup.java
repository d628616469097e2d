package gol.interp.cli;

/**
 * Start-up work done on a second thread while the main thread reads the program and plans
 * which standard code it needs: initialising the ANTLR parser class, whose static initialiser
 * deserialises the grammar's ATN (about 20 ms of cold code, a sixth of {@code gol run
 * hello.gol}). The main thread's first parse waits for it through the JVM's class
 * initialisation lock, so nothing depends on whether the thread has finished; a failure here
 * is left for the main thread to meet and report.
 */
final class Warmup implements Runnable {
  private Warmup() {
  }

  /** Starts the warm-up thread (a daemon: it never delays exit). */
  static void start() {
    Thread t = new Thread(new Warmup(), "gol-warmup");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void run() {
    try {
      Class.forName("gol.grammar.GolParser", true, Warmup.class.getClassLoader());
    } catch (Throwable t) {
      // the main thread initialises the class itself and reports what fails
    }
  }
}
