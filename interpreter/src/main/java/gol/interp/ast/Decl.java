package gol.interp.ast;

import gol.interp.types.Obj;
import java.util.List;

/** Declarations: they appear at top level and, except {@link FuncDecl}, inside blocks. */
public abstract class Decl extends Node {
  protected Decl(int line, int col) {
    super(line, col);
  }

  /**
   * One {@code const} spec line: {@code names [type] [= values]}. A spec without type and values
   * repeats the previous spec's (iota-style implicit repetition): the builder copies them, so
   * {@code type} and {@code values} are already filled in here, and {@code iota} is the spec's
   * index in its group. The same Expr nodes may then be shared by several specs, so the checker
   * evaluates a const spec's values per spec, not per node.
   */
  public static final class Const extends Decl {
    public final List<Expr.Ident> names;
    public final Expr type;          // may be null
    public final List<Expr> values;  // empty when none was written nor inherited (the checker reports it)
    /** Whether type and values are the previous spec's of the group (a spec of names alone). */
    public final boolean inherited;
    public final int iota;
    /** The group this spec belongs to (same object for all specs of a parenthesised group). */
    public final Object group;

    public Const(int line, int col, List<Expr.Ident> names, Expr type, List<Expr> values, boolean inherited, int iota,
        Object group) {
      super(line, col);
      this.names = names;
      this.type = type;
      this.values = values;
      this.inherited = inherited;
      this.iota = iota;
      this.group = group;
    }
  }

  /** One {@code var} spec: {@code names type}, {@code names = values} or {@code names type = values}. */
  public static final class Var extends Decl {
    public final List<Expr.Ident> names;
    public final Expr type;          // may be null
    public final List<Expr> values;  // empty when there is no initializer

    public Var(int line, int col, List<Expr.Ident> names, Expr type, List<Expr> values) {
      super(line, col);
      this.names = names;
      this.type = type;
      this.values = values;
    }
  }

  /** One {@code type} spec: {@code type Name T} or, with {@code alias}, {@code type Name = T}. */
  public static final class Type extends Decl {
    public final Expr.Ident name;
    public final Expr type;
    public final boolean alias;
    /** {@code type Stack[T any] ...}: the type parameters (names and constraint), else empty. */
    public List<Expr.Field> typeParams = List.of();

    public Type(int line, int col, Expr.Ident name, Expr type, boolean alias) {
      super(line, col);
      this.name = name;
      this.type = type;
      this.alias = alias;
    }
  }

  /**
   * {@code func (recv) Name(params) results { body }}. {@code recv} is null for plain functions;
   * {@code body} is null for a bodiless declaration, which binds to a native of the same
   * qualified name ({@code fmt.Println}, {@code strings.Builder.String}).
   */
  public static final class Func extends Decl {
    public final Expr.Field recv;
    public final Expr.Ident name;
    public final Expr.FuncType sig;
    public final Stmt.Block body;
    /** Set by the checker: the function's object ({@code gol.interp.types.Obj.Func}). */
    public Obj.Func obj;
    /** Set by the checker: every local variable the function declares, parameters first. */
    public List<Obj.Var> locals;
    /** {@code func F[T any](...)}: the type parameters (names and constraint), else empty. */
    public List<Expr.Field> typeParams = List.of();
    /**
     * Builds a fresh copy of this declaration's syntax tree (from the parse tree), for compiling
     * one instantiation of a generic function or of a generic type's method; null if unavailable.
     */
    public java.util.function.Supplier<Func> copier;

    public Func(int line, int col, Expr.Field recv, Expr.Ident name, Expr.FuncType sig, Stmt.Block body) {
      super(line, col);
      this.recv = recv;
      this.name = name;
      this.sig = sig;
      this.body = body;
    }
  }
}
