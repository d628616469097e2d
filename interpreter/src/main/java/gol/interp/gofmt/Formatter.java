package gol.interp.gofmt;

import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import gol.interp.parse.Parser;
import java.util.List;

/*
 * gol fmt: formats source as gofmt formats the same Go source.
 *
 * Concepts
 *   The formatter re-prints the token stream (comments included) with gofmt's layout rules
 *   rather than printing a syntax tree: line breaks are the source's (at most one blank line in a
 *   row; gofmt's forced breaks added: statements after "{" and ";" of blocks, case clauses, top
 *   level declarations of different kinds separated by a blank line), indentation follows the
 *   brackets (a line inside a bracket is indented one more than the line that opened it; case
 *   clauses at their switch's level, labels one less; a continued statement line one more), and
 *   the blanks between tokens follow go/printer, with the decisions that need the syntax tree —
 *   blanks around binary operators by precedence and nesting, around slice colons — taken from
 *   the parsed file (ExprLayout).
 *
 *   Alignment is gofmt's: the printer separates cells with tabs (struct fields: names, type, tag;
 *   grouped var/const specs: names, type, "= values"; key: value lines of composite literals;
 *   one-line func declarations before "{"; trailing comments) and Aligner lays consecutive lines'
 *   cells out in columns as text/tabwriter does, within sections that end where gofmt emits a
 *   formfeed (after a multi-line item, before and after a block's contents, at a blank line).
 *
 * Invariants
 *   No token is dropped except semicolons gofmt removes and parentheses gofmt strips; comments
 *   are kept in order.
 */
final class Formatter extends Brackets {
  private Formatter(List<Tok> toks, ExprLayout layout) {
    super(toks, layout);
  }

  /**
   * Formats {@code src}; a file gol's parser rejects throws its first error, in gc's words (gofmt's
   * report of the file comes from {@link SyntaxCheck}).
   */
  static String format(String name, String src) throws Lexer.SyntaxError {
    List<Tok> toks = DocComments.reformat(Lexer.lex(src), src);
    Diagnostics diags = new Diagnostics();
    File f = Parser.parse(name, src, diags);
    if (diags.hasErrors()) {
      Diagnostics.Error e = diags.sorted().get(0);
      throw new Lexer.SyntaxError(e.line(), e.col(), e.message());
    }
    ExprLayout layout = ExprLayout.of(f);
    if (layout.callError != null) {
      throw layout.callError;
    }
    toks = Imports.sort(toks);
    toks = ParamParens.strip(toks, layout);
    toks = TrailingCommas.drop(toks);
    toks = FuncTypeConversions.parenthesize(toks, layout);
    Formatter fm = new Formatter(toks, layout);
    return fm.run();
  }

  String run() {
    for (int i = 0; i < toks.size(); i++) {
      token(i);
    }
    finishLine();
    return GoBuildLines.fix(Aligner.render(out));
  }

  // ---- the main walk ----

