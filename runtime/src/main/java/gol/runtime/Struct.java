package gol.runtime;

/**
 * A struct value (Go's struct), laid out for an interpreter that never boxes primitives.
 *
 * <p><b>Representation.</b> One object per struct value: its primitive fields (bools, integers,
 * floats as raw bits) in {@code l}, every other field in {@code r}, at the indices
 * {@link RType#fieldSlot} gives. A field of struct or array type holds its own nested value
 * object (owned by this one); a string field holds a {@link GoString} (never null); pointers,
 * slices, maps, funcs, chans and interfaces hold their reference (null = nil).
 *
 * <p><b>Ownership and value semantics.</b> A struct value is owned by exactly one location — a
 * variable, a field, an array or slice element, a map entry, an interface value. Copying a value
 * into another location clones it ({@link Values#copy}) or copies its contents into the
 * location's existing object ({@link Values#assign}); so a location's object never changes
 * identity while the location lives, and {@code &s} <em>is</em> that object: a pointer to a
 * struct is the Struct itself, and {@code p.X} is one array access. (Rejected: one Java class
 * per struct type — class generation costs start-up, which scripts pay for every run; a single
 * Object[] — boxes every primitive field.)
 */
public final class Struct {
  private static final long[] NO_L = new long[0];
  private static final Object[] NO_R = new Object[0];

  public final RType type;
  public final long[] l;
  public final Object[] r;

  /** The zero value of struct type {@code t}. */
  public Struct(RType t) {
    this.type = t;
    this.l = t.nl == 0 ? NO_L : new long[t.nl];
    if (t.nr == 0) {
      this.r = NO_R;
      return;
    }
    Object[] z = t.zeroR;
    if (z == null) {
      z = t.zeroR = zeroTemplate(t);
    }
    if (z != NO_R) { // binarytrees' &Node{}: one clone, no per-field walk
      this.r = z.clone();
      return;
    }
    this.r = new Object[t.nr];
    RType[] ft = t.fieldTypes;
    for (int i = 0; i < ft.length; i++) {
      if (!ft[i].kind.isPrimitive()) {
        r[t.fieldSlot[i]] = Values.zeroRef(ft[i]);
      }
    }
  }

  /** RType.zeroR for t: the shared zero reference half, or NO_R if a field is a nested value. */
  private static Object[] zeroTemplate(RType t) {
    Object[] z = new Object[t.nr];
    RType[] ft = t.fieldTypes;
    for (int i = 0; i < ft.length; i++) {
      if (ft[i].isValue()) {
        return NO_R;
      }
      if (!ft[i].kind.isPrimitive()) {
        z[t.fieldSlot[i]] = Values.zeroRef(ft[i]);
      }
    }
    return z;
  }

  private Struct(RType t, long[] l, Object[] r) {
    this.type = t;
    this.l = l;
    this.r = r;
  }

  /**
   * A deep copy: nested struct and array values are copied, references are shared. A struct
   * without fields is its own copy: nothing can tell two of them apart (Go lets pointers to
   * distinct zero-size variables be equal).
   */
  public Struct copy() {
    if (type.fieldTypes.length == 0) {
      return this;
    }
    Object[] nr = r.length == 0 ? r : r.clone();
    RType[] ft = type.fieldTypes;
    for (int i = 0; i < ft.length; i++) {
      if (ft[i].isValue()) {
        int k = type.fieldSlot[i];
        nr[k] = Values.copy(ft[i], nr[k]);
      }
    }
    return new Struct(type, l.length == 0 ? l : l.clone(), nr);
  }

  /** Copies {@code src}'s contents into this object (an assignment to the location owning it). */
  public void assign(Struct src) {
    if (src == this) {
      return;
    }
    System.arraycopy(src.l, 0, l, 0, l.length);
    RType[] ft = type.fieldTypes;
    for (int i = 0; i < ft.length; i++) {
      int k = type.fieldSlot[i];
      if (ft[i].isValue()) {
        Values.assign(ft[i], r[k], src.r[k]);
      } else if (!ft[i].kind.isPrimitive()) {
        r[k] = src.r[k];
      }
    }
  }

  /**
   * Exchanges the values of this struct and o (of the same type) in place, field by field, so
   * pointers to either location (or into its nested structs) keep pointing at that location.
   */
  public void swapWith(Struct o) {
    if (o == this) {
      return;
    }
    long[] a = l;
    long[] b = o.l;
    for (int i = 0; i < a.length; i++) {
      long t = a[i];
      a[i] = b[i];
      b[i] = t;
    }
    Object[] z = type.zeroR;
    if (z != null && z != NO_R) { // no struct or array field (zeroTemplate): the references swap as they are
      Object[] x = r;
      Object[] y = o.r;
      for (int i = 0; i < x.length; i++) {
        Object t = x[i];
        x[i] = y[i];
        y[i] = t;
      }
      return;
    }
    RType[] ft = type.fieldTypes;
    for (int i = 0; i < ft.length; i++) {
      int k = type.fieldSlot[i];
      if (ft[i].isValue()) {
        Values.swap(ft[i], r[k], o.r[k]);
      } else if (!ft[i].kind.isPrimitive()) {
        Object t = r[k];
        r[k] = o.r[k];
        o.r[k] = t;
      }
    }
  }

  /** The value of field i as an interface's halves would hold it (for fmt and equality). */
  public long bits(int i) {
    return type.fieldTypes[i].kind.isPrimitive() ? l[type.fieldSlot[i]] : 0;
  }

  public Object ref(int i) {
    return type.fieldTypes[i].kind.isPrimitive() ? null : r[type.fieldSlot[i]];
  }
}
