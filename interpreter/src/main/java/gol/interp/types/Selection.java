package gol.interp.types;

/**
 * How {@code x.f} was resolved (go/types' Selection): a field or method of x's type, or a method
 * expression {@code T.m}. {@code path} holds the field indices walked through embedded fields,
 * the last one being the selected field itself for FIELD (for METHOD the embedded path only);
 * {@code indirect} is true when a pointer was dereferenced on the way.
 */
public final class Selection {
  public enum Kind { FIELD, METHOD_VALUE, METHOD_EXPR }

  public final Kind kind;
  public final Type recv;
  public final Obj obj;
  public final int[] path;
  public final boolean indirect;

  public Selection(Kind kind, Type recv, Obj obj, int[] path, boolean indirect) {
    this.kind = kind;
    this.recv = recv;
    this.obj = obj;
    this.path = path;
    this.indirect = indirect;
  }
}
