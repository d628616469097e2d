package gol.interp.gofmt;

import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import gol.interp.parse.Parser;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

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
final class Formatter {
  private final List<Tok> toks;
  private final ExprLayout layout;
  private final List<Aligner.Line> out = new ArrayList<>();
  private Aligner.Line cur;
  private final Deque<Open> stack = new ArrayDeque<>();
  /** Block headers (if, for, switch, select, else, func) waiting for their "{": keyword and depth. */
  private final Deque<Header> headers = new ArrayDeque<>();
  /** Kind of the last top-level declaration: "package", "import", "func", ... */
  private String lastDecl = "";
  private boolean forceBreak;
  /** Whether the current line continues a statement begun on an earlier line, and that statement's indent. */
  private int stmtIndent;
  private boolean inCaseHeader;
  /** The indentation of a return statement whose results are indented wholesale, or -1. */
  private int returnIndent = -1;
  private int returnDepth;

  /**
   * go/printer's indentList for the results of the return at r: they span lines and an element
   * starts on a later line than the one before ends, or more than one element spans lines.
   */
  private boolean indentList(int r) {
    List<int[]> elems = new ArrayList<>(); // first and last line of each element
    int d = 0;
    int startLine = -1;
    int endLine = -1;
    for (int j = r + 1; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      if (d == 0 && (t.is(";") || t.is("}") || startLine >= 0 && t.nlBefore() > 0
          && !continues(lastCode(j)) && !lastCode(j).is(","))) {
        break;
      }
      if (startLine < 0) {
        startLine = t.line();
      }
      if (t.is(",") && d == 0) {
        elems.add(new int[] {startLine, endLine});
        startLine = -1;
        continue;
      }
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      }
      endLine = t.line() + (int) t.text().chars().filter(c -> c == '\n').count();
    }
    if (startLine >= 0) {
      elems.add(new int[] {startLine, endLine});
    }
    if (elems.size() < 2 || elems.get(0)[0] >= elems.get(elems.size() - 1)[1]) {
      return false;
    }
    int multi = 0;
    int line = elems.get(0)[0];
    for (int[] e : elems) {
      if (line < e[0]) {
        return true;
      }
      if (e[0] < e[1]) {
        multi++;
      }
      line = e[1];
    }
    return multi > 1;
  }

  /** The colon that ended the last case clause's header (its statements start a section). */
  private Tok caseColon;
  private int caseDepth = -1;

  enum K { BLOCK, FUNC, SWITCH, STRUCT, IFACE, COMPOSITE, PAREN, BRACKET, GROUP_VAR, GROUP_TYPE, GROUP_IMPORT }

  /** An open bracket. */
  static final class Open {
    final String ch;
    final K kind;
    final int lineIndent;
    final int outLine;
    boolean oneLine;
    /** For "[": blanks around the colons of a slice expression. */
    boolean sliceBlanks;
    /** GROUP_VAR: per spec line, whether the type column is kept. */
    List<Boolean> keepType;
    int specIndex = -1;
    /** COMPOSITE: the number of elements; the exprList alignment state. */
    int elements;
    int elementIndex;
    int prevSize;
    double lnsum;
    int count;
    int prevBreak;
    int prevLine = -1;
    /** COMPOSITE: the index of the current element's key colon that ends an aligned cell, or -1. */
    int alignedColon = -1;

    Open(String ch, K kind, int lineIndent, int outLine) {
      this.ch = ch;
      this.kind = kind;
      this.lineIndent = lineIndent;
      this.outLine = outLine;
    }
  }

  /**
   * A header waiting for its "{": keyword "functype" is a function type's "func", whose results
   * are laid out as a function's but which has no body (a "{" after it opens a composite literal).
   */
  record Header(String keyword, int depth, int lineIndent) {
    boolean isFunc() {
      return keyword.equals("func") || keyword.equals("functype");
    }
  }

  private Formatter(List<Tok> toks, ExprLayout layout) {
    this.toks = toks;
    this.layout = layout;
    this.statementList = hasTopLevelStatement(toks);
  }

  /**
   * A script with statements at top level is formatted as gofmt formats a statement list: its
   * var, const and type declarations are statements, with no blank lines added around them.
   */
  private final boolean statementList;

  private static boolean hasTopLevelStatement(List<Tok> toks) {
    int d = 0;
    for (int j = 0; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (d == 0 && !t.isComment() && (j == 0 || t.nlBefore() > 0 || toks.get(j - 1).is(";"))
          && !t.is(";") && !DECLS.contains(t.text())) {
        return true;
      }
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      }
    }
    return false;
  }

  /**
   * Formats {@code src}; a file gol's parser rejects throws its first error, in gc's words (gofmt's
   * report of the file comes from {@link SyntaxCheck}).
   */
  static String format(String name, String src) throws Lexer.SyntaxError {
    List<Tok> toks = Lexer.lex(src);
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
    toks = FuncTypeConversions.parenthesize(toks, layout);
    Formatter fm = new Formatter(toks, layout);
    return fm.run();
  }

  private String run() {
    for (int i = 0; i < toks.size(); i++) {
      token(i);
    }
    finishLine();
    return Aligner.render(out);
  }

  private int depth() {
    return stack.size();
  }

  private Open top() {
    return stack.peek();
  }

  private Tok prevTok(int i) {
    return i > 0 ? toks.get(i - 1) : null;
  }

  /**
   * Whether the "(" at i after a top-level "func" opens a method's receiver (a name follows its
   * ")"), not a script's function literal called at top level.
   */
  private boolean receiverAt(int i) {
    int depth = 0;
    for (int j = i; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.is("(")) {
        depth++;
      } else if (t.is(")") && --depth == 0) {
        Tok n = nextCode(j);
        return n != null && n.kind() == Kind.IDENT;
      }
    }
    return false;
  }

  /** Whether the "]" at i ends an array or slice type's brackets ("[]T", "[4]T"). */
  private boolean closesTypeBracket(int i) {
    int d = 0;
    for (int j = i; j >= 0; j--) {
      Tok t = toks.get(j);
      if (t.is("]")) {
        d++;
      } else if (t.is("[") && --d == 0) {
        return layout.typeBrackets.contains(t.pos());
      }
    }
    return false;
  }

  /** The next token that is not a comment, or null. */
  private Tok nextCode(int i) {
    for (int j = i + 1; j < toks.size(); j++) {
      if (!toks.get(j).isComment()) {
        return toks.get(j);
      }
    }
    return null;
  }

  private int nextCodeIndex(int i) {
    for (int j = i + 1; j < toks.size(); j++) {
      if (!toks.get(j).isComment()) {
        return j;
      }
    }
    return -1;
  }

  /** The last token emitted before i that is not a comment. */
  private Tok lastCode(int i) {
    for (int j = i - 1; j >= 0; j--) {
      if (!toks.get(j).isComment()) {
        return toks.get(j);
      }
    }
    return null;
  }

  // ---- the main walk ----

  private void token(int i) {
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
    if (forceBreak && t.isComment() && t.nlBefore() == 0) {
      newline = false; // a trailing comment stays after the statement it follows
    }
    if (newline) {
      Tok lc = lastCode(i);
      if (lc != null && lc.endsStatement()) {
        // a statement ended: a func type without body leaves no header pending
        while (!headers.isEmpty() && headers.peek().depth == depth()) {
          headers.pop();
        }
      }
      boolean blank = t.nlBefore() > 1 && cur != null && !groupEdge(i, t);
      if (cur != null) {
        endOfLine(i);
      }
      finishLine();
      blank |= needsDeclBlank(i);
      if (blank && !out.isEmpty()) {
        out.add(Aligner.Line.blank());
      }
      cur = new Aligner.Line(indentFor(i));
      cur.depth = depth();
      cur.section = sectionBreak(i);
      forceBreak = false;
      lineStart(i, t);
    } else if (p != null) {
      gap(i, p, t);
    }
    elementStart(i, t, newline);
    emit(i, t);
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

  /** The indentation of the lines holding the first tokens of {@link ExprLayout#binaryStarts}. */
  private final java.util.Map<Long, Integer> binaryStartIndent = new java.util.HashMap<>();

  /** The index of the last label's ":" emitted. */
  private int labelColon = -1;

  /** Whether the ":" at i ends a statement label. */
  private boolean isLabelColon(int i) {
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
  private boolean afterLabel(int i) {
    int j = i - 1;
    while (j >= 0 && toks.get(j).isComment()) {
      j--;
    }
    Tok n = nextCode(i);
    return j >= 0 && j == labelColon && n != null && !n.is("}");
  }

  /**
   * Whether t is the first line inside, or the closing bracket of, a declaration group, struct or
   * interface: gofmt keeps no blank line there, unless a comment is on the other side of it.
   */
  private boolean groupEdge(int i, Tok t) {
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

  /** Whether the ';' at hand stays: in a for/if/switch header or a one-line body. */
  private boolean keepSemicolon() {
    Header h = headers.peek();
    if (h != null && h.depth == depth() && !h.isFunc() && !h.keyword.equals("else")) {
      return true;
    }
    Open o = top();
    return o != null && o.oneLine;
  }

  /** Breaks gofmt adds: after a block's "{", before its "}", after a case clause's ":". */
  private boolean forceBreakBefore(int i) {
    Tok t = toks.get(i);
    Tok p = lastCode(i);
    if (p == null) {
      return false;
    }
    Open o = top();
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
  private boolean needsDeclBlank(int i) {
    if (depth() != 0 || out.isEmpty()) {
      return false;
    }
    Tok t = toks.get(i);
    Tok prev = i > 0 ? toks.get(i - 1) : null;
    if (t.isComment()) {
      Tok last = lastCode(i);
      return prev != null && !prev.isComment() && !continues(last);
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

  private static final Set<String> DECLS = Set.of("package", "import", "const", "var", "type", "func");

  /** A new line at the top of a var/const group starts a spec. */
  private void lineStart(int i, Tok t) {
    Open o = top();
    if (o != null && o.kind == K.GROUP_VAR && !t.isComment() && !t.is(")")) {
      o.specIndex++;
      specValues = false;
      specTypeCol = false;
    }
    Tok last = lastCode(i);
    if (last != null && (t.isComment() ? continues(last) : continues(last) || listContinues(last, o))) {
      cur.continuation = true;
    } else if (!t.isComment()) {
      returnIndent = -1; // a new statement
    }
  }

  /**
   * Whether a line after last continues a statement's expression list (return a,\n b): go/printer
   * indents an expression list's later lines once.
   */
  private boolean listContinues(Tok last, Open o) {
    return last.is(",") && o != null && (o.kind == K.BLOCK || o.kind == K.FUNC) && !inCaseHeader;
  }

  /**
   * go/printer's exprList for the elements of a composite literal: a key: value element that
   * starts a line and fits on it ends its key in an aligned cell; a new section (no alignment
   * with the lines above) starts after a multi-line element, after a line with several elements,
   * or when the key's size is far from the geometric mean of the keys before it.
   */
  private void elementStart(int i, Tok t, boolean newline) {
    Open o = top();
    if (o == null || o.kind != K.COMPOSITE || t.isComment() || t.is("}")) {
      return;
    }
    int lc = -1;
    for (int j = i - 1; j >= 0; j--) {
      if (!toks.get(j).isComment()) {
        lc = j;
        break;
      }
    }
    if (lc < 0 || !(toks.get(lc).is(",") || toks.get(lc).is("{"))) {
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
    if (index > 0 && needsLinebreak && newline) {
      cur.section = useFF || o.prevBreak + 1 < index;
      o.prevBreak = index;
      if (t.nlBefore() > 1) {
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
  private int elementEnd(int i) {
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

  /** Whether a token in [from, to] spans lines (a raw string or a block comment with newlines). */
  private boolean hasNewline(int from, int to) {
    for (int j = from; j <= to; j++) {
      if (toks.get(j).text().indexOf('\n') >= 0) {
        return true;
      }
    }
    return false;
  }

  /** The index of the element's key-value colon (at the element's top level), or -1. */
  private int pairColon(int i, int end) {
    int d = 0;
    for (int j = i; j <= end; j++) {
      Tok t = toks.get(j);
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      } else if (t.is(":") && d == 0) {
        return j;
      }
    }
    return -1;
  }

  /** An estimate of the formatted width of tokens from..to (go/printer's nodeSize). */
  private int width(int from, int to) {
    int w = 0;
    for (int j = from; j <= to; j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      w += t.text().codePointCount(0, t.text().length());
      if (j < to) {
        Tok n = toks.get(j + 1);
        if (t.is(",") || t.is(":") && !(top() != null && top().ch.equals("["))
            || Boolean.TRUE.equals(layout.binaryBlank.get(t.pos())) || Boolean.TRUE.equals(layout.binaryBlank.get(n.pos()))
            || isAssign(t) || isAssign(n) || isWordy(t) && isWordy(n) || t.is("{") && false) {
          w++;
        }
      }
    }
    return w;
  }

  private boolean lineHasCode() {
    return false;
  }

  /** What the last line ended with, to know if the next one continues a statement. */
  private void endOfLine(int i) {
  }

  private void finishLine() {
    if (cur != null) {
      out.add(cur);
      cur = null;
    }
  }

  private int indentFor(int i) {
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

  private Aligner.Line lastLine() {
    for (int k = out.size() - 1; k >= 0; k--) {
      if (!out.get(k).isBlank()) {
        return out.get(k);
      }
    }
    return null;
  }

  private int lastLineIndent() {
    for (int k = out.size() - 1; k >= 0; k--) {
      if (!out.get(k).isBlank()) {
        return out.get(k).indent;
      }
    }
    return 0;
  }

  /** Whether a line ending with {@code last} leaves its statement unfinished. */
  private static boolean continues(Tok last) {
    if (last.kind() != Kind.OP) {
      return false;
    }
    switch (last.text()) {
      case ")", "]", "}", "++", "--", ";", ":", "{", "(", "[", ",", ".":
        return false;
      default:
        return true;
    }
  }

  private static boolean isCloser(Tok t, Open o) {
    return (t.is("}") && o.ch.equals("{")) || (t.is(")") && o.ch.equals("(")) || (t.is("]") && o.ch.equals("["));
  }

  /** Whether the line starting with token i begins a new alignment section (gofmt's formfeed). */
  private boolean sectionBreak(int i) {
    Tok t = toks.get(i);
    Tok last = lastCode(i);
    if (last == null) {
      return true;
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
    // go/printer starts a section at every case clause (a switch body's statement list has no
    // indent, so each of its items is a new section) and at a clause's first statement
    boolean clause = (t.is("case") || t.is("default")) && top() != null && top().kind == K.SWITCH;
    if (clause || last == caseColon) {
      return true;
    }
    // the previous item spanned several lines
    Aligner.Line prev = out.isEmpty() ? null : out.get(out.size() - 1);
    if (prev != null && prev.startsWithCloser) {
      return true;
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

  // ---- spacing ----

  private void gap(int i, Tok p, Tok t) {
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

  private String gapText(int i, Tok p, Tok t) {
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
        boolean results = h != null && h.isFunc() && h.depth == depth()
            || o != null && o.kind == K.IFACE;
        return results ? " " : "";
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

  private boolean lineStartsWith(String kw) {
    return cur != null && cur.firstToken != null && cur.firstToken.equals(kw);
  }

  /**
   * Whether the "<-" at k makes the channel type before it send-only (chan<- T) rather than
   * begin a receive-only one (<-chan T): it follows a "chan" that is not itself a "<-chan".
   */
  private boolean isSendArrow(int k) {
    return k > 0 && toks.get(k).is("<-") && toks.get(k - 1).is("chan") && !isRecvChan(k - 1);
  }

  private boolean isRecvChan(int c) {
    return c > 0 && toks.get(c).is("chan") && toks.get(c - 1).is("<-") && !isSendArrow(c - 1);
  }

  private static boolean isWordy(Tok t) {
    return t.kind() != Kind.OP && t.kind() != Kind.COMMENT;
  }

  private static boolean endsOperand(Tok t) {
    return t.kind() == Kind.IDENT || t.kind() == Kind.NUMBER || t.kind() == Kind.STRING
        || t.kind() == Kind.CHAR || t.is(")") || t.is("]") || t.is("}");
  }

  private static final Set<String> ASSIGN = Set.of("=", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
      "^=", "<<=", ">>=", "&^=");

  private static boolean isAssign(Tok t) {
    return t.kind() == Kind.OP && ASSIGN.contains(t.text());
  }

  private static final Set<String> UNARY = Set.of("+", "-", "!", "^", "*", "&", "<-", "~");

  private boolean isUnaryOp(Tok t) {
    return t.kind() == Kind.OP && UNARY.contains(t.text()) && !layout.binaryBlank.containsKey(t.pos());
  }

  private boolean isSendOrBinary(Tok t) {
    return layout.binaryBlank.containsKey(t.pos());
  }

  // ---- emitting a token and tracking brackets ----

  /** The kind the "{" being emitted opens (set before its gap is computed). */
  private Open pendingOpenKind;

  private void emit(int i, Tok t) {
    if (t.is("{")) {
      pendingOpenKind = null;
    }
    String text = t.text();
    if (t.isComment()) {
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

  private void plain(int i, Tok t) {
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
      if (h != null && h.isFunc() && h.depth == depth()) {
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

  private boolean specValues;
  private boolean specTypeCol;
  /** The current composite element is a key: value pair whose colon ends an aligned cell. */

  private boolean atSpecTop() {
    return true;
  }

  /** A struct tag: a string literal directly in a field line, after its type. */
  private boolean isTag(int i) {
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    return n == null || n.nlBefore() > 0 || n.isComment() || n.is(";") || n.is("}");
  }

  private void afterToken(int i, Tok t) {
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

  private boolean nextIs(int i, String s) {
    Tok n = nextCode(i);
    return n != null && n.is(s);
  }

  private boolean lineEndsAfter(int i) {
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    return n == null || n.nlBefore() > 0 || n.lineComment() || n.is(";") || n.is(")") && depth() > 0;
  }

  /**
   * Whether the identifier at i ends the names of a field or spec at the start of its line
   * (names are "a" or "a, b, c" followed by the type or "=").
   */
  private boolean namesEndAt(int i) {
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

  private void keyword(int i, Tok t) {
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

  private void openBrace(int i, Tok t) {
    Tok p = lastCode(i);
    K kind;
    boolean afterFuncType = false;
    while (!headers.isEmpty() && headers.peek().keyword.equals("functype") && headers.peek().depth == depth()) {
      headers.pop(); // a function type's header ends where something else begins
      afterFuncType = true;
    }
    Header h = headers.peek();
    if (p != null && (p.is("struct") || p.is("interface"))) {
      kind = p.is("struct") ? K.STRUCT : K.IFACE;
    } else if (afterFuncType && p != null && !p.is(";") && !(h != null && h.keyword.equals("func") && h.depth == depth())) {
      kind = K.COMPOSITE; // []func() int{f, g}, also in a for or if header
    } else if (h != null && h.depth == depth() && !headerComposite(i)) {
      headers.pop();
      kind = switch (h.keyword) {
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
    if ((kind == K.BLOCK || kind == K.FUNC || kind == K.SWITCH) && h != null && h.depth == depth()
        && !headers.contains(h)) {
      lineIndent = h.lineIndent; // the block of a header continued over several lines
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

  private void fixGapBeforeBrace(int i, Open o) {
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
  private boolean headerComposite(int i) {
    Header h = headers.peek();
    if (h == null || h.isFunc() || h.keyword.equals("else")) {
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

  /** The output column where the last func keyword began (for the one-line body rule). */
  private int funcStartCol;

  private boolean fitsOneLine(int open, int close) {
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
        commentWidth += t.text().codePointCount(0, t.text().length()); // bodySize counts comments
        continue;
      }
      any = true;
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      } else if (t.is(";") && d == 0) {
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

  private int fieldCount(int open, int close) {
    int n = 0;
    int d = 0;
    boolean any = false;
    for (int j = open + 1; j < close; j++) {
      Tok t = toks.get(j);
      any = true;
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      } else if (t.is(";") && d == 0) {
        n++;
      }
    }
    if (any && !toks.get(close - 1).is(";")) {
      n++;
    }
    return n;
  }

  /** go/printer's limit on the size of the one field of a struct or interface kept on one line. */
  private static final int ONE_LINE_FIELD = 30;

  /**
   * The size go/printer's isOneLineFieldList gives the only field between open and close: 1 for
   * its names, if any, plus its type's formatted length (a method's type is "func" and its
   * signature).
   */
  private int oneFieldSize(int open, int close) {
    int from = open + 1;
    int to = close;
    if (to > from && toks.get(to - 1).is(";")) {
      to--;
    }
    if (to <= from) {
      return 0;
    }
    Tok first = toks.get(from);
    Tok second = from + 1 < to ? toks.get(from + 1) : null;
    if (second != null && second.is("(") && first.kind() == Kind.IDENT) {
      return 1 + "func".length() + textSize(from + 1, to); // a method
    }
    int j = from;
    while (j + 1 < to && toks.get(j).kind() == Kind.IDENT && toks.get(j + 1).is(",")) {
      j += 2;
    }
    Tok after = j + 1 < to ? toks.get(j + 1) : null;
    boolean named = after != null && toks.get(j).kind() == Kind.IDENT && !after.is(".") && !after.is("|")
        && (!after.is("[") || j > from || !layout.genericNames.contains(toks.get(j).pos()));
    return named ? 1 + textSize(j + 1, to) : textSize(from, to);
  }

  /** The length of tokens [from, to) printed on one line with gofmt's blanks (approximately). */
  private int textSize(int from, int to) {
    int n = 0;
    for (int j = from; j < to; j++) {
      Tok t = toks.get(j);
      n += t.text().length();
      if (j > from) {
        Tok p = toks.get(j - 1);
        boolean wordyP = isWordy(p) || p.is(")") || p.is("}");
        if (p.is(",") || p.is("|") || t.is("|") || p.is("{") && !t.is("}") || t.is("}") && !p.is("{")
            || wordyP && (isWordy(t) || p.is(")") && t.is("("))) {
          n++;
        }
      }
    }
    return n;
  }

  private boolean hasComment(int open, int close) {
    for (int j = open + 1; j < close; j++) {
      if (toks.get(j).isComment()) {
        return true;
      }
    }
    return false;
  }

  private int countElements(int open, int close) {
    if (close < 0) {
      return 0;
    }
    int n = 0;
    int d = 0;
    boolean any = false;
    for (int j = open + 1; j < close; j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      } else if (t.is(",") && d == 0) {
        n++;
        any = false;
        continue;
      }
      any = true;
    }
    return any ? n + 1 : n;
  }

  /** The index of the bracket closing the one at i, or -1. */
  private int matching(int i) {
    int d = 0;
    for (int j = i; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.kind() != Kind.OP) {
        continue;
      }
      switch (t.text()) {
        case "(", "[", "{" -> d++;
        case ")", "]", "}" -> {
          d--;
          if (d == 0) {
            return j;
          }
        }
        default -> {
        }
      }
    }
    return -1;
  }

  /**
   * Whether the "(" at i opens a result list holding one unnamed type, which gofmt prints without
   * parentheses: "func f() (int)" is "func f() int".
   */
  private boolean strippableResult(int i) {
    Tok p = lastCode(i);
    Open o = top();
    Header h = headers.peek();
    boolean results = p != null && p.is(")") && (h != null && h.isFunc() && h.depth == depth()
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

  private void openParen(int i, Tok t) {
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
  private List<Boolean> keepTypeColumn(int open, int close) {
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

  private void openBracket(int i, Tok t) {
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

  /** The kind of the bracket closed last. */
  private K lastClosed;

  private void close(int i, Tok t) {
    Open o = stack.isEmpty() ? null : stack.pop();
    lastClosed = o == null ? null : o.kind;
    // pending headers opened inside the bracket are over
    while (!headers.isEmpty() && headers.peek().depth > depth()) {
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

  // ---- line starts ----

  static final class State {
  }
}
