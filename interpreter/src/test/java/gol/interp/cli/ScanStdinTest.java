package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fmt.Scan, Scanf and Scanln read standard input one byte at a time, as Go's do from os.Stdin:
 * what they do not scan is left for the next reader. The expected output was recorded with
 * go run on the same program and input.
 */
class ScanStdinTest {
  private static final String PROG = String.join("\n",
      "package main",
      "",
      "import (",
      "\t\"bufio\"",
      "\t\"fmt\"",
      "\t\"os\"",
      ")",
      "",
      "func main() {",
      "\tvar name string",
      "\tvar age int",
      "\tn, err := fmt.Scan(&name, &age)",
      "\tfmt.Println(n, err, name, age)",
      "\tvar x, y int",
      "\tn, err = fmt.Scanf(\"%d,%d\\n\", &x, &y)",
      "\tfmt.Println(n, err, x, y)",
      "\tvar w string",
      "\tn, err = fmt.Scanln(&w)",
      "\tfmt.Println(n, err, w)",
      "\trest := bufio.NewScanner(os.Stdin)",
      "\tfor rest.Scan() {",
      "\t\tfmt.Printf(\"rest: %q\\n\", rest.Text())",
      "\t}",
      "\tn, err = fmt.Scan(&w)",
      "\tfmt.Println(n, err)",
      "}",
      "");

  @Test
  void scanLeavesUnscannedInputForTheNextReader(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("prog.gol");
    Files.writeString(prog, PROG);
    byte[] input = "ann\n 42\n3,4\nword\nline one\nline two\n".getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Main m = new Main(new ByteArrayInputStream(input), out, new PrintStream(err, true, StandardCharsets.UTF_8),
        false, new HashMap<>());
    assertEquals(0, m.run(new String[] {"run", prog.toString()}), err.toString(StandardCharsets.UTF_8));
    assertEquals("2 <nil> ann 42\n2 <nil> 3 4\n1 <nil> word\nrest: \"line one\"\nrest: \"line two\"\n0 EOF\n",
        out.toString(StandardCharsets.UTF_8));
  }
}
