package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.Set;

/**
 * go vet's unmarshal analyzer: json.Unmarshal, xml.Unmarshal, asn1.Unmarshal and the Decode
 * methods of json's, xml's and gob's Decoder given a value that is not a pointer (nor an
 * interface or type parameter) to decode into ({@code call of Unmarshal passes non-pointer as
 * second argument}, {@code call of Decode passes non-pointer}), at the call's "(".
 */
final class Unmarshal {
  private Unmarshal() {
  }

  private static final Set<String> UNMARSHAL = Set.of("encoding/json", "encoding/xml", "encoding/asn1");
  private static final Set<String> DECODER = Set.of("encoding/json", "encoding/xml", "encoding/gob");

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Call call) {
        check(pass, call);
      }
      return true;
    });
  }

  private static void check(Pass pass, Expr.Call call) {
    Obj.Func fn = Pass.callee(call);
    if (fn == null || fn.pkg == null || !(fn.type instanceof Type.Signature sig)) {
      return;
    }
    int arg = -1;
    if (fn.name.equals("Unmarshal") && sig.recv == null && UNMARSHAL.contains(fn.pkg.path)) {
      arg = 1;
    } else if (fn.name.equals("Decode") && sig.recv != null && DECODER.contains(fn.pkg.path)
        && Pass.isNamed(sig.recv.type instanceof Type.Pointer p ? p.elem : sig.recv.type, fn.pkg.path, "Decoder")) {
      arg = 0;
    }
    if (arg < 0 || call.args.size() < arg + 1) {
      return;
    }
    Type t = call.args.get(arg).type;
    if (t == null || t instanceof Type.TypeParam || t.underlying() instanceof Type.Pointer
        || t.underlying() instanceof Type.Interface) {
      return;
    }
    int line = call.lparenLine > 0 ? call.lparenLine : call.line;
    int col = call.lparenLine > 0 ? call.lparenCol : call.col;
    pass.report(line, col, "call of " + fn.name + " passes non-pointer" + (arg == 1 ? " as second argument" : ""));
  }
}
