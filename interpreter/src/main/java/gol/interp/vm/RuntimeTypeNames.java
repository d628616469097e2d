package gol.interp.vm;

import gol.runtime.RType;
import java.nio.charset.StandardCharsets;

/**
 * The names (as %T prints them) of the types package reflect makes at run time from their parts,
 * for both universes that make them: the compiled one (gol.interp.compile.RTypes, for types it
 * has no static type for) and a cached program's ({@link ProgramCodec}).
 */
public final class RuntimeTypeNames {
  private RuntimeTypeNames() {
  }

  /** {@code chan T}, {@code chan<- T}, {@code <-chan T} (dir 3, 2, 1); {@code chan (<-chan T)}. */
  public static String chan(int dir, RType elem) {
    String e = elem.name.startsWith("<-chan") && dir == 3 ? "(" + elem.name + ")" : elem.name;
    return (dir == 3 ? "chan " : dir == 2 ? "chan<- " : "<-chan ") + e;
  }

  /** {@code func(A, ...B) (C, D)}. */
  public static String func(RType[] in, RType[] out, boolean variadic) {
    StringBuilder sb = new StringBuilder("func(");
    for (int i = 0; i < in.length; i++) {
      sb.append(i > 0 ? ", " : "");
      sb.append(variadic && i == in.length - 1 ? "..." + in[i].elem.name : in[i].name);
    }
    sb.append(')');
    if (out.length == 1) {
      sb.append(' ').append(out[0].name);
    } else if (out.length > 1) {
      sb.append(" (");
      for (int i = 0; i < out.length; i++) {
        sb.append(i > 0 ? ", " : "").append(out[i].name);
      }
      sb.append(')');
    }
    return sb.toString();
  }

  /** {@code struct { A int "tag"; B }} (embedded fields by their type's name). */
  public static String struct(String[] names, RType[] types, String[] tags, boolean[] embedded) {
    int n = names.length;
    StringBuilder sb = new StringBuilder(n == 0 ? "struct {}" : "struct { ");
    for (int i = 0; i < n; i++) {
      sb.append(i > 0 ? "; " : "").append(embedded[i] ? "" : names[i] + " ").append(types[i].name);
      if (!tags[i].isEmpty()) {
        sb.append(' ').append(gol.interp.check.ConstOps.quote(tags[i].getBytes(StandardCharsets.UTF_8)));
      }
    }
    return n == 0 ? sb.toString() : sb.append(" }").toString();
  }
}
