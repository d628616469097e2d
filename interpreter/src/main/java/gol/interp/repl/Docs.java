package gol.interp.repl;

import gol.interp.check.Types;
import gol.interp.check.Universe;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code :doc}: a name's declaration as {@code go doc} shows its first line — {@code func
 * Println(a ...any) (n int, err error)} — then the doc comment above it in the package's .gol
 * source. {@code :doc PKG} lists the package's exported names; {@code :doc NAME} describes a name
 * declared in the session.
 */
final class Docs {
  private Docs() {
  }

  static String doc(Session s, String arg) {
    int dot = arg.lastIndexOf('.');
    if (dot < 0) {
      Obj local = s.pkg.scope.names.get(arg);
      if (local != null && !(local instanceof Obj.PkgName)) {
        return declaration(local) + "\n";
      }
      Pkg p = pkgNamed(s, arg);
      return p != null ? packageDoc(p) : "no declaration of " + arg + "\n";
    }
    String pkgName = arg.substring(0, dot);
    String name = arg.substring(dot + 1);
    Pkg p = pkgNamed(s, pkgName);
    if (p == null) {
      return "no package " + pkgName + " (the standard packages are: "
          + String.join(" ", Stdlib.PACKAGES) + ")\n";
    }
    Obj o = p.scope.names.get(name);
    if (o == null || !Character.isUpperCase(name.codePointAt(0))) {
      return "no exported " + name + " in package " + p.path + "\n";
    }
    StringBuilder sb = new StringBuilder(declaration(o)).append('\n');
    String comment = comment(p.path, o);
    if (!comment.isEmpty()) {
      sb.append(comment);
    }
    return sb.toString();
  }

  /** The package a name in the session stands for: an import, or a standard package's name. */
  static Pkg pkgNamed(Session s, String name) {
    if (s.pkg.scope.names.get(name) instanceof Obj.PkgName pn) {
      return pn.imported;
    }
    if (name.equals("unsafe")) {
      return Universe.UNSAFE;
    }
    String path = s.importer.scriptPath(name);
    if (!Stdlib.PACKAGES.contains(path)) {
      return null;
    }
    return s.importer.importPackage(path, null);
  }

  private static String packageDoc(Pkg p) {
    StringBuilder sb = new StringBuilder("package ").append(p.name).append(" // import \"")
        .append(p.path).append("\"\n\n");
    for (Map.Entry<String, Obj> e : p.members().entrySet()) {
      sb.append(declaration(e.getValue())).append('\n');
    }
    return sb.toString();
  }

  /** One line: {@code func F(int) string}, {@code type T struct{...}}, {@code var V T}, ... */
  static String declaration(Obj o) {
    String unsafe = UNSAFE.get(o.name);
    if (unsafe != null && Universe.UNSAFE.scope.names.get(o.name) == o) {
      return unsafe;
    }
    if (o instanceof Obj.Func f && f.type instanceof Type.Signature sig) {
      return "func " + f.name + signature(sig);
    }
    if (o instanceof Obj.TypeName tn) {
      Type u = tn.type instanceof Type.Named n ? n.under : tn.type;
      StringBuilder sb = new StringBuilder("type " + tn.name + " ");
      sb.append(u instanceof Type.Struct st ? exportedFields(st) : u.toString());
      if (tn.type instanceof Type.Named n) {
        for (Obj.Func m : n.methods) {
          if (m.type instanceof Type.Signature ms && Types.isExported(m.name)) {
            String recv = ms.recv != null ? ms.recv.type.toString() : tn.name;
            sb.append("\nfunc (").append(recv).append(") ").append(m.name).append(signature(ms));
          }
        }
      }
      return sb.toString();
    }
    if (o instanceof Obj.Const c) {
      return "const " + c.name + " " + c.type + (c.value != null ? " = " + c.value : "");
    }
    if (o instanceof Obj.Var v) {
      return "var " + v.name + " " + v.type;
    }
    return o.name;
  }

