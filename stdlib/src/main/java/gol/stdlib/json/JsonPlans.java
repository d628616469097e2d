package gol.stdlib.json;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Values;
import gol.stdlib.ByteBuf;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What encoding/json's Java encoder and decoder know about a program's types, taught by json.gol
 * (teach): to the encoder a type is OPAQUE (it or its pointer type has a MarshalJSON or
 * MarshalText method, so only the gol code can encode it), NUMBER (json.Number), STRUCT (with the
 * fields typeFields chose, in order) or VALUE (any other type: the encoder goes by its kind); to
 * the decoder it is opaque when the gol code's indirect would stop at an UnmarshalJSON or
 * UnmarshalText method. A type the table does not know stops the encoder or decoder, which asks
 * json.gol to teach it and then starts again. One table per program (a gol global holds it),
 * shared by its goroutines.
 */
public final class JsonPlans {
  static final int OPAQUE = 0;
  static final int VALUE = 1;
  static final int NUMBER = 2;
  static final int STRUCT = 3;

  /**
   * One type's entry. decodeOpaque: the decoder must leave the type to the gol code (an
   * UnmarshalJSON or UnmarshalText method on its pointer type, for a named or pointer type).
   */
  static final class Plan {
    final int what;
    final Field[] fields;
    final boolean decodeOpaque;

    Plan(int what, Field[] fields, boolean decodeOpaque) {
      this.what = what;
      this.fields = fields;
      this.decodeOpaque = decodeOpaque;
    }
  }

  /** A field typeFields chose: its key as written (with and without HTML escaping), its path. */
  static final class Field {
    /** The name's bytes, and whether they are all ASCII (the decoder's key matching). */
    final byte[] name;
    final boolean ascii;
    final byte[] keyHTML;
    final byte[] keyPlain;
    final int[] index;
    final boolean omitEmpty;
    final boolean quoted;

    Field(byte[] name, byte[] keyHTML, byte[] keyPlain, int[] index, boolean omitEmpty, boolean quoted) {
      this.name = name;
      boolean a = true;
      for (byte c : name) {
        a &= c >= 0;
      }
      this.ascii = a;
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
  /** The types the decoder makes values of when it decodes into an empty interface. */
  final RType numberType;
  final RType mapType;
  final RType sliceType;
  final RType float64Type;
  final RType stringType;
  final RType boolType;

  private JsonPlans(Object[] types, int off) {
    this.typeIfaceType = ((Iface) types[off]).type;
    this.numberType = rtype(types[off + 1]);
    this.mapType = rtype(types[off + 2]);
    this.sliceType = rtype(types[off + 3]);
    this.float64Type = rtype(types[off + 4]);
    this.stringType = rtype(types[off + 5]);
    this.boolType = rtype(types[off + 6]);
  }

  public static Native link(String name) {
    return switch (name) {
      case "newPlans" -> JsonPlans::newPlans;
      case "planKind" -> JsonPlans::planKind;
      case "planStruct" -> JsonPlans::planStruct;
      default -> null;
    };
  }

  /** The RType inside a reflect.Type (an Iface whose pointer is the RType itself). */
  static RType rtype(Object typ) {
    return (RType) ((Iface) typ).ref;
  }

  /** A reflect.Type value naming t. */
  Iface typeValue(RType t) {
    return new Iface(typeIfaceType, 0, t);
  }

  /**
   * func newPlans(types []reflect.Type) *plans: types are int (any type: its reflect.Type's
   * dynamic type is kept), Number, map[string]any, []any, float64, string and bool.
   */
  static void newPlans(G g, int base) {
    Slice types = (Slice) g.rs[base];
    g.rs[base] = new JsonPlans((Object[]) types.array, types.off);
  }

  /**
   * func planKind(p *plans, t reflect.Type, what int, decodeOpaque bool): t is OPAQUE, VALUE or
   * NUMBER to the encoder.
   */
  static void planKind(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    RType t = rtype(g.rs[base + 1]);
    int what = (int) g.ls[base + 2];
    boolean decodeOpaque = g.ls[base + 3] != 0;
    g.rs[base] = null;
    g.rs[base + 1] = null;
    p.plans.put(t, new Plan(what, null, decodeOpaque));
  }

  /**
   * func planStruct(p *plans, t reflect.Type, names []string, index [][]int, omitEmpty, quoted
   * []bool, decodeOpaque bool): t's fields as typeFields returned them.
   */
  static void planStruct(G g, int base) {
    JsonPlans p = (JsonPlans) g.rs[base];
    RType t = rtype(g.rs[base + 1]);
    Slice names = (Slice) g.rs[base + 2];
    Slice index = (Slice) g.rs[base + 3];
    Slice omit = (Slice) g.rs[base + 4];
    Slice quoted = (Slice) g.rs[base + 5];
    boolean decodeOpaque = g.ls[base + 6] != 0;
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
      fields[i] = new Field(Arrays.copyOfRange(name.bytes, name.off, name.off + name.len), key(name, true), key(name, false), path,
          Values.elemBits(omit.array, omit.off + i) != 0, Values.elemBits(quoted.array, quoted.off + i) != 0);
    }
    p.plans.put(t, new Plan(STRUCT, fields, decodeOpaque));
  }

  /** A field's name as the encoder writes it before the value: quoted, escaped, then ':'. */
  private static byte[] key(GoString name, boolean html) {
    ByteBuf b = new ByteBuf(name.len + 8);
    JsonEncode.string(b, name.bytes, name.off, name.len, html);
    b.put(':');
    return b.toBytes();
  }
}
