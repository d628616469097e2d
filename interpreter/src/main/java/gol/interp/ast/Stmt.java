package gol.interp.ast;

import gol.interp.types.Obj;
import java.util.List;

/** Statements. */
public abstract class Stmt extends Node {
  protected Stmt(int line, int col) {
    super(line, col);
  }

  /** {@code var}, {@code const} or {@code type} inside a block (a group gives several specs). */
  public static final class DeclStmt extends Stmt {
    public final List<Decl> decls;

    public DeclStmt(int line, int col, List<Decl> decls) {
      super(line, col);
      this.decls = decls;
    }
  }

  public static final class Empty extends Stmt {
    public Empty(int line, int col) {
      super(line, col);
    }
  }

  /** {@code label: stmt}. */
  public static final class Labeled extends Stmt {
    public final Expr.Ident label;
    public final Stmt stmt;

    public Labeled(int line, int col, Expr.Ident label, Stmt stmt) {
      super(line, col);
      this.label = label;
      this.stmt = stmt;
    }
  }

  public static final class ExprStmt extends Stmt {
    public final Expr x;

    public ExprStmt(int line, int col, Expr x) {
      super(line, col);
      this.x = x;
    }
  }

  /** {@code ch <- value}. */
  public static final class Send extends Stmt {
    public final Expr ch;
    public final Expr value;

    public Send(int line, int col, Expr ch, Expr value) {
      super(line, col);
      this.ch = ch;
      this.value = value;
    }
  }

  /** {@code x++} / {@code x--}. */
  public static final class IncDec extends Stmt {
    public final Expr x;
    public final Tok op;

    public IncDec(int line, int col, Expr x, Tok op) {
      super(line, col);
      this.x = x;
      this.op = op;
    }
  }

  /**
   * {@code lhs = rhs}, {@code lhs := rhs}, or an op-assignment {@code x += y} (then {@code op} is
   * the binary operator, e.g. ADD, and both lists have one element). For {@code :=}, an lhs Ident
   * declares a new variable exactly when {@code ident.obj.decl == ident}.
   */
  public static final class Assign extends Stmt {
    public final List<Expr> lhs;
    public final Tok op;
    public final List<Expr> rhs;

    public Assign(int line, int col, List<Expr> lhs, Tok op, List<Expr> rhs) {
      super(line, col);
      this.lhs = lhs;
      this.op = op;
      this.rhs = rhs;
    }
  }

  /** {@code go call}. */
  public static final class Go extends Stmt {
    public final Expr.Call call;
    /** The call as written in parentheses (an error the checker reports), else null. */
    public Expr parenthesized;

    public Go(int line, int col, Expr.Call call) {
      super(line, col);
      this.call = call;
    }
  }

  /** {@code defer call}. */
  public static final class Defer extends Stmt {
    public final Expr.Call call;
    /** The call as written in parentheses (an error the checker reports), else null. */
    public Expr parenthesized;

    public Defer(int line, int col, Expr.Call call) {
      super(line, col);
      this.call = call;
    }
  }

  public static final class Return extends Stmt {
    public final List<Expr> results;

    public Return(int line, int col, List<Expr> results) {
      super(line, col);
      this.results = results;
    }
  }

  /**
   * {@code break}, {@code continue}, {@code goto} or {@code fallthrough}, with an optional label.
   * Set by the checker: {@code target}, the statement it leaves or continues (a For, Range, Switch,
   * TypeSwitch or Select, never a Labeled), or for goto the Labeled statement it jumps to.
   */
  public static final class Branch extends Stmt {
    public enum Kind { BREAK, CONTINUE, GOTO, FALLTHROUGH }

    public final Kind kind;
    public final Expr.Ident label;
    public Stmt target;

    public Branch(int line, int col, Kind kind, Expr.Ident label) {
      super(line, col);
      this.kind = kind;
      this.label = label;
    }
  }

  public static final class Block extends Stmt {
    public final List<Stmt> stmts;
    /** Line of the closing brace (a function's implicit return is reported there). */
    public final int endLine;
    /**
     * Column of the closing brace, set by the builder when it knows it (0: unknown, the checker
     * then reports "missing return" at column 1).
     */
    public int endCol;

    public Block(int line, int col, List<Stmt> stmts, int endLine) {
      super(line, col);
      this.stmts = stmts;
      this.endLine = endLine;
    }
  }

