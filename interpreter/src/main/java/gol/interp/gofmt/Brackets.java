package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;

/**
 * gol fmt at keywords and brackets: block headers, one-line function bodies and field lists,
 * the parentheses gofmt strips, the type column of grouped specs (see {@link FormatterBase}).
 */
abstract class Brackets extends Spacing {
  Brackets(List<Tok> toks, ExprLayout layout) {
    super(toks, layout);
  }

  /**
   * Whether the identifier at i ends the names of a field or spec at the start of its line
   * (names are "a" or "a, b, c" followed by the type or "=").
   */
  boolean namesEndAt(int i) {
    if (layout.genericNames.contains(toks.get(i).pos())) {
      return false; // its type parameters or arguments follow
    }
    // walk back over "ident (, ident)*" to the start of the line
    int j = i;
    while (true) {
      Tok t = toks.get(j);
      if (t.kind() != Kind.IDENT) {
        return false;
      }
      if (t.nlBefore() > 0 || j == 0 || toks.get(j - 1).is("(") && toks.get(j - 1).line() != t.line()
          || toks.get(j - 1).is(";")) {
        break;
      }
      Tok p = toks.get(j - 1);
      if (p.is(",") && j >= 2) {
        j -= 2;
        continue;
      }
      if (p.is("(") || p.is("{")) {
        break;
      }
      return false;
    }
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    if (n == null || n.nlBefore() > 0 || n.is(",") || n.is(".") || n.is(";") || n.isComment()
        || n.kind() == Kind.STRING) {
      return false; // embedded field, more names, or a qualified embedded type
    }
    Open o = top();
    if (o != null && o.kind == K.GROUP_VAR) {
      return true;
    }
    return true;
  }

  void keyword(int i, Tok t) {
    cur.text(t.text());
    if (t.is("return")) {
      returnIndent = indentList(i) ? cur.indent : -1;
      returnDepth = depth();
    }
    switch (t.text()) {
      case "if", "for", "switch", "select" -> headers.push(new Header(t.text(), depth(), cur.indent));
      case "else" -> {
        Tok n = nextCode(i);
        if (n != null && n.is("{")) {
          headers.push(new Header("else", depth(), cur.indent));
        }
      }
      case "func" -> {
        Tok n = nextCode(i); // a function type is placed at its "func" or (as gc places it) its "("
        boolean type = layout.funcTypes.contains(t.pos()) || n != null && layout.funcTypes.contains(n.pos());
        headers.push(new Header(type ? "functype" : "func", depth(), cur.indent));
        funcStartCol = cur.length() - 4;
      }
      case "case", "default" -> {
        if (top() != null && top().kind == K.SWITCH) {
          inCaseHeader = true;
          caseDepth = depth();
        }
      }
      case "package", "import", "const", "var", "type" -> {
        if (depth() == 0 && lastDecl.isEmpty()) {
          lastDecl = t.text();
        } else if (depth() == 0) {
          lastDecl = t.text();
        }
      }
      default -> {
      }
    }
    if (t.is("func") && depth() == 0 && (i == 0 || t.nlBefore() > 0)) {
      lastDecl = "func"; // a declaration, not a function type or literal in a var's value
    }
  }