  void token(int i) {
    Tok t = toks.get(i);
    if (t.is("(") && cur != null && t.nlBefore() == 0 && strippableResult(i)) {
      int close = matching(i);
      toks.remove(close);
      toks.remove(i);
      token(i);
      return;
    }
    Tok p = prevTok(i);
    // a semicolon: dropped where it separates statements (a line break instead), kept in headers
    boolean labelEmpty = false;
    if (t.is(";") && !keepSemicolon()) {
      forceBreak = true;
      if (!afterLabel(i)) {
        return;
      }
      labelEmpty = true; // a label's empty statement, printed on a line of its own
    }
    boolean newline = cur == null || t.nlBefore() > 0 || (forceBreak && !t.isComment()) || forceBreakBefore(i);
    if (newline && !forceBreak && p != null && p.is("=") && layout.specValues.contains(t.pos())) {
      newline = false; // "var x =\n\tv": valueSpec prints v after "= "
    }
    if (forceBreak && t.isComment() && t.nlBefore() == 0) {
      newline = false; // a trailing comment stays after the statement it follows
    }
    // go/printer drops the line break pending after a block comment that spans lines when a token
    // follows it on its last line, and writes no blank there either: "*/x"
    boolean glued = p != null && p.isComment() && !p.lineComment()
        && p.text().indexOf('\n') >= 0 && t.nlBefore() == 0 && !t.isComment();
    if (glued) {
      newline = false;
      forceBreak = false;
    }
    if (newline) {
      Tok lc = lastCode(i);
      if (lc != null && lc.endsStatement()) {
        // a statement ended: a func type without body leaves no header pending
        while (!headers.isEmpty() && headers.peek().depth() == depth()) {
          headers.pop();
        }
      }
      boolean blank = t.nlBefore() > 1 && cur != null && !groupEdge(i, t) && !closesList(i, t);
      if (cur != null) {
        endOfLine(i);
      }
      finishLine();
      blank |= needsDeclBlank(i);
      // go/printer: a comment moved out to a top-level ')' it is aligned with gets a blank line
      blank |= alignedWithParen(i) && !toks.get(i - 1).isComment() && top().lineIndent == 0;
      if (blank && !out.isEmpty()) {
        out.add(Aligner.Line.blank());
      }
      cur = new Aligner.Line(indentFor(i));
      cur.depth = depth();
      cur.section = sectionBreak(i);
      forceBreak = false;
      lineStart(i, t);
    } else if (p != null && !glued) {
      gap(i, p, t);
    }
    elementStart(i, t, newline);
    emit(i, t);
    if (!t.isComment()) {
      tokenIndent.put(t.pos(), cur.indent);
    }
    if (layout.binaryStarts.contains(t.pos())) {
      binaryStartIndent.put(t.pos(), cur.indent);
    }
    if (labelEmpty) {
      forceBreak = true;
    } else if (t.is(":") && isLabelColon(i)) {
      labelColon = i;
      forceBreak = true; // go/printer breaks the line after a label
    }
  }

  /** Whether the ":" at i ends a statement label. */
  boolean isLabelColon(int i) {
    Open o = top();
    if (inCaseHeader || o == null || !(o.kind == K.BLOCK || o.kind == K.FUNC || o.kind == K.SWITCH)) {
      return false;
    }
    int j = i - 1;
    while (j >= 0 && toks.get(j).isComment()) {
      j--;
    }
    if (j < 0 || toks.get(j).kind() != Kind.IDENT) {
      return false;
    }
    Tok before = lastCode(j);
    return before == null || toks.get(j).nlBefore() > 0 || before.is("{") || before.is(";") || before.is(":");
  }

  /** Whether the ";" at i directly follows a label and is not followed by "}" (an empty statement gofmt keeps). */
  boolean afterLabel(int i) {
    int j = i - 1;
    while (j >= 0 && toks.get(j).isComment()) {
      j--;
    }
    Tok n = nextCode(i);
    return j >= 0 && j == labelColon && n != null && !n.is("}");
  }

  /**
   * Whether the comment at i is on a line of its own before a ")" on a line of its own, and the
   * first such comment there starts in the column of the ")" in the source: go/printer then applies
   * the unindent pending before the ")" to the comments (as for a comment before a case clause).
   */
  boolean alignedWithParen(int i) {
    Tok t = toks.get(i);
    Open o = top();
    int j = nextCodeIndex(i);
    if (!t.isComment() || t.nlBefore() == 0 || o == null || !o.ch.equals("(") || j < 0 || !toks.get(j).is(")")
        || toks.get(j).nlBefore() == 0) {
      return false;
    }
    int k = i;
    while (k > 0 && toks.get(k - 1).isComment()) {
      k--;
    }
    while (toks.get(k).nlBefore() == 0) {
      k++;
    }
    return toks.get(k).col() == toks.get(j).col();
  }

  /**
   * Whether t is the first line inside, or the closing bracket of, a declaration group, struct or
   * interface: gofmt keeps no blank line there, unless a comment is on the other side of it.
   */
  boolean groupEdge(int i, Tok t) {
    Open o = top();
    if (o == null || !(o.kind == K.GROUP_VAR || o.kind == K.GROUP_TYPE || o.kind == K.GROUP_IMPORT
        || o.kind == K.STRUCT || o.kind == K.IFACE)) {
      return false;
    }
    Tok p = i > 0 ? toks.get(i - 1) : null;
    // go/printer keeps the source's line breaks between a comment and the token next to it: a
    // blank line after "{" before a comment, or after a comment before the closer, stays
    if (p != null && p.isComment() && isCloser(t, o)) {
      return false;
    }
    return isCloser(t, o) || p != null && (p.is("(") || p.is("{")) && !t.isComment();
  }

