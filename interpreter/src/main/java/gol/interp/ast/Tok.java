package gol.interp.ast;

/** Operator tokens, as the AST records them (names as in Go's go/token). */
public enum Tok {
  ADD("+"), SUB("-"), MUL("*"), QUO("/"), REM("%"),
  AND("&"), OR("|"), XOR("^"), SHL("<<"), SHR(">>"), AND_NOT("&^"),
  LAND("&&"), LOR("||"), ARROW("<-"), NOT("!"),
  EQL("=="), NEQ("!="), LSS("<"), LEQ("<="), GTR(">"), GEQ(">="),
  INC("++"), DEC("--"),
  ASSIGN("="), DEFINE(":="),
  TILDE("~"); // (only in an expression, where the checker reports it: as in gc's parser)

  public final String text;

  Tok(String text) {
    this.text = text;
  }

  public boolean isComparison() {
    return this == EQL || this == NEQ || this == LSS || this == LEQ || this == GTR || this == GEQ;
  }

  public boolean isShift() {
    return this == SHL || this == SHR;
  }

  @Override
  public String toString() {
    return text;
  }
}
