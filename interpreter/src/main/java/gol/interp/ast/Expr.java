package gol.interp.ast;

import gol.interp.types.Obj;
import gol.interp.types.Selection;
import gol.interp.types.Type;
import java.math.BigInteger;
import java.util.List;

/**
 * Expressions, including type expressions (as in go/ast, a type is an expression: {@code []int}
 * appears in conversions and composite literals).
 *
 * <p>Set by the checker on every expression it accepts:
 * <ul>
 *   <li>{@link #type}: the expression's type <em>after</em> untyped constants took the type their
 *       context gives them ({@code var f float64 = 1}: the literal's type is float64). An
 *       untyped constant with no context gets its default type (int, rune, float64, string, bool).
 *       A call with several results has a {@link gol.interp.types.Type.Tuple}. A type expression
 *       has {@link #isType} true and {@code type} = the type it denotes.</li>
 *   <li>{@link #constValue}: non-null when the expression is a constant; already converted to
 *       (and representable in) {@code type}.</li>
 * </ul>
 */
public abstract class Expr extends Node {
  public Type type;
  public gol.interp.types.Constant constValue;
  public boolean isType;
  /**
   * The compiler's memo of whether the expression holds a call gc evaluates early
   * (compile.CallsFirst.hasCall): 0 not known yet, 1 no, 2 yes.
   */
  public byte holdsCall;

  protected Expr(int line, int col) {
    super(line, col);
  }

  /** Strips parentheses. */
  public Expr unparen() {
    Expr e = this;
    while (e instanceof Paren p) {
      e = p.x;
    }
    return e;
  }

  /** A name. Set by the checker: {@code obj}, what the name denotes (null for the blank {@code _}). */
  public static final class Ident extends Expr {
    public final String name;
    public Obj obj;

    public Ident(int line, int col, String name) {
      super(line, col);
      this.name = name;
    }
  }

  /**
   * A literal. {@code value} is decoded by the builder: INT and CHAR → {@link BigInteger}
   * (a rune literal's code point), FLOAT → {@link java.math.BigDecimal} (exact decimal value of the
   * literal; hex floats converted exactly), IMAG → the BigDecimal of the imaginary part, STRING →
   * {@code byte[]} (the UTF-8 bytes after escapes are interpreted: {@code "\xff"} is one byte).
   */
  public static final class BasicLit extends Expr {
    public enum Kind { INT, FLOAT, IMAG, CHAR, STRING }

    public final Kind kind;
    public final Object value;
    public final String text;

    public BasicLit(int line, int col, Kind kind, Object value, String text) {
      super(line, col);
      this.kind = kind;
      this.value = value;
      this.text = text;
    }
  }

  /**
   * {@code T{elts}}. {@code litType} is null when elided inside an enclosing literal
   * ({@code [][]int{{1}, {2}}}); the checker then sets {@link #type} from the context.
   */
  public static final class CompositeLit extends Expr {
    public final Expr litType;
    public final List<Element> elts;
    /** Where the closing brace is (gc reports "too few values" there); 0 when not known. */
    public int rbraceLine;
    public int rbraceCol;

    public CompositeLit(int line, int col, Expr litType, List<Element> elts) {
      super(line, col);
      this.litType = litType;
      this.elts = elts;
    }
  }

  /** One element of a composite literal: {@code key: value} or just {@code value} (key null). */
  public static final class Element extends Node {
    public final Expr key;
    public final Expr value;

    public Element(int line, int col, Expr key, Expr value) {
      super(line, col);
      this.key = key;
      this.value = value;
    }
  }

  /**
   * {@code func(params) results { body }}. Set by the checker: {@code captures}, the variables of
   * enclosing functions this literal (or a literal nested in it) refers to, in first-use order;
   * {@code locals}, the variables it declares itself, parameters first.
   */
  public static final class FuncLit extends Expr {
    public final FuncType sig;
    public final Stmt.Block body;
    public List<Obj.Var> captures;
    public List<Obj.Var> locals;

    public FuncLit(int line, int col, FuncType sig, Stmt.Block body) {
      super(line, col);
      this.sig = sig;
      this.body = body;
    }
  }

  public static final class Paren extends Expr {
    public final Expr x;

    public Paren(int line, int col, Expr x) {
      super(line, col);
      this.x = x;
    }
  }