  /**
   * Whether t closes a composite literal or a call's arguments: go/printer ends such a list with a
   * single line break, so a blank line before its "}" or ")" goes (a parameter list keeps one).
   * After a comment it stays: the comment is printed at its own position, and the closer's line
   * follows it as far down as in the source.
   */
  boolean closesList(int i, Tok t) {
    Open o = top();
    return o != null && (t.is("}") && o.kind == K.COMPOSITE || t.is(")") && o.call)
        && !(i > 0 && toks.get(i - 1).isComment());
  }

  /** Whether the ';' at hand stays: in a for/if/switch header or a one-line body. */
  boolean keepSemicolon() {
    Header h = headers.peek();
    if (h != null && h.depth() == depth() && !h.isFunc() && !h.keyword().equals("else")) {
      return true;
    }
    Open o = top();
    return o != null && o.oneLine;
  }

  /**
   * Breaks gofmt adds: after a block's "{", before its "}", after a case clause's ":"; after the
   * "(" of a declaration group that is not empty and before its ")" ({@code import ("fmt")} is
   * printed over three lines).
   */
  boolean forceBreakBefore(int i) {
    Tok t = toks.get(i);
    Tok p = lastCode(i);
    if (p == null) {
      return false;
    }
    Open o = top();
    if (o != null && (o.kind == K.GROUP_VAR || o.kind == K.GROUP_TYPE || o.kind == K.GROUP_IMPORT)) {
      if (p.is("(") && !t.is(")")) {
        return !t.isComment();
      }
      // a block comment right before ")" keeps it on its line, as go/printer does
      Tok before = toks.get(i - 1);
      return t.is(")") && !p.is("(") && !(before.isComment() && t.nlBefore() == 0);
    }
    if (p.is("{") && o != null && !o.oneLine && (o.kind == K.BLOCK || o.kind == K.FUNC || o.kind == K.SWITCH
        || o.kind == K.STRUCT || o.kind == K.IFACE) && !t.is("}")) {
      return !t.isComment();
    }
    if (t.is("}") && o != null && !o.oneLine && (o.kind == K.BLOCK || o.kind == K.FUNC || o.kind == K.SWITCH
        || o.kind == K.STRUCT || o.kind == K.IFACE)) {
      return true;
    }
    return false;
  }

  /**
   * gofmt's blank lines between top-level declarations: before a declaration of another kind
   * than the one before it (import, const, var, type, func), and before a comment that follows
   * a declaration (a doc comment included).
   */
  boolean needsDeclBlank(int i) {
    if (depth() != 0 || out.isEmpty()) {
      return false;
    }
    Tok t = toks.get(i);
    Tok prev = i > 0 ? toks.get(i - 1) : null;
    if (t.isComment()) {
      Tok last = lastCode(i);
      return prev != null && !prev.isComment() && !continues(last) && !commentInContinuation(i);
    }
    if (prev != null && prev.isComment()) {
      return false; // the doc comment got the blank line
    }
    String kind = t.kind() == Kind.KEYWORD ? t.text() : "";
    if (!DECLS.contains(kind) || kind.equals("package")) {
      return false;
    }
    if (statementList && !kind.equals("func")) {
      return false; // a declaration among a script's statements is one of them
    }
    return !kind.equals(lastDecl) || lastDecl.equals("package");
  }

  /**
   * A new line at the top of a var/const group starts a spec, unless it continues the names or
   * values of the spec before.
   */
  void lineStart(int i, Tok t) {
    Open o = top();
    Tok last = lastCode(i);
    if (o != null && o.kind == K.GROUP_VAR && !t.isComment() && !t.is(")")
        && !(last != null && (last.is(",") || continues(last)))) {
      o.specIndex++;
      o.specStartOut = out.size();
      specValues = false;
      specTypeCol = false;
    }
    if (last != null && (t.isComment() ? continues(last) : continues(last) || listContinues(last, o) || last.is("."))) {
      cur.continuation = true;
    } else if (!t.isComment()) {
      returnIndent = -1; // a new statement
    }
  }

