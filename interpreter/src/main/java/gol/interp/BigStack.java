package gol.interp;

import gol.interp.testing.SuiteRunner;
import java.util.concurrent.Callable;

/**
 * Runs work on a thread with a large Java stack: the parser, checker, compiler and formatter
 * recurse as deep as a program's expressions nest (a sum of 3,000 operands), deeper than a
 * thread's default stack allows. (gol run has its own such thread, a class rather than a lambda,
 * since a hello world's start-up links no lambda: cli.Main.runProgram.)
 */
public final class BigStack {
  private BigStack() {
  }

  /** body's result, computed on a thread named name with SuiteRunner.STACK_SIZE of stack; what body throws is rethrown. */
  public static int call(String name, Callable<Integer> body) throws Exception {
    int[] result = new int[1];
    Throwable[] thrown = new Throwable[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = body.call();
      } catch (Throwable e) {
        thrown[0] = e;
      }
    }, name, SuiteRunner.STACK_SIZE);
    t.start();
    t.join();
    if (thrown[0] instanceof Exception e) {
      throw e;
    }
    if (thrown[0] instanceof Error e) {
      throw e;
    }
    return result[0];
  }
}
