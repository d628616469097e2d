package gol.runtime;

/**
 * What the runtime may ask of a function in a goroutine's frame ({@code G.frameFn}): its name as
 * tracebacks print it, its file and the source line of a pc. The interpreter's Proto implements
 * it, so natives (e.g. package testing's caller attribution) can read a goroutine's stack
 * without depending on the interpreter.
 */
public interface FuncInfo {
  /** {@code main.f}, {@code calc.TestAdd.func1}. */
  String funcName();

  /** The source file as the program was loaded. */
  String fileName();

  /** The source line of the instruction at {@code pc}. */
  int lineAt(int pc);
}