  /**
   * Whether a line after last continues a statement's expression list (return a,\n b): go/printer
   * indents an expression list's later lines once.
   */
  boolean listContinues(Tok last, Open o) {
    return last.is(",") && (o != null && (o.kind == K.BLOCK || o.kind == K.FUNC) || o == null && statementList)
        && !inCaseHeader;
  }

  /**
   * go/printer's exprList for the elements of a composite literal and the arguments of a call: a
   * key: value element that starts a line and fits on it ends its key in an aligned cell; a new
   * section (no alignment with the lines above) starts at the first line break after elements
   * that begin on the opening bracket's line, after a multi-line element, after a line with
   * several elements, or when the key's size is far from the geometric mean of the keys before
   * it.
   */
  void elementStart(int i, Tok t, boolean newline) {
    Open o = top();
    if (o == null || !(o.kind == K.COMPOSITE || o.call) || t.isComment() || t.is("}") || t.is(")")) {
      return;
    }
    int lc = -1;
    for (int j = i - 1; j >= 0; j--) {
      if (!toks.get(j).isComment()) {
        lc = j;
        break;
      }
    }
    if (lc < 0 || !(toks.get(lc).is(",") || toks.get(lc).is(o.call ? "(" : "{"))) {
      return;
    }
    if (o.prevLine < 0) {
      o.prevLine = toks.get(lc).line();
    }
    int end = elementEnd(i);
    boolean oneLine = toks.get(end).line() == t.line() && !hasNewline(i, end);
    int colon = pairColon(i, end);
    boolean isPair = colon >= 0;
    int prevSize = o.prevSize;
    int size = oneLine ? width(i, isPair ? colon - 1 : end) : 0;
    boolean useFF = true;
    if (prevSize > 0 && size > 0) {
      if (o.count == 0 || prevSize <= 40 && size <= 40) {
        useFF = false;
      } else {
        double geomean = Math.exp(o.lnsum / o.count);
        double ratio = size / geomean;
        useFF = 2.5 * ratio <= 1 || 2.5 <= ratio;
      }
    }
    boolean needsLinebreak = o.prevLine > 0 && o.prevLine < t.line();
    int index = o.elementIndex;
    if (index == 0 && needsLinebreak) {
      o.prevBreak = 0; // the list starts on a line of its own (prevBreak stays -1 otherwise)
    }
    if (index > 0 && needsLinebreak && newline) {
      boolean ff = useFF || o.prevBreak + 1 < index;
      cur.section = o.call ? cur.section || ff : ff;
      o.prevBreak = index;
      // a new section or more than one line between the elements in the source (go/printer's
      // linebreak returns more than one break; comments in between count as lines) starts a new
      // group of sizes for the geometric mean
      if (cur.section || t.line() - toks.get(lc).line() > 1) {
        o.lnsum = 0;
        o.count = 0;
      }
    }
    boolean alignPair = o.elements > 1 && isPair && size > 0 && needsLinebreak;
    o.alignedColon = alignPair ? colon : -1;
    if (size > 0) {
      o.lnsum += Math.log(size);
      o.count++;
    }
    o.prevSize = size;
    o.prevLine = toks.get(end).line();
    o.elementIndex++;
  }

