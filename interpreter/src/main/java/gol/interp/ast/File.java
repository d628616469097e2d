package gol.interp.ast;

import java.util.List;

/**
 * One source file. {@code packageName} is null in script mode (no package clause).
 * {@code items} holds the top-level declarations ({@link Decl}) and, in script mode, statements
 * ({@link Stmt}), in source order: a script runs its statements in that order.
 */
public final class File extends Node {
  public final String name;
  public final String packageName;
  public final List<Import> imports;
  public final List<Node> items;
  /**
   * Set by the checker in script mode: the local variables declared by the top-level statements
   * (in blocks, loops, ifs...; top-level := and var declare package-level variables instead).
   */
  public List<gol.interp.types.Obj.Var> scriptLocals;
  /**
   * Set by the checker: the declarations made for instantiations of this file's generic
   * functions and of the methods of its generic types (compiled like the file's own functions).
   */
  public final List<Decl.Func> instances = new java.util.ArrayList<>();

  public File(int line, int col, String name, String packageName, List<Import> imports, List<Node> items) {
    super(line, col);
    this.name = name;
    this.packageName = packageName;
    this.imports = imports;
    this.items = items;
  }

  /** {@code import alias "path"}; alias is null when absent, "_" or "." when given. */
  public static final class Import extends Node {
    public final String alias;
    public final String path;
    /** Set by the checker: the package this import names. */
    public Object pkg;
    /** Set by the checker: whether a name of the file used it (for "imported and not used"). */
    public boolean used;

    public Import(int line, int col, String alias, String path) {
      super(line, col);
      this.alias = alias;
      this.path = path;
    }
  }
}