  void openBrace(int i, Tok t) {
    Tok p = lastCode(i);
    K kind;
    boolean afterFuncType = false;
    while (!headers.isEmpty() && headers.peek().keyword().equals("functype") && headers.peek().depth() == depth()) {
      headers.pop(); // a function type's header ends where something else begins
      afterFuncType = true;
    }
    Header h = headers.peek();
    if (p != null && (p.is("struct") || p.is("interface"))) {
      kind = p.is("struct") ? K.STRUCT : K.IFACE;
    } else if (afterFuncType && p != null && !p.is(";") && !(h != null && h.keyword().equals("func") && h.depth() == depth())) {
      kind = K.COMPOSITE; // []func() int{f, g}, also in a for or if header
    } else if (h != null && h.depth() == depth() && !headerComposite(i)) {
      headers.pop();
      kind = switch (h.keyword()) {
        case "switch", "select" -> K.SWITCH;
        case "func" -> K.FUNC;
        default -> K.BLOCK;
      };
    } else if (p != null && p.is("}") && lastClosed != K.BLOCK && lastClosed != K.FUNC && lastClosed != K.SWITCH) {
      kind = K.COMPOSITE;
    } else if (p != null && p.is("{") && top() != null && top().kind == K.COMPOSITE) {
      kind = K.COMPOSITE;
    } else if (p == null || p.is(";") || p.is("{") || p.is("}") || p.is(":") && !(top() != null && top().kind == K.COMPOSITE)
        || (t.nlBefore() > 0 && p.endsStatement())) {
      kind = K.BLOCK;
    } else {
      kind = K.COMPOSITE;
    }
    int lineIndent = cur.indent;
    if ((kind == K.BLOCK || kind == K.FUNC || kind == K.SWITCH) && h != null && h.depth() == depth()
        && !headers.contains(h)) {
      lineIndent = h.lineIndent(); // the block of a header continued over several lines
    }
    Open o = new Open("{", kind, lineIndent, out.size());
    int close = matching(i);
    if (kind == K.SWITCH && p != null && p.is("select") && close == i + 1) {
      o.oneLine = true; // an empty select statement stays "select {}"
    } else if (kind == K.FUNC) {
      o.oneLine = close >= 0 && toks.get(close).line() == t.line() && fitsOneLine(i, close);
    } else if (kind == K.STRUCT || kind == K.IFACE) {
      o.oneLine = close >= 0 && toks.get(close).line() == t.line() && fieldCount(i, close) <= 1
          && !hasComment(i, close) && oneFieldSize(i, close) <= ONE_LINE_FIELD;
    } else if (kind == K.COMPOSITE) {
      o.oneLine = false;
      o.elements = countElements(i, close);
    }
    pendingOpenKind = o;
    // the gap before "{" depends on its kind: recompute now that it is known
    fixGapBeforeBrace(i, o);
    if (kind == K.FUNC && o.oneLine && depth() == 0) {
      cur.untrailSpace();
      cur.tab();
    }
    cur.text("{");
    stack.push(o);
    pendingOpenKind = null;
  }

  void fixGapBeforeBrace(int i, Open o) {
    if (cur.length() == 0 || i == 0 || toks.get(i).nlBefore() > 0) {
      return;
    }
    Tok p = toks.get(i - 1);
    if (!(isWordy(p) || p.is(")") || p.is("]") || p.is("}"))) {
      return;
    }
    boolean want = !(o.kind == K.COMPOSITE || (o.kind == K.STRUCT || o.kind == K.IFACE) && o.oneLine);
    cur.untrailSpace();
    if (want) {
      cur.space();
    }
  }

  /** In an if/for/switch header, a "{" after "[]T", "map[K]V" or "[N]T" opens a composite literal. */
  boolean headerComposite(int i) {
    Header h = headers.peek();
    if (h == null || h.isFunc() || h.keyword().equals("else")) {
      return false;
    }
    int j = i - 1;
    if (j >= 0 && toks.get(j).is("}")) {
      return lastClosed == K.STRUCT || lastClosed == K.IFACE;
    }
    if (j >= 0 && toks.get(j).kind() == Kind.IDENT) {
      j--;
      while (j >= 1 && toks.get(j).is(".") && toks.get(j - 1).kind() == Kind.IDENT) {
        j -= 2;
      }
      while (j >= 0 && toks.get(j).is("*")) {
        j--;
      }
      return j >= 0 && toks.get(j).is("]");
    }
    return false;
  }

  boolean fitsOneLine(int open, int close) {
    int commentWidth = 0;
    int stmts = 0;
    int width = 0;
    int d = 0;
    boolean any = false;
    for (int j = open + 1; j < close; j++) {
      Tok t = toks.get(j);
      if (t.lineComment() || layout.blockStmts.contains(t.pos())) {
        return false;
      }
      if (t.isComment()) {
        commentWidth += byteSize(t.text()); // bodySize counts comments (in bytes)
        continue;
      }
      any = true;
      int step = nesting(t);
      d += step;
      if (step == 0 && t.is(";") && d == 0) {
        stmts++;
      }
      width += t.text().length() + 1;
    }
    if (any) {
      stmts++;
    }
    if (stmts > 5) {
      return false;
    }
    int header = cur.length() - funcStartCol;
    int body = close > open + 1 ? width(open + 1, close - 1) + (stmts - 1) : 0;
    return header + body + commentWidth <= 100;
  }

  /**
   * Whether the "(" at i opens a result list holding one unnamed type, which gofmt prints without
   * parentheses: "func f() (int)" is "func f() int".
   */
  boolean strippableResult(int i) {
    Tok p = lastCode(i);
    Open o = top();
    Header h = headers.peek();
    boolean results = p != null && p.is(")") && (h != null && h.isFunc() && h.depth() == depth()
        || o != null && o.kind == K.IFACE);
    if (!results) {
      return false;
    }
    int close = matching(i);
    if (close < 0 || close == i + 1) {
      return false;
    }
    int d = 0;
    for (int j = i + 1; j < close; j++) {
      Tok u = toks.get(j);
      if (u.isComment()) {
        return false;
      }
      if (u.is("(") || u.is("[") || u.is("{")) {
        d++;
      } else if (u.is(")") || u.is("]") || u.is("}")) {
        d--;
      } else if (u.is(",") && d == 0) {
        return false;
      }
    }
    Tok first = toks.get(i + 1);
    Tok second = toks.get(i + 2);
    return first.kind() != Kind.IDENT || second.is(")") || second.is(".");
  }

