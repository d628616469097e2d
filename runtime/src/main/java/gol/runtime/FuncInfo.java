package gol.runtime;

/**
 * What the runtime may ask of a function in a goroutine's frame ({@code G.frameFn[d]}): the
 * facts Go keeps in its func tables — its name as tracebacks print it, its file, its
 * declaration line and the source line of a pc. The interpreter's Proto implements it, so
 * natives (runtime.Caller, Callers, FuncForPC, Stack; package testing's caller attribution)
 * can read a goroutine's stack without depending on the interpreter.
 */
public interface FuncInfo {
  /** The name as Go prints it: {@code main.f}, {@code main.(*T).M}, {@code calc.TestAdd.func1}. */
  String funcName();

  /** The source file as the program was loaded. */
  String fileName();

  /** The line of its declaration. */
  int entryLine();

  /** The source line of the instruction at {@code pc}. */
  int lineAt(int pc);

  /** Whether it has parameters (a traceback prints {@code f(...)} or {@code f()}). */
  boolean hasParams();

  /**
   * Whether it is a wrapper the compiler made (a method value's "-fm" function, a promoted or
   * pointer method's wrapper), which Go's runtime.Caller, Callers and tracebacks do not show.
   */
  default boolean wrapper() {
    return false;
  }
}
