package gol.stdlib.json;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Values;
import gol.stdlib.ByteBuf;
import gol.stdlib.Registry;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What encoding/json's Java encoder knows about a program's types, taught by json.gol: a type is
 * OPAQUE (it or its pointer type has a MarshalJSON or MarshalText method, so only the gol code can
 * encode it), NUMBER (json.Number), STRUCT (with the fields typeFields chose, in order) or VALUE
 * (any other type: the encoder goes by its kind). A type the table does not know stops the
 * encoder, which asks json.gol to teach it and then starts again. One table per program (a gol
 * global holds it), shared by its goroutines.
 */
public final class JsonPlans {
  static final int OPAQUE = 0;
  static final int VALUE = 1;
  static final int NUMBER = 2;
  static final int STRUCT = 3;

  /** One type's entry. */
  static final class Plan {
    final int what;
    final Field[] fields;

    Plan(int what, Field[] fields) {
      this.what = what;
      this.fields = fields;
    }
  }

  /** A field typeFields chose: its key as written (with and without HTML escaping), its path. */
  static final class Field {
    final byte[] keyHTML;
    final byte[] keyPlain;
    final int[] index;
    final boolean omitEmpty;
    final boolean quoted;

    Field(byte[] keyHTML, byte[] keyPlain, int[] index, boolean omitEmpty, boolean quoted) {
      this.keyHTML = keyHTML;
      this.keyPlain = keyPlain;
      this.index = index;
      this.omitEmpty = omitEmpty;
      this.quoted = quoted;
    }
  }

  final ConcurrentHashMap<RType, Plan> plans = new ConcurrentHashMap<>();
  /** The dynamic type of a reflect.Type interface value (*reflect.rtype), to hand types back. */
  final RType typeIfaceType;

  private JsonPlans(RType typeIfaceType) {
    this.typeIfaceType = typeIfaceType;
  }

  public static void install(Registry r) {
    r.reg("newPlans", JsonPlans::newPlans);
    r.reg("planKind", JsonPlans::planKind);
    r.reg("planStruct", JsonPlans::planStruct);
  }

  /** The RType inside a reflect.Type (an Iface whose pointer is the RType itself). */
  static RType rtype(Object typ) {
    return (RType) ((Iface) typ).ref;
  }

  /** A reflect.Type value naming t. */
  Iface typeValue(RType t) {
    return new Iface(typeIfaceType, 0, t);
  }

  /** func newPlans(sample reflect.Type) *plans */
  static void newPlans(G g, int base) {
    g.rs[base] = new JsonPlans(((Iface) g.rs[base]).type);
  }

  /** func planKind(p *plans, t reflect.Type, what int): t is OPAQUE, VALUE or NUMBER. */
  static void planKind(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    RType t = rtype(g.rs[base + 1]);
    int what = (int) g.ls[base + 2];
    g.rs[base] = null;
    g.rs[base + 1] = null;
    p.plans.put(t, new Plan(what, null));
  }

  /**
   * func planStruct(p *plans, t reflect.Type, names []string, index [][]int, omitEmpty, quoted
   * []bool): t's fields as typeFields returned them.
   */
  static void planStruct(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    RType t = rtype(g.rs[base + 1]);
    Slice names = (Slice) g.rs[base + 2];
    Slice index = (Slice) g.rs[base + 3];
    Slice omit = (Slice) g.rs[base + 4];
    Slice quoted = (Slice) g.rs[base + 5];
    for (int k = 0; k <= 5; k++) {
      g.rs[base + k] = null;
    }
    int n = names == null ? 0 : names.len;
    Field[] fields = new Field[n];
    for (int i = 0; i < n; i++) {
      GoString name = (GoString) ((Object[]) names.array)[names.off + i];
      Slice ix = (Slice) ((Object[]) index.array)[index.off + i];
      int[] path = new int[ix.len];
      for (int k = 0; k < path.length; k++) {
        path[k] = (int) Values.elemBits(ix.array, ix.off + k);
      }
      fields[i] = new Field(key(name, true), key(name, false), path,
          Values.elemBits(omit.array, omit.off + i) != 0, Values.elemBits(quoted.array, quoted.off + i) != 0);
    }
    p.plans.put(t, new Plan(STRUCT, fields));
  }

  /** A field's name as the encoder writes it before the value: quoted, escaped, then ':'. */
  private static byte[] key(GoString name, boolean html) {
    ByteBuf b = new ByteBuf(name.len + 8);
    JsonEncode.string(b, name.bytes, name.off, name.len, html);
    b.put(':');
    return b.toBytes();
  }
}