  /** The index of the last token of the element starting at i. */
  int elementEnd(int i) {
    int d = 0;
    int last = i;
    for (int j = i; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        if (d == 0) {
          return last;
        }
        d--;
      } else if (t.is(",") && d == 0) {
        return last;
      }
      last = j;
    }
    return last;
  }

  /**
   * go/printer leaves the unindent that ends a continued expression ("a +\n\tb", "x.\n\tM()")
   * pending until the next token, and a comment on a line of its own after the expression's last
   * line applies it only when the comment sits in the column of the token that follows: otherwise
   * the comment stays at the expression's continuation indent (at top level, without the blank
   * line a comment after a declaration gets, which go/printer adds only at indentation 0).
   */
  boolean commentInContinuation(int i) {
    Tok t = toks.get(i);
    if (!t.isComment() || t.nlBefore() == 0) {
      return false;
    }
    if (i - 1 == keptComment && t.nlBefore() == 1) {
      keptComment = i; // the same comment group goes on at that indent
      return true;
    }
    Tok last = lastCode(i);
    if (last == null || continues(last) || !toks.get(i - 1).equals(last) && !toks.get(i - 1).lineComment()) {
      return false;
    }
    Aligner.Line prev = lastLine();
    if (prev == null || !prev.continuation || prev.depth != depth() || prev.isBlank()) {
      return false;
    }
    Tok n = nextCode(i);
    // (at the end of the file the next position is column 0: never the comment's)
    if (n == null || n.col() != t.col() && !n.is("}") && !n.is(")") && !n.is("]")) {
      keptComment = i;
      return true;
    }
    return false;
  }

  /** The last comment {@link #commentInContinuation} kept at a continuation indent. */
  private int keptComment = -1;

  /**
   * The position of the first token of the operand chain ("a.b(x)[i].c") whose last "." is the
   * code token before i.
   */
  long chainStart(int i) {
    int k = i - 1;
    while (k >= 0 && toks.get(k).isComment()) {
      k--;
    }
    int start = k;
    k--; // before the "."
    while (k >= 0) {
      Tok u = toks.get(k);
      if (u.isComment()) {
        k--;
        continue;
      }
      if (u.is(")") || u.is("]") || u.is("}")) {
        int open = matchingBack(k);
        if (open < 0) {
          break;
        }
        start = open;
        k = open - 1;
        continue;
      }
      if (u.kind() == Kind.IDENT || u.kind() == Kind.STRING || u.kind() == Kind.NUMBER) {
        start = k;
        k--;
        while (k >= 0 && toks.get(k).isComment()) {
          k--;
        }
        if (k >= 0 && toks.get(k).is(".")) {
          k--;
          continue;
        }
        break;
      }
      break;
    }
    return toks.get(start).pos();
  }

  /** What the last line ended with, to know if the next one continues a statement. */
  void endOfLine(int i) {
  }

  void finishLine() {
    if (cur != null) {
      out.add(cur);
      cur = null;
    }
  }

  int indentFor(int i) {
    Tok t = toks.get(i);
    Tok first = t;
    if (t.isComment()) {
      int j = nextCodeIndex(i);
      Tok n = j >= 0 ? toks.get(j) : null;
      // go/printer: a comment before a case clause is at the clause's level only if it is aligned
      // with the case keyword in the source; otherwise it ends the clause before
      if (n != null && (n.is("case") || n.is("default")) && top() != null && top().kind == K.SWITCH
          && t.col() == n.col()) {
        first = n;
      }
      if (alignedWithParen(i)) {
        first = n;
      }
    }
    Open o = top();
    int ind;
    if (o == null) {
      ind = 0;
    } else if (isCloser(first, o)) {
      ind = o.lineIndent;
    } else if (o.kind == K.SWITCH) {
      ind = o.lineIndent + ((first.is("case") || first.is("default")) ? 0 : 1);
    } else {
      ind = o.lineIndent + 1;
    }
    // a statement continued from the previous line
    Tok last = lastCode(i);
    if (last != null && last.is("=") && specValueLine(i)) {
      return ind; // a var/const spec's value (or a comment before it) after "=": the spec's level
    }
    // (a comment line between an operator and its operand too: go/printer has the indent pending)
    if (last != null && (t.isComment() ? continues(last) : continues(last) || listContinues(last, o)) && (o == null
        || o.kind == K.BLOCK || o.kind == K.FUNC || o.kind == K.SWITCH || o.kind == K.GROUP_VAR
        || o.kind == K.COMPOSITE || o.kind == K.PAREN)) {
      int lastIndent = lastLineIndent();
      Aligner.Line prev = lastLine();
      if (returnIndent >= 0 && depth() == returnDepth) {
        // a return list indented wholesale (go/printer's indentList): its lines one more than
        // the return, a binary expression's continued lines in it one more again
        ind = returnIndent + 1 + (continues(last) ? 1 : 0);
      } else if (prev != null && prev.continuation) {
        ind = lastIndent; // the expression's later lines: one indent for all of them
      } else {
        ind = Math.max(ind, lastIndent == ind ? ind + 1 : lastIndent);
      }
    }
    if (commentInContinuation(i)) {
      ind++;
    }
    // a group spec's values continued after a ",": go/printer indents the values' exprList; and
    // the names and values of a single var or const declaration at top level (the only place
    // a "," can be at top level)
    if (o != null && o.kind == K.GROUP_VAR && specValues && last != null && last.is(",") && !t.is(")")) {
      ind = o.lineIndent + 2;
    } else if (o == null && last != null && last.is(",")) {
      ind = 1;
    }
    // a selector whose name is on a later line than its ".": go/printer's selectorExpr indents
    // the name (and a called method's arguments) once more than the expression the selector is
    // in, so every link of a chain broken after "." is one more than the line the chain starts on
    if (last != null && last.is(".") && !t.isComment()) {
      Integer base = tokenIndent.get(chainStart(i));
      if (base != null) {
        ind = base + 1;
      }
    }
    // an operand after a binary operator that ended a line: indented once for each such
    // operator it is in, from the line where the expression starts (go/printer's binaryExpr)
    long key = t.isComment() ? (nextCode(i) != null ? nextCode(i).pos() : -1) : t.pos();
    long[] bi = layout.binaryIndent.get(key);
    if (bi != null && !(returnIndent >= 0 && depth() == returnDepth)) {
      Integer base = binaryStartIndent.get(bi[1]);
      if (base != null) {
        ind = base + (int) bi[0];
      }
    }
    // a label: one less than the statements around it
    if (t.kind() == Kind.IDENT && o != null && (o.kind == K.BLOCK || o.kind == K.FUNC || o.kind == K.SWITCH)) {
      int j = nextCodeIndex(i);
      if (j >= 0 && toks.get(j).is(":") && (last == null || !continues(last)) && !inCaseHeader) {
        ind = Math.max(0, ind - 1);
      }
    }
    return ind;
  }

  /**
   * Whether a line break after a "," at the current level breaks a list go/printer prints without
   * the positions around it, where exprList takes every element's size as unknown and breaks every
   * line with a formfeed: the names of a struct field, the names and values of a var or const
   * spec, a return statement's results, an assignment's right-hand side. (An assignment's
   * left-hand side has positions, but its first break is a formfeed too, and a left-hand side
   * broken twice is rare enough to be taken as the others.)
   */
  boolean positionlessList() {
    Open o = top();
    return o == null || o.kind == K.STRUCT || o.kind == K.GROUP_VAR || o.kind == K.BLOCK
        || o.kind == K.FUNC || o.kind == K.SWITCH;
  }

  /**
   * Whether the source line that ends with the comma before token i holds more than one element of
   * the list (a comma at the list's level before the one that ends the line).
   */
  boolean severalOnLine(int i) {
    int k = i - 1;
    while (k >= 0 && toks.get(k).isComment()) {
      k--;
    }
    int line = toks.get(k).line();
    int d = 0;
    for (k--; k >= 0 && toks.get(k).line() == line; k--) {
      Tok u = toks.get(k);
      if (u.is(")") || u.is("]") || u.is("}")) {
        d++;
      } else if (u.is("(") || u.is("[") || u.is("{")) {
        d--;
      } else if (u.is(",") && d == 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether the top-level declaration starting at token i goes on past its first line. */
  boolean declSpansLines(int i) {
    int d = 0;
    for (int j = i; j < toks.size(); j++) {
      Tok u = toks.get(j);
      if (j > i && u.nlBefore() > 0 && !u.isComment()) {
        return d > 0;
      }
      d += nesting(u);
    }
    return false;
  }

  /** Whether a code token that starts on token i's line spans lines (a raw string). */
  boolean holdsMultiLineToken(int i) {
    int line = toks.get(i).line();
    for (int j = i; j < toks.size() && toks.get(j).line() == line; j++) {
      Tok u = toks.get(j);
      if (!u.isComment() && u.text().indexOf('\n') >= 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether token i is, or is a comment before, the first value of a var or const spec. */
  boolean specValueLine(int i) {
    Tok n = toks.get(i).isComment() ? nextCode(i) : toks.get(i);
    return n != null && layout.specValues.contains(n.pos());
  }

  /** Whether the line starting with token i begins a new alignment section (gofmt's formfeed). */
  boolean sectionBreak(int i) {
    Tok t = toks.get(i);
    Tok last = lastCode(i);
    if (last == null) {
      return true;
    }
    if (t.isComment()) {
      return true; // go/printer writes a formfeed before a comment that starts a line
    }
    if (top() != null && holdsMultiLineToken(i)) {
      return true; // gofmt aligns no cell before a raw string spanning lines with the lines above
    }
    if (last.is("{") || last.is("(") || last.is("[")) {
      return true;
    }
    if (t.is("}") || t.is(")") || t.is("]")) {
      return true;
    }
    if (continues(last) && !isAssign(last)) {
      return true; // go/printer breaks a binary expression's lines with formfeeds
    }
    if (inCaseHeader && last.is(",") && !out.isEmpty() && "case".equals(out.get(out.size() - 1).firstToken)) {
      return true; // and an expression list's first line break (exprList: prevBreak+1 < i)
    }
    if (inCaseHeader && last.is(",") && severalOnLine(i)) {
      return true; // and a break after a line holding several of its expressions (the same test)
    }
    if (last.is(",") && !inCaseHeader && positionlessList()) {
      return true;
    }
    if (last.is(",") && top() != null && top().kind == K.PAREN && !top().call) {
      return true; // go/printer's parameters breaks a parameter list's lines with formfeeds
    }
    // a var/const spec after one that spanned lines (go/printer's genDecl: linesFrom > 0)
    Open g = top();
    if (g != null && g.kind == K.GROUP_VAR && !t.isComment() && !t.is(")") && !continues(last)
        && g.specStartOut >= 0 && g.specStartOut < out.size() - 1) {
      return true;
    }
    // go/printer starts a section at every case clause (a switch body's statement list has no
    // indent, so each of its items is a new section) and at a clause's first statement
    boolean clause = (t.is("case") || t.is("default")) && top() != null && top().kind == K.SWITCH;
    if (clause || last == caseColon) {
      return true;
    }
    // go/printer writes the line breaks inside a /* */ comment as formfeeds: the line after one
    // that ends in such a comment starts a new section
    Tok before = i > 0 ? toks.get(i - 1) : null;
    if (before != null && before.isComment() && !before.lineComment() && before.text().indexOf('\n') >= 0) {
      return true;
    }
    // go/printer's declList breaks before a top-level func that spans lines with a formfeed
    if (top() == null && !statementList && t.is("func") && declSpansLines(i)) {
      return true;
    }
    // the previous item spanned several lines
    Aligner.Line prev = out.isEmpty() ? null : out.get(out.size() - 1);
    if (prev != null && top() == null && !statementList && !t.isComment() && !prev.isBlank()
        && (prev.startsWithCloser || prev.depth > 0)) {
      // between top-level declarations go/printer's declList breaks with a formfeed only before
      // a func declaration that spans lines: a comment after a declaration's closing "}" or ")"
      // aligns with a cell on the next declaration's line
      return t.is("func") && declSpansLines(i);
    }
    if (prev != null && prev.startsWithCloser) {
      return true;
    }
    if (prev != null && prev.multiLineToken && top() != null) {
      return true; // a statement, spec, field or element holding a raw string that spans lines
    }
    if (prev != null && prev.continuation) {
      return true;
    }
    // a statement after one that ended inside brackets it opened on an earlier line (stmtList:
    // a linebreak after a multi-line statement is a formfeed)
    Open o = top();
    if (prev != null && prev.depth > depth() && (o == null || o.kind == K.BLOCK || o.kind == K.FUNC
        || o.kind == K.SWITCH)) {
      return true;
    }
    return false;
  }

  void emit(int i, Tok t) {
    if (t.is("{")) {
      pendingOpenKind = null;
    }
    String text = t.text();
    if (!t.isComment() && text.indexOf('\n') >= 0) {
      cur.multiLineToken = true;
    }
    if (t.isComment()) {
      if (!t.lineComment() && text.indexOf('\n') >= 0) {
        // laid out as go/printer's writeComment does, then its trimmer's trailing blanks dropped
        text = BlockComments.layout(text, t.col() == 1, cur.indent).replaceAll("[ \t]+\n", "\n");
      }
      cur.text(text);
      if (t.lineComment()) {
        forceBreak = forceBreak || false;
      }
      return;
    }
    if (cur.firstToken == null) {
      cur.firstToken = text;
      if (t.is("}") || t.is(")") || t.is("]")) {
        cur.startsWithCloser = true;
      }
    }
    switch (text) {
      case "{" -> openBrace(i, t);
      case "(" -> openParen(i, t);
      case "[" -> openBracket(i, t);
      case "}", ")", "]" -> close(i, t);
      default -> {
        if (t.kind() == Kind.KEYWORD) {
          keyword(i, t);
        } else {
          plain(i, t);
        }
      }
    }
  }

  /** go/printer's normalizedNumber: lower-case base prefixes and exponents. */
  static String normalizeNumber(String x) {
    if (x.length() < 2) {
      return x;
    }
    switch (x.substring(0, 2)) {
      case "0X":
        x = "0x" + x.substring(2);
        int p = x.lastIndexOf('P');
        return p >= 0 ? x.substring(0, p) + "p" + x.substring(p + 1) : x;
      case "0x": {
        int q = x.lastIndexOf('P');
        return q >= 0 ? x.substring(0, q) + "p" + x.substring(q + 1) : x;
      }
      case "0O":
        return "0o" + x.substring(2);
      case "0B":
        return "0b" + x.substring(2);
      case "0o", "0b":
        return x;
      default: {
        int e = x.lastIndexOf('E');
        if (e >= 0) {
          return x.substring(0, e) + "e" + x.substring(e + 1);
        }
        if (x.endsWith("i") && !x.contains(".") && !x.contains("e")) {
          String y = x.replaceFirst("^[0_]+", "");
          return y.equals("i") ? "0i" : y;
        }
        return x;
      }
    }
  }

  void plain(int i, Tok t) {
    Open o = top();
    if (t.kind() == Kind.NUMBER) {
      cur.text(normalizeNumber(t.text()));
      afterToken(i, t);
      return;
    }
    // struct field lines: a tab after the names, before the tag
    if (o != null && o.kind == K.STRUCT && !o.oneLine && t.kind() == Kind.STRING && isTag(i)) {
      cur.tab();
    }
    if (t.is(",") || t.is(";")) {
      Header h = headers.peek();
      if (h != null && h.isFunc() && h.depth() == depth()) {
        headers.pop();
      }
    }
    if (t.is("=") && o != null && o.kind == K.GROUP_VAR && atSpecTop()) {
      cur.tab();
      cur.text("=");
      specValues = true;
      return;
    }
    if (t.is(":") && o != null && o.kind == K.COMPOSITE && i == o.alignedColon) {
      cur.text(":");
      cur.tab();
      o.alignedColon = -1;
      return;
    }
    if (t.is(":") && inCaseHeader && depth() == caseDepth) {
      inCaseHeader = false;
      caseColon = t;
      cur.text(":");
      Tok n = nextCode(i);
      int j = nextCodeIndex(i);
      if (n != null && n.nlBefore() == 0 && !toks.get(i + 1).isComment()) {
        forceBreak = true;
      }
      return;
    }
    cur.text(t.text());
    afterToken(i, t);
  }

  void afterToken(int i, Tok t) {
    Open o = top();
    // struct field names / group spec names end here: a tab before the type
    if (o != null && (o.kind == K.STRUCT && !o.oneLine || o.kind == K.GROUP_VAR || o.kind == K.GROUP_TYPE)
        && t.kind() == Kind.IDENT && namesEndAt(i)) {
      if (o.kind == K.GROUP_VAR) {
        int spec = o.specIndex;
        boolean hasType = !nextIs(i, "=") && !lineEndsAfter(i);
        boolean keep = spec >= 0 && spec < o.keepType.size() && o.keepType.get(spec);
        if (hasType || keep) {
          specTypeCol = true;
          cur.tab();
          if (!hasType) {
            // an empty type cell
          }
        }
      } else {
        cur.tab();
      }
    }
  }
}
