package gol.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;
import org.junit.jupiter.api.Test;

/**
 * {@link GolScanner} must produce exactly what the lexer rules of Gol.g4 ({@link GolLexer}) and
 * {@link SemicolonInserter} produce: same types, texts, lines, columns and lexical errors.
 */
class GolScannerTest {

  record Scan(List<String> tokens, List<String> errors) {
  }

  static Scan run(TokenSource src, List<String> errors) {
    List<String> out = new ArrayList<>();
    for (Token t = src.nextToken(); ; t = src.nextToken()) {
      out.add(GolParser.VOCABULARY.getSymbolicName(t.getType()) + " " + quote(t.getText()) + " "
          + t.getLine() + ":" + t.getCharPositionInLine());
      if (t.getType() == Token.EOF) {
        return new Scan(out, errors);
      }
    }
  }

  static String quote(String s) {
    return "'" + s.replace("\n", "\\n") + "'";
  }

  static Scan reference(String src) {
    List<String> errors = new ArrayList<>();
    GolLexer lexer = new GolLexer(CharStreams.fromString(src));
    lexer.removeErrorListeners();
    return run(new SemicolonInserter(lexer, (l, c, m) -> errors.add(l + ":" + c + ": " + m)), errors);
  }

  static Scan fast(String src) {
    List<String> errors = new ArrayList<>();
    return run(new GolScanner(src, (l, c, m) -> errors.add(l + ":" + c + ": " + m)), errors);
  }

  static void assertSame(String src) {
    Scan r = reference(src);
    Scan f = fast(src);
    assertEquals(r.tokens, f.tokens, () -> "tokens differ for: " + quote(src));
    assertEquals(r.errors, f.errors, () -> "errors differ for: " + quote(src));
  }

  @Test
  void agreesOnEveryKindOfToken() {
    String[] cases = {
      "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"hi\") }\n",
      "break case chan const continue default defer else fallthrough for func go goto if import "
          + "interface map package range return select struct switch type var\n",
      "x _y z9 αβ 日本 ab_c x٣\n",
      "+ - * / % & | ^ << >> &^ += -= *= /= %= &= |= ^= <<= >>= &^= && || <- ++ -- == < > = ! ~ "
          + "!= <= >= := ... ( ) [ ] { } , ; . : ..\n",
      "0 7 42 1_000 0x1F 0X_ff 0o17 0O7 017 0b1010 0B_1 089 0x 0b12 1__0 1_\n",
      "1.5 1. .5 1e10 1E-3 1.5e+3 0x1p-2 0x1.8P+3 0x.8p1 0x1.8 1e 1e+ 01.5 08.5\n",
      "3i 1.5i 0x10i 0b1i 1e3i .5i 0123i\n",
      "0x1e+5 0x1E-2 0x1p+5 1p4 1.5p-2 0b1.0 0o7e1 0b1p2 0o.5 0x1e 1e5e5\n",
      "'a' '\\n' '\\x41' '\\u1234' '\\U00012345' '\\'' '日' '' 'ab'\n",
      "\"\" \"abc\" \"a\\\"b\" \"\\xff\" \"日本\" \"\\q\" `raw` `multi\nline` `日`\n",
      "x /* c */ y /* multi\nline */ z // end\nw\n",
      "a.b.c x.(T) x.(type) f(a...)\n",
      "5.String() 1..2 x.5\n",
      "\"unterminated\n'x\n\"ends with backslash\\\n",
      "@ # $ ? \\ \u0000 \f €x\n",
      "x := `never closed",
      "x /* never closed",
      "\"at eof",
      "'at eof",
      "a\r\nb\r\n",
      "\t\tx := y\n",
      "😀 := 1\n\"😀\" x\n",
    };
    for (String c : cases) {
      assertSame(c);
    }
  }

  @Test
  void agreesOnEveryProgramInTheRepository() throws IOException {
    Path root = Path.of("..");
    List<Path> files = new ArrayList<>();
    for (String dir : new String[] {"tests", "examples", "stdlib"}) {
      Path d = root.resolve(dir);
      if (Files.isDirectory(d)) {
        try (Stream<Path> s = Files.walk(d)) {
          s.filter(p -> p.toString().endsWith(".gol")).forEach(files::add);
        }
      }
    }
    for (Path p : files) {
      assertSame(Files.readString(p));
    }
  }

  /** Random soup of token fragments, including broken ones, with a fixed seed. */
  @Test
  void agreesOnRandomInput() {
    String[] parts = {
      "x", "if", "return", "0", "0x", "1.", ".5", "e", "p", "i", "_", "1e", "0b", "0o", "9",
      "\"", "'", "`", "\\", "/", "*", "/*", "*/", "//", "\n", " ", "\t", "\r", "+", "-", "<", "<-",
      "&", "^", "=", ":", ".", "...", "(", ")", "{", "}", "[", "]", ",", ";", "@", "é", "€", "日",
      "😀", "\\n", "\\x", "a", "Z", "_x1",
    };
    Random r = new Random(12345);
    for (int i = 0; i < 3000; i++) {
      StringBuilder b = new StringBuilder();
      int len = 1 + r.nextInt(20);
      for (int k = 0; k < len; k++) {
        b.append(parts[r.nextInt(parts.length)]);
      }
      assertSame(b.toString());
    }
  }

  @Test
  void lexicalErrorsInGcWords() {
    assertEquals(List.of("1:6: invalid character U+0040 '@'"), fast("x := @\n").errors);
    assertEquals(List.of("1:6: invalid character U+20AC '€' in identifier"), fast("x := €\n").errors);
    assertEquals(List.of("1:1: invalid character U+000C"), fast("\f").errors);
    assertEquals(List.of("1:10: newline in string"), fast("x := \"abc\ny\n").errors);
    assertEquals(List.of("1:6: string not terminated"), fast("x := \"abc").errors);
    assertEquals(List.of("1:6: string not terminated"), fast("x := `abc\n\n").errors);
    assertEquals(List.of("1:8: newline in rune literal"), fast("x := 'a\n").errors);
    assertEquals(List.of("1:6: rune literal not terminated"), fast("x := 'a").errors);
    assertEquals(List.of("2:3: comment not terminated"), fast("x\ny /* abc\n").errors);
  }

  @Test
  void columnsCountBytes() { // as gc's: "😀" is 4 bytes, the literal 6
    Scan s = fast("\"😀\" x\n");
    assertTrue(s.tokens.get(1).endsWith("1:7"), s.tokens.toString());
  }
}