  /** {@code if init; cond { then } else els}; {@code els} is null, an If or a Block. */
  public static final class If extends Stmt {
    public final Stmt init;
    public final Expr cond;
    public final Block then;
    public final Stmt els;

    public If(int line, int col, Stmt init, Expr cond, Block then, Stmt els) {
      super(line, col);
      this.init = init;
      this.cond = cond;
      this.then = then;
      this.els = els;
    }
  }

  /**
   * A {@code case} of an expression or type switch; {@code exprs} is null for {@code default}.
   * In a type switch the exprs are types ({@code nil} allowed). Set by the checker for a type
   * switch with a binding ({@code switch v := x.(type)}): {@code implicitVar}, this clause's v.
   */
  public static final class CaseClause extends Node {
    public final List<Expr> exprs;
    public final List<Stmt> body;
    public Obj.Var implicitVar;

    public CaseClause(int line, int col, List<Expr> exprs, List<Stmt> body) {
      super(line, col);
      this.exprs = exprs;
      this.body = body;
    }
  }

  /** {@code switch init; tag { clauses }}; {@code tag} null means {@code true}. */
  public static final class Switch extends Stmt {
    public final Stmt init;
    public final Expr tag;
    public final List<CaseClause> clauses;

    public Switch(int line, int col, Stmt init, Expr tag, List<CaseClause> clauses) {
      super(line, col);
      this.init = init;
      this.tag = tag;
      this.clauses = clauses;
    }
  }

  /** {@code switch init; bind := x.(type) { clauses }}; {@code bind} may be null. */
  public static final class TypeSwitch extends Stmt {
    public final Stmt init;
    public final Expr.Ident bind;
    public final Expr x;
    public final List<CaseClause> clauses;

    public TypeSwitch(int line, int col, Stmt init, Expr.Ident bind, Expr x, List<CaseClause> clauses) {
      super(line, col);
      this.init = init;
      this.bind = bind;
      this.x = x;
      this.clauses = clauses;
    }
  }

  /**
   * A {@code case} of a select: {@code comm} is a Send, an ExprStmt whose expression is a receive
   * {@code <-c}, or an Assign ({@code v := <-c}, {@code v, ok = <-c}); null for {@code default}.
   */
  public static final class CommClause extends Node {
    public final Stmt comm;
    public final List<Stmt> body;

    public CommClause(int line, int col, Stmt comm, List<Stmt> body) {
      super(line, col);
      this.comm = comm;
      this.body = body;
    }
  }

  public static final class Select extends Stmt {
    public final List<CommClause> clauses;

    public Select(int line, int col, List<CommClause> clauses) {
      super(line, col);
      this.clauses = clauses;
    }
  }

  /** {@code for init; cond; post { body }}; each part may be null. */
  public static final class For extends Stmt {
    public final Stmt init;
    public final Expr cond;
    public final Stmt post;
    public final Block body;

    public For(int line, int col, Stmt init, Expr cond, Stmt post, Block body) {
      super(line, col);
      this.init = init;
      this.cond = cond;
      this.post = post;
      this.body = body;
    }
  }

  /**
   * {@code for key, value := range x { body }}; {@code op} is DEFINE, ASSIGN, or null when there
   * are no iteration variables ({@code for range x}); {@code key}/{@code value} may be null.
   */
  public static final class Range extends Stmt {
    public final Expr key;
    public final Expr value;
    public final Tok op;
    public final Expr x;
    public final Block body;
    /**
     * Range over a function (set by the checker): the yield function's signature, whose body
     * this loop's body becomes, and the variables of enclosing code the body uses.
     */
    public gol.interp.types.Type.Signature yieldSig;
    public List<Obj.Var> funcCaptures;
    /** A third iteration variable, written in error (the checker reports it; gc's parser accepts it). */
    public Expr extra;

    public Range(int line, int col, Expr key, Expr value, Tok op, Expr x, Block body) {
      super(line, col);
      this.key = key;
      this.value = value;
      this.op = op;
      this.x = x;
      this.body = body;
    }
  }

  public static final class Bad extends Stmt {
    /** For go/defer of an operand that is not a call: that operand, which the checker reports (null otherwise). */
    public final Expr notCall;
    /** "go" or "defer" with notCall. */
    public final String keyword;

    public Bad(int line, int col) {
      this(line, col, null, null);
    }

    public Bad(int line, int col, Expr notCall, String keyword) {
      super(line, col);
      this.notCall = notCall;
      this.keyword = keyword;
    }
  }
}
