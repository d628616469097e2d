package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import java.util.List;
import java.util.Set;

/** gol fmt's blanks between two tokens on a line: go/printer's rules (see {@link FormatterBase}). */
abstract class Spacing extends FormatterBase {
  Spacing(List<Tok> toks, ExprLayout layout) {
    super(toks, layout);
  }

  // ---- spacing ----

  void gap(int i, Tok p, Tok t) {
    if (t.isComment()) {
      Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
      boolean trailing = t.lineComment() || n == null || n.nlBefore() > 0;
      Open o = top();
      if (trailing && o != null && o.kind == K.GROUP_VAR && o.specIndex >= 0) {
        // valueSpec pads a commented spec to three columns: names, type, values
        int extra = 3 - (specTypeCol ? 1 : 0) - (specValues ? 1 : 0);
        for (int k = 0; k < extra; k++) {
          cur.tab();
        }
      } else if (trailing) {
        cur.tab();
        if (o != null && o.kind == K.STRUCT && !o.oneLine && cur.cells.size() == 1) {
          cur.tab(); // an embedded field's comment: past the empty type column (go/printer's extraTabs)
        }
      } else {
        cur.space();
      }
      return;
    }
    if (p.isComment()) {
      if (t.is("}") && !(top() != null && top().oneLine && top().kind != K.COMPOSITE) && !lastCode(i).is("{")) {
        return; // T{x /* c */} (go/printer's noExtraBlank), but { return 0 /* c */ } and T{ /* c */ }
      }
      if (!(t.is(",") || t.is(")") || t.is("]") || t.is(";"))) {
        cur.space(); // but f(x /* c */, y)
      }
      return;
    }
    String s = gapText(i, p, t);
    if (!s.isEmpty()) {
      cur.space();
    }
  }

  String gapText(int i, Tok p, Tok t) {
    Boolean bt = layout.binaryBlank.get(t.pos());
    if (bt != null && t.kind() == Kind.OP) {
      return bt ? " " : "";
    }
    Boolean bp = layout.binaryBlank.get(p.pos());
    if (bp != null && p.kind() == Kind.OP) {
      return bp ? " " : "";
    }
    String ts = t.text();
    String ps = p.text();
    Open o = top();
    if (t.is(":")) {
      if (o != null && o.ch.equals("[") && o.sliceBlanks && !p.is("[")) {
        return " ";
      }
      return "";
    }
    if (p.is(":")) {
      if (o != null && o.ch.equals("[")) {
        return o.sliceBlanks && !t.is("]") ? " " : "";
      }
      return " ";
    }
    if (t.is(";") && (p.is(";") || p.is("for"))) {
      return " "; // for ; cond; post
    }
    if (t.is(".") && p.is("import")) {
      return " ";
    }
    if (t.kind() == Kind.OP && Set.of(")", "]", ",", ";", ".", "++", "--").contains(ts)) {
      return "";
    }
    if (p.is(".") && t.kind() == Kind.STRING) {
      return " "; // import . "fmt"
    }
    if (p.kind() == Kind.OP && Set.of("(", "[", ".").contains(ps)) {
      return "";
    }
    if (p.is(",") || p.is(";")) {
      return " ";
    }
    if (isAssign(t) || isAssign(p)) {
      return " ";
    }
    if (t.is("...")) {
      Tok n = nextCode(i);
      return p.kind() == Kind.IDENT && n != null && !n.is(")") && !n.is(",") ? " " : "";
    }
    if (p.is("...")) {
      return "";
    }
    if (t.is("<-")) {
      if (p.is("<-")) { // ch <- <-c and chan<- <-chan T, but <-<-c
        Tok pp = p.nlBefore() > 0 ? null : lastCode(i - 1);
        return isSendArrow(i - 1) || pp != null && endsOperand(pp) ? " " : "";
      }
      if (p.is("chan")) { // chan<- T, but <-chan <-chan T
        return isSendArrow(i) ? "" : " ";
      }
      if (isUnaryOp(p) && !isSendOrBinary(p)) {
        return ""; // !<-done
      }
      if (p.is("{")) { // T{<-ch}, but func() { <-ch }
        return o != null && o.oneLine && o.kind != K.COMPOSITE ? " " : "";
      }
      if (p.is("]") && closesTypeBracket(i - 1)) {
        return ""; // []<-chan T
      }
      return " ";
    }
    if (p.is("<-")) {
      Tok pp = p.nlBefore() > 0 ? null : lastCode(i - 1);
      if (t.is("chan")) {
        return isSendArrow(i - 1) ? " " : ""; // chan<- chan T, but <-chan T
      }
      if (pp != null && (pp.is("chan") || endsOperand(pp))) {
        return " "; // chan<- T, or a send statement
      }
      return "";
    }
    if (isUnaryOp(p) && !isSendOrBinary(p)) {
      return "";
    }
    if (t.is("{") && (p.is("{") || p.is("(") || p.is("["))) {
      return "";
    }
    if (t.is("{")) {
      Open n = pendingOpenKind;
      if (n == null) {
        return " ";
      }
      return n.kind == K.COMPOSITE || (n.kind == K.STRUCT || n.kind == K.IFACE) && n.oneLine ? "" : " ";
    }
    if (p.is("{") && t.is("}")) {
      return "";
    }
    if (p.is("{")) {
      return o != null && o.oneLine && o.kind != K.COMPOSITE ? " " : "";
    }
    if (t.is("}")) {
      return o != null && o.oneLine && o.kind != K.COMPOSITE && !p.is("{") ? " " : "";
    }
    if (t.is("(")) {
      if (p.is("func")) {
        return depth() == 0 && (i < 2 || p.nlBefore() > 0) && receiverAt(i) ? " " : "";
      }
      if (p.is(")")) {
        Header h = headers.peek();
        boolean results = h != null && h.isFunc() && h.depth() == depth()
            || o != null && o.kind == K.IFACE;
        return results ? " " : "";
      }
      if (p.kind() == Kind.IDENT && o != null && o.kind == K.STRUCT) {
        return " "; // a field's name, then its type in parentheses: struct{ x (*T) }
      }
      if (p.kind() == Kind.IDENT || p.is("]") || p.is("}") || p.kind() == Kind.STRING) {
        return "";
      }
      if (p.kind() == Kind.KEYWORD) {
        return p.is("func") ? "" : " ";
      }
      return isUnaryOp(p) ? "" : " ";
    }
    if (t.is("[")) {
      if (layout.afterTypeParams.contains(t.pos())) {
        return " "; // type List[T any] []T
      }
      if (layout.typeBrackets.contains(t.pos()) && (p.kind() == Kind.IDENT || p.is(")"))) {
        return " ";
      }
      if (p.kind() == Kind.IDENT || p.is(")") || p.is("]") || p.is("}") || p.kind() == Kind.STRING
          || p.is("map")) {
        return "";
      }
      return " ";
    }
    if (isUnaryOp(t)) {
      if (p.is("]") || p.is("}")) {
        return "";
      }
      return " ";
    }
    if (p.is("]")) {
      Tok n = t.is("func") ? nextCode(i) : null; // a function type may be placed at its "("
      return layout.afterTypeParams.contains(t.pos()) || n != null && layout.afterTypeParams.contains(n.pos()) ? " " : "";
    }
    if (p.is("}")) {
      return t.kind() == Kind.KEYWORD || t.kind() == Kind.IDENT ? " " : "";
    }
    if (p.is(")")) {
      return " ";
    }
    if (isWordy(p) && isWordy(t)) {
      return " ";
    }
    if (p.is("*") || p.is("&")) {
      return "";
    }
    return " ";
  }
}