  void openParen(int i, Tok t) {
    Tok p = lastCode(i);
    K kind = K.PAREN;
    if (p != null && depth() == 0 && (p.is("var") || p.is("const"))) {
      kind = K.GROUP_VAR;
    } else if (p != null && depth() == 0 && p.is("type")) {
      kind = K.GROUP_TYPE;
    } else if (p != null && depth() == 0 && p.is("import")) {
      kind = K.GROUP_IMPORT;
    } else if (p != null && (p.is("var") || p.is("const"))) {
      kind = K.GROUP_VAR;
    } else if (p != null && p.is("type")) {
      kind = K.GROUP_TYPE;
    }
    Open o = new Open("(", kind, cur.indent, out.size());
    o.call = layout.callParens.contains(t.pos());
    if (kind == K.GROUP_VAR) {
      o.keepType = keepTypeColumn(i, matching(i));
    }
    cur.text("(");
    stack.push(o);
  }

  /**
   * go/printer's keepTypeColumn: in a run of specs with values, the type column is kept for
   * every spec if any spec of the run has a type.
   */
  List<Boolean> keepTypeColumn(int open, int close) {
    List<boolean[]> specs = new ArrayList<>(); // {hasType, hasValues}
    int j = open + 1;
    while (j < close) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        j++;
        continue;
      }
      // a spec: names, then type and/or "= values", until the next line at depth 0
      int k = j + 1;
      while (k + 1 < close && toks.get(k).is(",") && toks.get(k + 1).kind() == Kind.IDENT) {
        k += 2;
      }
      int d = 0;
      boolean hasType = false;
      boolean hasValues = false;
      int q = k;
      for (; q < close; q++) {
        Tok u = toks.get(q);
        if (q > j && d == 0 && (u.nlBefore() > 0 || u.is(";"))) {
          break;
        }
        if (u.isComment()) {
          continue;
        }
        if (u.is("(") || u.is("[") || u.is("{")) {
          d++;
        } else if (u.is(")") || u.is("]") || u.is("}")) {
          d--;
        }
        if (d == 0 && u.is("=") && !hasValues) {
          hasValues = true;
        } else if (!hasValues) {
          hasType = true;
        }
      }
      specs.add(new boolean[] {hasType, hasValues});
      j = q < close && toks.get(q).is(";") ? q + 1 : Math.max(q, j + 1);
    }
    List<Boolean> m = new ArrayList<>();
    for (int k = 0; k < specs.size(); k++) {
      m.add(false);
    }
    int i0 = -1;
    boolean keep = false;
    for (int k = 0; k < specs.size(); k++) {
      boolean[] s = specs.get(k);
      if (s[1]) {
        if (i0 < 0) {
          i0 = k;
          keep = false;
        }
      } else if (i0 >= 0) {
        for (int q = i0; q < k; q++) {
          m.set(q, keep);
        }
        i0 = -1;
      }
      if (s[0]) {
        keep = true;
      }
    }
    if (i0 >= 0) {
      for (int q = i0; q < specs.size(); q++) {
        m.set(q, keep);
      }
    }
    return m;
  }

  void openBracket(int i, Tok t) {
    Open o = new Open("[", K.BRACKET, cur.indent, out.size());
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    if (n != null) {
      Boolean b = layout.sliceBlank.get(n.pos());
      if (b == null && n.is(":") && i + 2 < toks.size()) {
        b = layout.sliceBlank.get(toks.get(i + 2).pos());
      }
      o.sliceBlanks = b != null && b;
    }
    cur.text("[");
    stack.push(o);
  }

  void close(int i, Tok t) {
    Open o = stack.isEmpty() ? null : stack.pop();
    lastClosed = o == null ? null : o.kind;
    // pending headers opened inside the bracket are over
    while (!headers.isEmpty() && headers.peek().depth() > depth()) {
      headers.pop();
    }
    cur.text(t.text());
    if (o != null && o.kind == K.SWITCH) {
      inCaseHeader = false;
    }
    if (t.is("]") && top() != null && top().kind == K.GROUP_TYPE) {
      Tok n = nextCode(i);
      if (n != null && layout.afterTypeParams.contains(n.pos())) {
        cur.tab(); // a generic type's spec in a group: its type parameters end the name cell
      }
    }
  }
}
