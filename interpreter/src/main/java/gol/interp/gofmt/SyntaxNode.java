package gol.interp.gofmt;

import java.util.List;

/**
 * The little of a syntax tree that {@link SyntaxCheck} keeps: go/parser's recovery and messages
 * depend on what kind of expression or simple statement was just parsed (an identifier before
 * ':' is a label, a type before '{' starts a composite literal, a parameter list mixes named and
 * unnamed entries) and on where it starts and ends (an error is reported there). Positions are
 * byte offsets in the file.
 */
final class SyntaxNode {
  enum Kind {
    BAD, IDENT, BASIC_LIT, PAREN, SELECTOR, TYPE_ASSERT, INDEX, INDEX_LIST, SLICE, CALL, STAR, UNARY,
    BINARY, KEY_VALUE, COMPOSITE_LIT, FUNC_LIT, ARRAY_TYPE, STRUCT_TYPE, FUNC_TYPE, INTERFACE_TYPE,
    MAP_TYPE, CHAN_TYPE, ELLIPSIS,
    // simple statements
    EXPR_STMT, ASSIGN_STMT, SEND_STMT, INC_DEC_STMT, LABELED_STMT, BAD_STMT
  }

  /** A channel type's direction, as go/ast numbers them. */
  static final int SEND = 1;
  static final int RECV = 2;

  final Kind kind;
  /** Where the node starts; a channel type's start moves when "<-" is folded into it. */
  int pos;
  /** Just after the node's last token. */
  final int end;
  /** The operand (of a selector, call, index, unary, paren, star, chan value, assertion, key). */
  SyntaxNode x;
  /** The right operand of a binary expression. */
  SyntaxNode y;
  GoToken op;
  int opPos;
  /** A call's arguments; a statement's left-hand side. */
  List<SyntaxNode> list = List.of();
  /** An assignment's right-hand side. */
  List<SyntaxNode> rhs = List.of();
  /** A call with "..."; a type assertion ".(type)". */
  boolean flag;
  /** A channel type's direction and arrow position. */
  int dir;
  int arrow = -1;

  SyntaxNode(Kind kind, int pos, int end) {
    this.kind = kind;
    this.pos = pos;
    this.end = end;
  }

  static SyntaxNode of(Kind kind, int pos, int end, SyntaxNode x) {
    SyntaxNode n = new SyntaxNode(kind, pos, end);
    n.x = x;
    return n;
  }

  boolean is(Kind k) {
    return kind == k;
  }

  /** The expression inside any parentheses. */
  SyntaxNode unparen() {
    SyntaxNode n = this;
    while (n.kind == Kind.PAREN) {
      n = n.x;
    }
    return n;
  }
}
