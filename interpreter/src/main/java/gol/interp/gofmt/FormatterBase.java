package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The state of one gol fmt run that its parts share (the output lines, the open brackets, the
 * block headers waiting for their "{", what the last lines were) and what they read of the
 * token list: the neighbours of a token, the bracket matching one, and the sizes go/printer
 * measures (a field list's, a composite's elements, a one-line body's width). The formatter is
 * one object split over four classes by concern, as the compiler is: this one, {@link Spacing}
 * (the blanks between tokens), {@link Brackets} (keywords and brackets: one-line bodies, stripped
 * parentheses, type columns) and {@link Formatter} (the walk: line breaks, indentation, sections,
 * emitting tokens).
 */
abstract class FormatterBase {
  final List<Tok> toks;

  final ExprLayout layout;

  final List<Aligner.Line> out = new ArrayList<>();

  Aligner.Line cur;

  final Deque<Open> stack = new ArrayDeque<>();

  /** Block headers (if, for, switch, select, else, func) waiting for their "{": keyword and depth. */
  final Deque<Header> headers = new ArrayDeque<>();

  /** Kind of the last top-level declaration: "package", "import", "func", ... */
  String lastDecl = "";

  boolean forceBreak;

  /** Whether the current line continues a statement begun on an earlier line, and that statement's indent. */
  int stmtIndent;

  boolean inCaseHeader;

  /** The indentation of a return statement whose results are indented wholesale, or -1. */
  int returnIndent = -1;

  int returnDepth;

  /**
   * go/printer's indentList for the results of the return at r: they span lines and an element
   * starts on a later line than the one before ends, or more than one element spans lines.
   */
  boolean indentList(int r) {
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
      d += nesting(t);
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
  Tok caseColon;

  int caseDepth = -1;

  enum K { BLOCK, FUNC, SWITCH, STRUCT, IFACE, COMPOSITE, PAREN, BRACKET, GROUP_VAR, GROUP_TYPE, GROUP_IMPORT }

  /** An open bracket. */
  static final class Open {
    final String ch;
    final K kind;
    final int lineIndent;
    final int outLine;
    boolean oneLine;
    /** For "(": a call's or conversion's arguments. */
    boolean call;
    /** For "[": blanks around the colons of a slice expression. */
    boolean sliceBlanks;
    /** GROUP_VAR: per spec line, whether the type column is kept. */
    List<Boolean> keepType;
    int specIndex = -1;
    /** GROUP_VAR: the index in the output of the current spec's first line, or -1. */
    int specStartOut = -1;
    /** COMPOSITE: the number of elements; the exprList alignment state. */
    int elements;
    int elementIndex;
    int prevSize;
    double lnsum;
    int count;
    /** COMPOSITE: the index of the last element a line break preceded; -1 before the first. */
    int prevBreak = -1;
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

  /**
   * A script with statements at top level is formatted as gofmt formats a statement list: its
   * var, const and type declarations are statements, with no blank lines added around them.
   */
  final boolean statementList;

  FormatterBase(List<Tok> toks, ExprLayout layout) {
    this.toks = toks;
    this.layout = layout;
    this.statementList = hasTopLevelStatement(toks);
  }

  /** How t changes the bracket depth: 1 for "(", "[" and "{", -1 for their closers, else 0. */
  static int nesting(Tok t) {
    if (t.is("(") || t.is("[") || t.is("{")) {
      return 1;
    }
    return t.is(")") || t.is("]") || t.is("}") ? -1 : 0;
  }

  static boolean hasTopLevelStatement(List<Tok> toks) {
    int d = 0;
    Tok lastCode = null;
    for (int j = 0; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      // a line that starts a statement (not one continuing a declaration: "var x = a +\n\tb")
      boolean starts = lastCode == null || lastCode.is(";") || t.nlBefore() > 0 && lastCode.endsStatement();
      if (d == 0 && starts && !t.is(";") && !DECLS.contains(t.text())) {
        return true;
      }
      d += nesting(t);
      lastCode = t;
    }
    return false;
  }

  int depth() {
    return stack.size();
  }

  Open top() {
    return stack.peek();
  }

  Tok prevTok(int i) {
    return i > 0 ? toks.get(i - 1) : null;
  }

  /**
   * Whether the "(" at i after a top-level "func" opens a method's receiver (a name follows its
   * ")"), not a script's function literal called at top level.
   */
  boolean receiverAt(int i) {
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
  boolean closesTypeBracket(int i) {
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
  Tok nextCode(int i) {
    for (int j = i + 1; j < toks.size(); j++) {
      if (!toks.get(j).isComment()) {
        return toks.get(j);
      }
    }
    return null;
  }

  int nextCodeIndex(int i) {
    for (int j = i + 1; j < toks.size(); j++) {
      if (!toks.get(j).isComment()) {
        return j;
      }
    }
    return -1;
  }

  /** The last token emitted before i that is not a comment. */
  Tok lastCode(int i) {
    for (int j = i - 1; j >= 0; j--) {
      if (!toks.get(j).isComment()) {
        return toks.get(j);
      }
    }
    return null;
  }

  /** The indentation of the lines holding the first tokens of {@link ExprLayout#binaryStarts}. */
  final java.util.Map<Long, Integer> binaryStartIndent = new java.util.HashMap<>();

  /** The indentation of the line holding each code token emitted so far, by position. */
  final java.util.Map<Long, Integer> tokenIndent = new java.util.HashMap<>();

  /** The index of the last label's ":" emitted. */
  int labelColon = -1;

  static final Set<String> DECLS = Set.of("package", "import", "const", "var", "type", "func");

  /** Whether a token in [from, to] spans lines (a raw string or a block comment with newlines). */
  boolean hasNewline(int from, int to) {
    for (int j = from; j <= to; j++) {
      if (toks.get(j).text().indexOf('\n') >= 0) {
        return true;
      }
    }
    return false;
  }

  /** The index of the element's key-value colon (at the element's top level), or -1. */
  int pairColon(int i, int end) {
    int d = 0;
    for (int j = i; j <= end; j++) {
      Tok t = toks.get(j);
      int step = nesting(t);
      d += step;
      if (step == 0 && t.is(":") && d == 0) {
        return j;
      }
    }
    return -1;
  }

  /** The size go/printer's nodeSize counts for a token's text: its UTF-8 bytes. */
  static int byteSize(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  /** An estimate of the formatted width of tokens from..to (go/printer's nodeSize, in bytes). */
  int width(int from, int to) {
    int w = 0;
    for (int j = from; j <= to; j++) {
      Tok t = toks.get(j);
      if (t.isComment()) {
        continue;
      }
      w += byteSize(t.text());
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

  boolean lineHasCode() {
    return false;
  }

  Aligner.Line lastLine() {
    for (int k = out.size() - 1; k >= 0; k--) {
      if (!out.get(k).isBlank()) {
        return out.get(k);
      }
    }
    return null;
  }

  int lastLineIndent() {
    for (int k = out.size() - 1; k >= 0; k--) {
      if (!out.get(k).isBlank()) {
        return out.get(k).indent;
      }
    }
    return 0;
  }

  /** Whether a line ending with {@code last} leaves its statement unfinished. */
  static boolean continues(Tok last) {
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

  static boolean isCloser(Tok t, Open o) {
    return (t.is("}") && o.ch.equals("{")) || (t.is(")") && o.ch.equals("(")) || (t.is("]") && o.ch.equals("["));
  }

  boolean lineStartsWith(String kw) {
    return cur != null && cur.firstToken != null && cur.firstToken.equals(kw);
  }

  /**
   * Whether the "<-" at k makes the channel type before it send-only (chan<- T) rather than
   * begin a receive-only one (<-chan T): it follows a "chan" that is not itself a "<-chan".
   */
  boolean isSendArrow(int k) {
    return k > 0 && toks.get(k).is("<-") && toks.get(k - 1).is("chan") && !isRecvChan(k - 1);
  }

  boolean isRecvChan(int c) {
    return c > 0 && toks.get(c).is("chan") && toks.get(c - 1).is("<-") && !isSendArrow(c - 1);
  }

  static boolean isWordy(Tok t) {
    return t.kind() != Kind.OP && t.kind() != Kind.COMMENT;
  }

  static boolean endsOperand(Tok t) {
    return t.kind() == Kind.IDENT || t.kind() == Kind.NUMBER || t.kind() == Kind.STRING
        || t.kind() == Kind.CHAR || t.is(")") || t.is("]") || t.is("}");
  }

  static final Set<String> ASSIGN = Set.of("=", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
      "^=", "<<=", ">>=", "&^=");

  static boolean isAssign(Tok t) {
    return t.kind() == Kind.OP && ASSIGN.contains(t.text());
  }

  static final Set<String> UNARY = Set.of("+", "-", "!", "^", "*", "&", "<-", "~");

  boolean isUnaryOp(Tok t) {
    return t.kind() == Kind.OP && UNARY.contains(t.text()) && !layout.binaryBlank.containsKey(t.pos());
  }

  boolean isSendOrBinary(Tok t) {
    return layout.binaryBlank.containsKey(t.pos());
  }

  // ---- emitting a token and tracking brackets ----

  /** The kind the "{" being emitted opens (set before its gap is computed). */
  Open pendingOpenKind;

  boolean specValues;

  boolean specTypeCol;

  /** The current composite element is a key: value pair whose colon ends an aligned cell. */

  boolean atSpecTop() {
    return true;
  }

  /** A struct tag: a string literal directly in a field line, after its type. */
  boolean isTag(int i) {
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    return n == null || n.nlBefore() > 0 || n.isComment() || n.is(";") || n.is("}");
  }

  boolean nextIs(int i, String s) {
    Tok n = nextCode(i);
    return n != null && n.is(s);
  }

  boolean lineEndsAfter(int i) {
    Tok n = i + 1 < toks.size() ? toks.get(i + 1) : null;
    return n == null || n.nlBefore() > 0 || n.lineComment() || n.is(";") || n.is(")") && depth() > 0;
  }

  /** The output column where the last func keyword began (for the one-line body rule). */
  int funcStartCol;

  int fieldCount(int open, int close) {
    int n = 0;
    int d = 0;
    boolean any = false;
    for (int j = open + 1; j < close; j++) {
      Tok t = toks.get(j);
      any = true;
      int step = nesting(t);
      d += step;
      if (step == 0 && t.is(";") && d == 0) {
        n++;
      }
    }
    if (any && !toks.get(close - 1).is(";")) {
      n++;
    }
    return n;
  }

  /** go/printer's limit on the size of the one field of a struct or interface kept on one line. */
  static final int ONE_LINE_FIELD = 30;

  /**
   * The size go/printer's isOneLineFieldList gives the only field between open and close: 1 for
   * its names, if any, plus its type's formatted length (a method's type is "func" and its
   * signature).
   */
  int oneFieldSize(int open, int close) {
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
  int textSize(int from, int to) {
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

  boolean hasComment(int open, int close) {
    for (int j = open + 1; j < close; j++) {
      if (toks.get(j).isComment()) {
        return true;
      }
    }
    return false;
  }

  int countElements(int open, int close) {
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
      int step = nesting(t);
      d += step;
      if (step == 0 && t.is(",") && d == 0) {
        n++;
        any = false;
        continue;
      }
      any = true;
    }
    return any ? n + 1 : n;
  }

  /** The index of the bracket closing the one at i, or -1. */
  int matching(int i) {
    return balancing(i, 1);
  }

  /** The index of the bracket opening the one at i, or -1. */
  int matchingBack(int i) {
    return balancing(i, -1);
  }

  /** From the bracket at i, step by step (1 or -1) to the bracket that balances it, or -1. */
  private int balancing(int i, int step) {
    int d = 0;
    for (int j = i; j >= 0 && j < toks.size(); j += step) {
      Tok t = toks.get(j);
      if (t.kind() != Kind.OP) {
        continue;
      }
      switch (t.text()) {
        case "(", "[", "{" -> d += step;
        case ")", "]", "}" -> d -= step;
        default -> {
          continue;
        }
      }
      if (d == 0) {
        return j;
      }
    }
    return -1;
  }

  /** The kind of the bracket closed last. */
  K lastClosed;
}
