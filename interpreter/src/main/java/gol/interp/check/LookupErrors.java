package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;

/** Why a selector or a struct literal's field name found nothing, in gc's words (its lookupError). */
final class LookupErrors {
  private LookupErrors() {
  }

  /**
   * gc's words for a failed lookup of sel in typ (checked in package pkg), given alt, the field or
   * method found when case is ignored (null if none): a misspelling, an unexported name of another
   * package, or nothing.
   */
  static String describe(Type typ, String sel, Obj alt, boolean structLit, Pkg pkg) {
    final int missing = 0;
    final int misspelled = 1;
    final int unexported = 2;
    final int inaccessible = 3;
    int c = missing;
    if (alt != null) {
      String a = alt.name;
      String selTail = sel.isEmpty() ? sel : sel.substring(sel.offsetByCodePoints(0, 1));
      String altTail = a.isEmpty() ? a : a.substring(a.offsetByCodePoints(0, 1));
      if (alt.pkg == pkg || alt.pkg == null) {
        c = a.equals(sel) ? missing : misspelled;
      } else if (Types.isExported(sel)) {
        c = Types.isExported(a) ? misspelled : selTail.equals(altTail) ? unexported : missing;
      } else if (Types.isExported(a)) {
        c = selTail.equals(altTail) ? misspelled : missing;
      } else if (sel.equals(a)) {
        c = inaccessible;
      }
    }
    String what = alt instanceof Obj.Var ? "field" : alt instanceof Obj.Func ? "method" : "object";
    if (structLit) {
      switch (c) {
        case misspelled: return "unknown field " + sel + " in struct literal of type " + typ + ", but does have " + alt.name;
        case unexported:
          return "unknown field " + sel + " in struct literal of type " + typ + ", but does have unexported " + alt.name;
        case inaccessible: return "cannot refer to unexported field " + alt.name + " in struct literal of type " + typ;
        default: return "unknown field " + sel + " in struct literal of type " + typ;
      }
    }
    switch (c) {
      case misspelled: return "type " + typ + " has no field or method " + sel + ", but does have " + what + " " + alt.name;
      case unexported:
        return "type " + typ + " has no field or method " + sel + ", but does have unexported " + what + " " + alt.name;
      case inaccessible: return "cannot refer to unexported " + what + " " + alt.name;
      default: return "type " + typ + " has no field or method " + sel;
    }
  }
}