  /**
   * A struct type as go doc shows it: one exported field a line, and a comment in place of the
   * unexported ones.
   */
  private static String exportedFields(Type.Struct st) {
    StringBuilder b = new StringBuilder("struct {\n");
    boolean hidden = false;
    for (int i = 0; i < st.fields.size(); i++) {
      Obj.Var f = st.fields.get(i);
      if (!Types.isExported(f.name)) {
        hidden = true;
        continue;
      }
      b.append('\t').append(f.embedded ? "" : f.name + " ").append(f.type);
      String tag = st.tags == null || i >= st.tags.size() ? null : st.tags.get(i);
      if (tag != null && !tag.isEmpty()) {
        b.append(" `").append(tag).append('`');
      }
      b.append('\n');
    }
    if (hidden) {
      b.append("\t// Has unexported fields.\n");
    }
    return b.append('}').toString();
  }

  /** {@code (s string, n int) (string, error)}: as go doc shows it, with parameter names. */
  static String signature(Type.Signature sig) {
    StringBuilder b = new StringBuilder("(");
    List<Obj.Var> ps = sig.params.vars;
    for (int i = 0; i < ps.size(); i++) {
      Type t = ps.get(i).type;
      String name = ps.get(i).name;
      b.append(i > 0 ? ", " : "").append(name.isEmpty() ? "" : name + " ");
      if (sig.variadic && i == ps.size() - 1 && t instanceof Type.Slice sl) {
        b.append("...").append(sl.elem);
      } else {
        b.append(t);
      }
    }
    b.append(")");
    List<Obj.Var> rs = sig.results.vars;
    if (rs.size() == 1 && rs.get(0).name.isEmpty()) {
      b.append(" ").append(rs.get(0).type);
    } else if (!rs.isEmpty()) {
      b.append(" (");
      for (int i = 0; i < rs.size(); i++) {
        String name = rs.get(i).name;
        b.append(i > 0 ? ", " : "").append(name.isEmpty() ? "" : name + " ").append(rs.get(i).type);
      }
      b.append(")");
    }
    return b.toString();
  }

  /** Package unsafe has no source: its declarations as go doc shows them. */
  private static final Map<String, String> UNSAFE = Map.of(
      "Pointer", "type Pointer *ArbitraryType",
      "Sizeof", "func Sizeof(x ArbitraryType) uintptr",
      "Alignof", "func Alignof(x ArbitraryType) uintptr",
      "Offsetof", "func Offsetof(x ArbitraryType) uintptr",
      "Add", "func Add(ptr Pointer, len IntegerType) Pointer",
      "Slice", "func Slice(ptr *ArbitraryType, len IntegerType) []ArbitraryType",
      "SliceData", "func SliceData(slice []ArbitraryType) *ArbitraryType",
      "String", "func String(ptr *byte, len IntegerType) string",
      "StringData", "func StringData(str string) *byte");

  /** What gol does with each of package unsafe's names (docs/language.md has the details). */
  private static final Map<String, String> UNSAFE_NOTES = Map.of(
      "Pointer", "gol: holds the pointer it was made from; converts back to a pointer of the same layout, compares; no arithmetic",
      "Sizeof", "gol: a constant, with gc's sizes on amd64",
      "Alignof", "gol: a constant, with gc's alignments on amd64",
      "Offsetof", "gol: a constant, with gc's field offsets on amd64");

  /** The {@code //} comment lines right above the declaration in the package's source. */
  private static String comment(String path, Obj o) {
    if (path.equals("unsafe")) {
      String note = UNSAFE_NOTES.getOrDefault(o.name, "gol: a compile error (gol values have no addresses)");
      return "    " + note + "\n";
    }
    String src = Stdlib.source(path);
    if (src == null || o.decl == null) {
      return "";
    }
    String[] lines = src.split("\n", -1);
    List<String> out = new ArrayList<>();
    for (int i = o.decl.line - 2; i >= 0 && lines[i].strip().startsWith("//"); i--) {
      out.add(0, "    " + lines[i].strip().substring(2).strip());
    }
    return out.isEmpty() ? "" : String.join("\n", out) + "\n";
  }
}