  /**
   * {@code x.sel}. Set by the checker: for a qualified identifier ({@code fmt.Println}),
   * {@code sel.obj} is the package member and {@code selection} is null; otherwise
   * {@code selection} says which field or method was selected and how it was reached.
   */
  public static final class Selector extends Expr {
    public final Expr x;
    public final Ident sel;
    public Selection selection;

    public Selector(int line, int col, Expr x, Ident sel) {
      super(line, col);
      this.x = x;
      this.sel = sel;
    }
  }

  /** {@code x[index]}. */
  public static final class Index extends Expr {
    public final Expr x;
    public final Expr index;
    /** Set by the checker: the comma-ok form {@code v, ok := m[k]} (map index with two results). */
    public boolean commaOk;
    /** Where the {@code [} is (gc reports "cannot index" there); the node's own position is x's. */
    public int lbrackLine;
    public int lbrackCol;

    public Index(int line, int col, Expr x, Expr index) {
      super(line, col);
      this.x = x;
      this.index = index;
      this.lbrackLine = line;
      this.lbrackCol = col;
    }
  }

  /**
   * {@code x[a, b, ...]} with two or more indices: only an instantiation ({@code Pair[int, string]},
   * {@code Map[int, string](xs, f)}). One index is an {@link Index}, which the checker reads as an
   * instantiation when {@code x} is generic. Set by the checker for a generic function:
   * {@code inst}, the instantiated function.
   */
  public static final class IndexList extends Expr {
    public final Expr x;
    public final List<Expr> indices;
    /** Where the {@code [} is (gc's position for the instantiation); the node's own position is x's. */
    public int lbrackLine;
    public int lbrackCol;

    public IndexList(int line, int col, Expr x, List<Expr> indices) {
      super(line, col);
      this.x = x;
      this.indices = indices;
    }
  }

  /** {@code A | B | ~C}: a union of terms in a constraint or an interface's type-set element. */
  public static final class Union extends Expr {
    public final List<Expr> terms;

    public Union(int line, int col, List<Expr> terms) {
      super(line, col);
      this.terms = terms;
    }
  }

  /** {@code ~T}: every type whose underlying type is T (a term of a constraint). */
  public static final class Tilde extends Expr {
    public final Expr type;

    public Tilde(int line, int col, Expr type) {
      super(line, col);
      this.type = type;
    }
  }

  /** {@code x[lo:hi]} or {@code x[lo:hi:max]}; missing bounds are null. */
  public static final class SliceExpr extends Expr {
    public final Expr x;
    public final Expr lo;
    public final Expr hi;
    public final Expr max;
    public final boolean slice3;
    /** Where the {@code [} is: gc's position for the whole expression (it does not start at x). */
    public int lbrackLine;
    public int lbrackCol;

    public SliceExpr(int line, int col, Expr x, Expr lo, Expr hi, Expr max, boolean slice3) {
      super(line, col);
      this.x = x;
      this.lo = lo;
      this.hi = hi;
      this.max = max;
      this.slice3 = slice3;
    }
  }

  /** {@code x.(T)}; {@code assertType} is null for {@code x.(type)} in a type switch guard. */
  public static final class TypeAssert extends Expr {
    public final Expr x;
    public final Expr assertType;
    /** Set by the checker: the comma-ok form {@code v, ok := x.(T)}. */
    public boolean commaOk;

    public TypeAssert(int line, int col, Expr x, Expr assertType) {
      super(line, col);
      this.x = x;
      this.assertType = assertType;
    }
  }

  /** {@code fun(args)} or {@code fun(args...)}: a call, a conversion or a builtin call. */
  public static final class Call extends Expr {
    public enum Kind { CALL, CONVERSION, BUILTIN }

    public final Expr fun;
    public final List<Expr> args;
    public final boolean ellipsis;
    /** Set by the checker. For BUILTIN, {@code fun.unparen()} is an Ident whose obj is an Obj.Builtin. */
    public Kind kind;
    /** Where the {@code (} is (gc reports failed type inference there). */
    public int lparenLine;
    public int lparenCol;
    /**
     * Set by the checker on a builtin call whose one argument is a call with several results
     * ({@code copy(f())}, {@code complex(g())}): one {@link TupleElem} per result, standing for
     * the arguments; null otherwise.
     */
    public List<Expr> spread;

    public Call(int line, int col, Expr fun, List<Expr> args, boolean ellipsis) {
      super(line, col);
      this.fun = fun;
      this.args = args;
      this.ellipsis = ellipsis;
    }
  }

