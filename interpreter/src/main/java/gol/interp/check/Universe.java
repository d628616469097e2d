package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import gol.interp.types.Type.Basic;
import gol.interp.types.Type.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * The universe scope: the predeclared types, constants, nil and builtins. Everything here is built
 * once and never changed afterwards, so every package (stdlib ones checked by other Checker
 * instances included) shares the same type objects: {@code int} in fmt is {@code int} in main.
 *
 * <p>byte and rune are Basic types of their own (so messages say {@code byte}) with kinds UINT8 and
 * INT32; {@link Types#identical} compares Basic types by kind, so byte and uint8 are identical.
 */
public final class Universe {
  private Universe() {
  }

  public static final Basic BOOL = new Basic(Kind.BOOL, "bool");
  public static final Basic INT = new Basic(Kind.INT, "int");
  public static final Basic INT8 = new Basic(Kind.INT8, "int8");
  public static final Basic INT16 = new Basic(Kind.INT16, "int16");
  public static final Basic INT32 = new Basic(Kind.INT32, "int32");
  public static final Basic INT64 = new Basic(Kind.INT64, "int64");
  public static final Basic UINT = new Basic(Kind.UINT, "uint");
  public static final Basic UINT8 = new Basic(Kind.UINT8, "uint8");
  public static final Basic UINT16 = new Basic(Kind.UINT16, "uint16");
  public static final Basic UINT32 = new Basic(Kind.UINT32, "uint32");
  public static final Basic UINT64 = new Basic(Kind.UINT64, "uint64");
  public static final Basic UINTPTR = new Basic(Kind.UINTPTR, "uintptr");
  public static final Basic FLOAT32 = new Basic(Kind.FLOAT32, "float32");
  public static final Basic FLOAT64 = new Basic(Kind.FLOAT64, "float64");
  public static final Basic COMPLEX64 = new Basic(Kind.COMPLEX64, "complex64");
  public static final Basic COMPLEX128 = new Basic(Kind.COMPLEX128, "complex128");
  public static final Basic STRING = new Basic(Kind.STRING, "string");
  public static final Basic BYTE = new Basic(Kind.UINT8, "byte");
  public static final Basic RUNE = new Basic(Kind.INT32, "rune");

  public static final Basic UNTYPED_BOOL = new Basic(Kind.UNTYPED_BOOL, "untyped bool");
  public static final Basic UNTYPED_INT = new Basic(Kind.UNTYPED_INT, "untyped int");
  public static final Basic UNTYPED_RUNE = new Basic(Kind.UNTYPED_RUNE, "untyped rune");
  public static final Basic UNTYPED_FLOAT = new Basic(Kind.UNTYPED_FLOAT, "untyped float");
  public static final Basic UNTYPED_COMPLEX = new Basic(Kind.UNTYPED_COMPLEX, "untyped complex");
  public static final Basic UNTYPED_STRING = new Basic(Kind.UNTYPED_STRING, "untyped string");
  public static final Basic UNTYPED_NIL = new Basic(Kind.UNTYPED_NIL, "untyped nil");
  /** The type of an expression that failed to check; errors involving it are not reported. */
  public static final Basic INVALID = new Basic(Kind.INVALID, "invalid type");

  /** {@code interface{}}; {@code any} is an alias of it, printed as "any" ({@link #ANY}). */
  public static final Type.Interface EMPTY_INTERFACE = emptyInterface();
  public static final Type.Interface ANY = emptyInterface();
  /** The predeclared constraint {@code comparable}: every strictly comparable type. */
  public static final Type.Interface COMPARABLE = emptyInterface();
  /** The predeclared {@code error}: a Named interface with {@code Error() string}. */
  public static final Type.Named ERROR;
  public static final Obj.Func ERROR_METHOD;

  public static final Obj.Const TRUE;
  public static final Obj.Const FALSE;
  public static final Obj.Const IOTA;
  public static final Obj.Nil NIL;
  /** The type of a call without results. */
  public static final Type.Tuple NO_VALUE = new Type.Tuple(List.of());

  public static final Scope SCOPE = new Scope(null);

  static {
    for (Basic b : new Basic[] {BOOL, INT, INT8, INT16, INT32, INT64, UINT, UINT8, UINT16, UINT32, UINT64,
        UINTPTR, FLOAT32, FLOAT64, COMPLEX64, COMPLEX128, STRING, BYTE, RUNE}) {
      SCOPE.insert(new Obj.TypeName(b.name, null, null, b));
    }
    ANY.isAny = true;
    SCOPE.insert(new Obj.TypeName("any", null, null, ANY));
    COMPARABLE.comparable = true;
    COMPARABLE.isComparable = true;
    SCOPE.insert(new Obj.TypeName("comparable", null, null, COMPARABLE));

    Obj.TypeName errName = new Obj.TypeName("error", null, null, null);
    ERROR = new Type.Named(errName, null);
    errName.type = ERROR;
    List<Obj.Var> res = new ArrayList<>();
    res.add(new Obj.Var("", null, null, STRING));
    Obj.Var recv = new Obj.Var("", null, null, ERROR);
    ERROR_METHOD = new Obj.Func("Error", null, null,
        new Type.Signature(recv, new Type.Tuple(new ArrayList<>()), new Type.Tuple(res), false));
    Type.Interface errIface = new Type.Interface(List.of(ERROR_METHOD), List.of());
    errIface.allMethods = List.of(ERROR_METHOD);
    ERROR.under = errIface;
    SCOPE.insert(errName);

    TRUE = new Obj.Const("true", null, null, UNTYPED_BOOL, gol.interp.types.Constant.Bool.TRUE);
    FALSE = new Obj.Const("false", null, null, UNTYPED_BOOL, gol.interp.types.Constant.Bool.FALSE);
    IOTA = new Obj.Const("iota", null, null, UNTYPED_INT, gol.interp.types.Constant.Int.of(0));
    NIL = new Obj.Nil(UNTYPED_NIL);
    SCOPE.insert(TRUE);
    SCOPE.insert(FALSE);
    SCOPE.insert(IOTA);
    SCOPE.insert(NIL);

    for (Obj.Builtin.Id id : Obj.Builtin.Id.values()) {
      if (!id.isUnsafe()) {
        SCOPE.insert(new Obj.Builtin(id.name().toLowerCase(), id));
      }
    }
  }

  /** unsafe.Pointer. */
  public static final Basic UNSAFE_POINTER = new Basic(Kind.UNSAFE_POINTER, "unsafe.Pointer");

  /**
   * Package unsafe, which the checker provides itself (it has no source): the type Pointer and
   * the functions Sizeof, Alignof, Offsetof (constants), Add, Slice, SliceData, String and
   * StringData (reported as unsupported: gol values have no addresses).
   */
  public static final gol.interp.types.Pkg UNSAFE = unsafePackage();

  private static gol.interp.types.Pkg unsafePackage() {
    gol.interp.types.Pkg p = new gol.interp.types.Pkg("unsafe", "unsafe", SCOPE);
    p.scope.insert(new Obj.TypeName("Pointer", null, p, UNSAFE_POINTER));
    String[] names = {"Sizeof", "Alignof", "Offsetof", "Add", "Slice", "SliceData", "String", "StringData"};
    Obj.Builtin.Id[] ids = {Obj.Builtin.Id.SIZEOF, Obj.Builtin.Id.ALIGNOF, Obj.Builtin.Id.OFFSETOF, Obj.Builtin.Id.ADD,
        Obj.Builtin.Id.SLICE, Obj.Builtin.Id.SLICEDATA, Obj.Builtin.Id.STRING, Obj.Builtin.Id.STRINGDATA};
    for (int i = 0; i < names.length; i++) {
      p.scope.insert(new Obj.Builtin(names[i], ids[i]));
    }
    return p;
  }

  private static Type.Interface emptyInterface() {
    Type.Interface t = new Type.Interface(List.of(), List.of());
    t.allMethods = List.of();
    return t;
  }

  /** The default type of an untyped kind (untyped nil stays untyped nil); typed types unchanged. */
  public static Type defaultType(Type t) {
    if (t instanceof Basic b) {
      switch (b.kind) {
        case UNTYPED_BOOL: return BOOL;
        case UNTYPED_INT: return INT;
        case UNTYPED_RUNE: return RUNE;
        case UNTYPED_FLOAT: return FLOAT64;
        case UNTYPED_COMPLEX: return COMPLEX128;
        case UNTYPED_STRING: return STRING;
        default: return t;
      }
    }
    return t;
  }
}
