package gol.interp.ast;

/**
 * The root of the syntax tree. Every node carries the 1-based line and column of its first token
 * (columns count characters from 1, as gc reports them); diagnostics print them as
 * {@code file.gol:LINE:COL: message}.
 *
 * <p>The tree is built by {@code gol.interp.parse.AstBuilder} and then annotated in place by the
 * type checker: fields marked "set by the checker" are null until {@code gol.interp.check} has run,
 * and the compiler reads only annotated trees.
 */
public abstract class Node {
  public final int line;
  public final int col;

  protected Node(int line, int col) {
    this.line = line;
    this.col = col;
  }
}