  /** Result {@code index} of the multi-value call {@code call} (see {@link Call#spread}); made by the checker only. */
  public static final class TupleElem extends Expr {
    public final Expr call;
    public final int index;

    public TupleElem(Expr call, int index) {
      super(call.line, call.col);
      this.call = call;
      this.index = index;
    }
  }

  /** {@code *x}: a pointer dereference, or a pointer type when {@code isType}. */
  public static final class Star extends Expr {
    public final Expr x;

    public Star(int line, int col, Expr x) {
      super(line, col);
      this.x = x;
    }
  }

  /** {@code op x} for {@code + - ! ^ & <-}. */
  public static final class Unary extends Expr {
    public final Tok op;
    public final Expr x;
    /** Set by the checker: a receive {@code v, ok := <-c} with two results. */
    public boolean commaOk;

    public Unary(int line, int col, Tok op, Expr x) {
      super(line, col);
      this.op = op;
      this.x = x;
    }
  }

  /** {@code x op y}. Positions: line/col are those of the operator, as gc reports binary errors. */
  public static final class Binary extends Expr {
    public final Tok op;
    public final Expr x;
    public final Expr y;

    public Binary(int line, int col, Tok op, Expr x, Expr y) {
      super(line, col);
      this.op = op;
      this.x = x;
      this.y = y;
    }
  }

  // ---- type expressions ----

  /** {@code [len]elem}; {@code len} is null for a slice type, an {@link Ellipsis} for {@code [...]T}. */
  public static final class ArrayType extends Expr {
    public final Expr len;
    public final Expr elem;

    public ArrayType(int line, int col, Expr len, Expr elem) {
      super(line, col);
      this.len = len;
      this.elem = elem;
    }
  }

  /**
   * {@code ...elem}: the type of a final variadic parameter, or (with {@code elem} null) the
   * length of {@code [...]T}.
   */
  public static final class Ellipsis extends Expr {
    public final Expr elem;

    public Ellipsis(int line, int col, Expr elem) {
      super(line, col);
      this.elem = elem;
    }
  }

  /**
   * A parameter, result, struct field, receiver or interface method: {@code names type}.
   * {@code names} is empty for an unnamed parameter or an embedded field/interface. For an
   * interface method, {@code names} has the method name and {@code type} is a {@link FuncType}.
   * {@code tag} is the decoded struct tag or null.
   */
  public static final class Field extends Node {
    public final List<Ident> names;
    public final Expr type;
    public final String tag;
    /** A tag written as a literal that is not a string (gc parses it; the checker rejects it). */
    public BasicLit badTag;

    public Field(int line, int col, List<Ident> names, Expr type, String tag) {
      super(line, col);
      this.names = names;
      this.type = type;
      this.tag = tag;
    }
  }

  public static final class StructType extends Expr {
    public final List<Field> fields;

    public StructType(int line, int col, List<Field> fields) {
      super(line, col);
      this.fields = fields;
    }
  }

  /** {@code func(params) results}; a variadic last parameter has an {@link Ellipsis} type. */
  public static final class FuncType extends Expr {
    public final List<Field> params;
    public final List<Field> results;

    public FuncType(int line, int col, List<Field> params, List<Field> results) {
      super(line, col);
      this.params = params;
      this.results = results;
    }
  }

  /** {@code interface { methods; embedded }}: see {@link Field}. */
  public static final class InterfaceType extends Expr {
    public final List<Field> elems;
    /**
     * Where a method's type parameter list opens (line, column, line, column...): an error gc's
     * parser reports, and type checking then goes on.
     */
    public List<Integer> typeParamsAt = List.of();

    public InterfaceType(int line, int col, List<Field> elems) {
      super(line, col);
      this.elems = elems;
    }
  }

  public static final class MapType extends Expr {
    public final Expr key;
    public final Expr value;

    public MapType(int line, int col, Expr key, Expr value) {
      super(line, col);
      this.key = key;
      this.value = value;
    }
  }

  public static final class ChanType extends Expr {
    public enum Dir { BOTH, SEND, RECV }

    public final Dir dir;
    public final Expr elem;

    public ChanType(int line, int col, Dir dir, Expr elem) {
      super(line, col);
      this.dir = dir;
      this.elem = elem;
    }
  }

  /** Placeholder the builder leaves where the parse failed, so later passes can skip it. */
  public static final class Bad extends Expr {
    public Bad(int line, int col) {
      super(line, col);
    }
  }
}
