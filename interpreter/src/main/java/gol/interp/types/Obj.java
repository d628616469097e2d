package gol.interp.types;

import gol.interp.ast.Node;

/**
 * What a name denotes (go/types' Object): a variable, constant, type name, function, imported
 * package, builtin, nil or label. Identity matters: the checker creates one Obj per declaration
 * and every use of the name points at it.
 */
public abstract class Obj {
  public final String name;
  /** The declaring identifier (or node); null for universe objects. */
  public final Node decl;
  /** The package the object belongs to; null for universe objects. */
  public final Pkg pkg;
  public Type type;

  protected Obj(String name, Node decl, Pkg pkg, Type type) {
    this.name = name;
    this.decl = decl;
    this.pkg = pkg;
    this.type = type;
  }

  /**
   * A variable: package-level (global), local, parameter, result or struct field.
   * Escape flags, set by the checker, tell the compiler which locals must live in heap cells:
   * {@code captured} (referred to from a nested function literal) and {@code addressTaken}
   * ({@code &x}, or a method call with a pointer receiver on an addressable {@code x}).
   */
  public static final class Var extends Obj {
    public boolean isGlobal;
    public boolean isParam;
    public boolean isResult;
    public boolean isField;
    public boolean embedded;
    public boolean captured;
    public boolean addressTaken;
    /** Set by the checker: read somewhere (for "declared and not used"). */
    public boolean used;

    public Var(String name, Node decl, Pkg pkg, Type type) {
      super(name, decl, pkg, type);
    }

    /** Whether the compiler must keep this variable in a heap cell rather than a stack slot. */
    public boolean escapes() {
      return captured || addressTaken;
    }
  }

  public static final class Const extends Obj {
    public Constant value;

    public Const(String name, Node decl, Pkg pkg, Type type, Constant value) {
      super(name, decl, pkg, type);
      this.value = value;
    }
  }

  public static final class TypeName extends Obj {
    /**
     * A type declared in a function: its number among the package's local types in source
     * order, from 1 (Go's linker names it main.T·N inside a type argument list); else 0.
     */
    public int vargen;
    /**
     * A type declared in an instance of a generic function or method: that instance's type
     * arguments, which Go's run-time name carries (main.T[int]); else null.
     */
    public java.util.List<Type> outerArgs;

    public TypeName(String name, Node decl, Pkg pkg, Type type) {
      super(name, decl, pkg, type);
    }
  }

  /**
   * A function or method. {@code declNode} is its {@code gol.interp.ast.Decl.Func} (null for
   * interface methods); a declaration without a body binds to the native named by
   * {@link #qualifiedName()}.
   */
  public static final class Func extends Obj {
    public gol.interp.ast.Decl.Func declNode;
    /** For a method: the receiver's base type name (e.g. "Builder" for (*Builder).String). */
    public String recvTypeName;
    /** A generic function's type parameters; empty otherwise. */
    public java.util.List<Type.TypeParam> typeParams = java.util.List.of();
    /** A generic function's instances, by the key of their type arguments. */
    public java.util.Map<String, Func> instances;
    /** For an instance: the generic function it was made from, and its type arguments. */
    public Func origin;
    public java.util.List<Type> typeArgs;

    public Func(String name, Node decl, Pkg pkg, Type type) {
      super(name, decl, pkg, type);
    }

    public boolean isMethod() {
      return type instanceof Type.Signature s && s.recv != null;
    }

    /** {@code fmt.Println}, {@code strings.Builder.String}, {@code main.f}. */
    public String qualifiedName() {
      String p = pkg == null ? "" : pkg.path + ".";
      return recvTypeName == null ? p + name : p + recvTypeName + "." + name;
    }
  }

  /** An imported package's name in a file scope. */
  public static final class PkgName extends Obj {
    public final Pkg imported;
    public boolean used;

    public PkgName(String name, Node decl, Pkg pkg, Pkg imported) {
      super(name, decl, pkg, null);
      this.imported = imported;
    }
  }

  /** A predeclared function: append, cap, clear, close, complex, copy, delete, imag, len, make, max, min, new, panic, print, println, real, recover. */
  public static final class Builtin extends Obj {
    public enum Id {
      APPEND, CAP, CLEAR, CLOSE, COMPLEX, COPY, DELETE, IMAG, LEN, MAKE, MAX, MIN, NEW, PANIC, PRINT, PRINTLN, REAL, RECOVER,
      // package unsafe's functions (members of package unsafe, not of the universe)
      SIZEOF, ALIGNOF, OFFSETOF, ADD, SLICE, SLICEDATA, STRING, STRINGDATA;

      /** Whether this is one of package unsafe's functions. */
      public boolean isUnsafe() {
        return ordinal() >= SIZEOF.ordinal();
      }
    }

    public final Id id;

    public Builtin(String name, Id id) {
      super(name, null, null, null);
      this.id = id;
    }
  }

  public static final class Nil extends Obj {
    public Nil(Type untypedNil) {
      super("nil", null, null, untypedNil);
    }
  }

  public static final class Label extends Obj {
    public boolean used;

    public Label(String name, Node decl, Pkg pkg) {
      super(name, decl, pkg, null);
    }
  }
}
