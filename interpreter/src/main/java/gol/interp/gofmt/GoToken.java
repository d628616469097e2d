package gol.interp.gofmt;

import java.util.HashMap;
import java.util.Map;

/**
 * go/token's tokens, named as go/parser names them in its messages ({@code expected ')'},
 * {@code found 'EOF'}, {@code expected 'IDENT'}), with the binary operators' precedences.
 */
enum GoToken {
  ILLEGAL("ILLEGAL"), EOF("EOF"), COMMENT("COMMENT"),
  IDENT("IDENT"), INT("INT"), FLOAT("FLOAT"), IMAG("IMAG"), CHAR("CHAR"), STRING("STRING"),

  ADD("+"), SUB("-"), MUL("*"), QUO("/"), REM("%"), AND("&"), OR("|"), XOR("^"), SHL("<<"), SHR(">>"),
  AND_NOT("&^"), ADD_ASSIGN("+="), SUB_ASSIGN("-="), MUL_ASSIGN("*="), QUO_ASSIGN("/="), REM_ASSIGN("%="),
  AND_ASSIGN("&="), OR_ASSIGN("|="), XOR_ASSIGN("^="), SHL_ASSIGN("<<="), SHR_ASSIGN(">>="),
  AND_NOT_ASSIGN("&^="), LAND("&&"), LOR("||"), ARROW("<-"), INC("++"), DEC("--"), EQL("=="), LSS("<"),
  GTR(">"), ASSIGN("="), NOT("!"), NEQ("!="), LEQ("<="), GEQ(">="), DEFINE(":="), ELLIPSIS("..."),
  LPAREN("("), LBRACK("["), LBRACE("{"), COMMA(","), PERIOD("."), RPAREN(")"), RBRACK("]"), RBRACE("}"),
  SEMICOLON(";"), COLON(":"), TILDE("~"),

  BREAK("break"), CASE("case"), CHAN("chan"), CONST("const"), CONTINUE("continue"), DEFAULT("default"),
  DEFER("defer"), ELSE("else"), FALLTHROUGH("fallthrough"), FOR("for"), FUNC("func"), GO("go"), GOTO("goto"),
  IF("if"), IMPORT("import"), INTERFACE("interface"), MAP("map"), PACKAGE("package"), RANGE("range"),
  RETURN("return"), SELECT("select"), STRUCT("struct"), SWITCH("switch"), TYPE("type"), VAR("var");

  final String text;

  GoToken(String text) {
    this.text = text;
  }

  private static final Map<String, GoToken> KEYWORDS = new HashMap<>();

  static {
    for (GoToken t : values()) {
      if (t.ordinal() >= BREAK.ordinal()) {
        KEYWORDS.put(t.text, t);
      }
    }
  }

  /** The keyword spelled {@code word}, or IDENT. */
  static GoToken lookup(String word) {
    return KEYWORDS.getOrDefault(word, IDENT);
  }

  /** Identifiers and basic literals: a message names them by their text, not their kind. */
  boolean isLiteral() {
    return ordinal() >= IDENT.ordinal() && ordinal() <= STRING.ordinal();
  }

  /** The precedence of a binary operator; 0 for any other token. */
  int precedence() {
    switch (this) {
      case LOR:
        return 1;
      case LAND:
        return 2;
      case EQL, NEQ, LSS, LEQ, GTR, GEQ:
        return 3;
      case ADD, SUB, OR, XOR:
        return 4;
      case MUL, QUO, REM, SHL, SHR, AND, AND_NOT:
        return 5;
      default:
        return 0;
    }
  }

  /** The assignment operators, {@code :=} included. */
  boolean isAssign() {
    switch (this) {
      case DEFINE, ASSIGN, ADD_ASSIGN, SUB_ASSIGN, MUL_ASSIGN, QUO_ASSIGN, REM_ASSIGN, AND_ASSIGN, OR_ASSIGN,
          XOR_ASSIGN, SHL_ASSIGN, SHR_ASSIGN, AND_NOT_ASSIGN:
        return true;
      default:
        return false;
    }
  }
}
