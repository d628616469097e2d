package gol.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;
import org.junit.jupiter.api.Test;

/**
 * Go's semicolon rules (spec, "Semicolons"), checked on the token stream of {@link GolScanner}
 * (the run-time lexer) and of {@link GolLexer} + {@link SemicolonInserter} (the reference).
 * A token is written as its text, an inserted semicolon as {@code ⏎} (newline) or {@code ⊣} (EOF).
 */
class SemicolonInsertionTest {

  static String tokens(TokenSource src) {
    List<String> out = new ArrayList<>();
    for (Token t = src.nextToken(); t.getType() != Token.EOF; t = src.nextToken()) {
      if (t.getType() == GolParser.SEMI) {
        out.add(t.getText().equals("\n") ? "⏎" : t.getText().isEmpty() ? "⊣" : ";");
      } else {
        out.add(t.getText());
      }
    }
    return String.join(" ", out);
  }

  static String scan(String src) {
    String fast = tokens(new GolScanner(src, (l, c, m) -> { }));
    GolLexer lexer = new GolLexer(org.antlr.v4.runtime.CharStreams.fromString(src));
    lexer.removeErrorListeners();
    String ref = tokens(new SemicolonInserter(lexer, (l, c, m) -> { }));
    assertEquals(ref, fast, "GolScanner and GolLexer+SemicolonInserter disagree");
    return fast;
  }

  @Test
  void newlineAfterIdentifierLiteralAndClosersIsASemicolon() {
    assertEquals("x ⏎ 42 ⏎ 1.5 ⏎ 2i ⏎ 'a' ⏎ \"s\" ⏎ `r` ⏎", scan("x\n42\n1.5\n2i\n'a'\n\"s\"\n`r`\n"));
    assertEquals("f ( ) ⏎ a [ 0 ] ⏎ { } ⏎ x ++ ⏎ y -- ⏎", scan("f()\na[0]\n{}\nx++\ny--\n"));
  }

  @Test
  void newlineAfterTheFourKeywordsIsASemicolon() {
    assertEquals("break ⏎ continue ⏎ fallthrough ⏎ return ⏎", scan("break\ncontinue\nfallthrough\nreturn\n"));
  }

  @Test
  void newlineAfterOtherTokensIsDropped() {
    assertEquals("x := 1 + 2", scan("x :=\n1 +\n2").replace(" ⊣", ""));
    assertEquals("f ( a , b ) ⏎", scan("f(\na,\nb)\n"));
    assertEquals("if x { y ⏎ }", scan("if x {\ny\n}").replace(" ⊣", ""));
    assertEquals("func ( ) ⏎", scan("func\n(\n)\n"));
    assertEquals("x . y ⏎", scan("x.\ny\n"));
    assertEquals("else {", scan("else\n{"));
    assertEquals("var ( x int ⏎ )", scan("var (\nx int\n)").replace(" ⊣", ""));
  }

  @Test
  void blankLinesGiveOneSemicolon() {
    assertEquals("a ⏎ b ⏎", scan("\n\na\n\n\nb\n\n"));
  }

  @Test
  void semicolonAtEofUnderTheSameRule() {
    assertEquals("x ⊣", scan("x"));
    assertEquals("} ⊣", scan("}"));
    assertEquals("x +", scan("x +"));
    assertEquals("", scan(""));
  }

  @Test
  void writtenSemicolonsStay() {
    assertEquals("a ; b ; c ⏎", scan("a; b; c\n"));
    assertEquals("a ;", scan("a;\n")); // ';' does not trigger: the newline after it is dropped
  }

  @Test
  void commentsActLikeWhatTheyContain() {
    // a line comment ends at the newline, which still counts
    assertEquals("x ⏎ y ⏎", scan("x // c\ny\n"));
    assertEquals("x ⊣", scan("x // c"));
    // a general comment with a newline acts like a newline, without one like a space
    assertEquals("x ⏎ y ⏎", scan("x /* a\nb */ y\n"));
    assertEquals("x y ⏎", scan("x /* a */ y\n"));
    assertEquals("x + y ⏎", scan("x + /*\n*/ y\n"));
  }

  @Test
  void insertedSemicolonsSitAtTheNewline() {
    List<Token> ts = new ArrayList<>();
    GolScanner s = new GolScanner("ab\n  cd", (l, c, m) -> { });
    for (Token t = s.nextToken(); t.getType() != Token.EOF; t = s.nextToken()) {
      ts.add(t);
    }
    assertEquals(4, ts.size());
    assertEquals(GolParser.SEMI, ts.get(1).getType());
    assertEquals(1, ts.get(1).getLine());
    assertEquals(2, ts.get(1).getCharPositionInLine());
    assertEquals("newline", SemicolonInserter.describeSemi(ts.get(1)));
    assertEquals(2, ts.get(3).getLine()); // at EOF
    assertEquals(4, ts.get(3).getCharPositionInLine());
    assertEquals("EOF", SemicolonInserter.describeSemi(ts.get(3)));
  }
}
