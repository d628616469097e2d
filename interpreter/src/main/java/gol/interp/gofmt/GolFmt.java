package gol.interp.gofmt;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code gol fmt [-l] [-w] [-d] [path ...]}: gofmt for .gol files. Without flags the formatted
 * source is printed; -l lists the files whose formatting differs, -w rewrites them, -d prints a
 * diff. A directory is walked for .gol files. With no path, standard input is formatted. A syntax
 * error is reported as "file.gol:LINE:COL: message", the file is left as it is, and the exit
 * status is 2.
 */
public final class GolFmt {
  private GolFmt() {
  }

  /** Formats {@code src}; throws {@link FormatException} for a syntax error. */
  public static String format(String name, String src) throws FormatException {
    return format(name, src, src.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Formats {@code src}, whose bytes in the file are {@code bytes}. A file with a package clause
   * is Go source: if go/parser would reject it, it is reported as gofmt reports it, with
   * go/parser's list of errors as {@link SyntaxCheck} finds them on the bytes (columns count
   * bytes), even where gol's parser is more lenient. A script (no package clause: statements at
   * top level, gol's extension) is checked the same way, with statements allowed at top level,
   * when gol's parser rejects it. Should the check find nothing where gol's parser fails (gol's
   * parser rejects a few things go/parser leaves to the type checker), gol's first error is
   * reported in gc's words.
   */
  static String format(String name, String src, byte[] bytes) throws FormatException {
    SyntaxCheck.Result check;
    try {
      check = SyntaxCheck.check(bytes);
    } catch (StackOverflowError e) {
      check = null; // nested too deeply to check: gol's parser decides
    }
    boolean broken = check != null && !check.errors().isEmpty();
    if (broken && (!check.script() || !validUtf8(bytes))) {
      throw report(name, check.errors());
    }
    try {
      return Formatter.format(name, src);
    } catch (Lexer.SyntaxError e) {
      if (broken) {
        throw report(name, check.errors());
      }
      throw new FormatException(name + ":" + e.line + ":" + e.col + ": " + e.getMessage());
    } catch (RuntimeException e) {
      throw new FormatException(name + ": gol fmt cannot format this file (internal error: " + e + ")");
    }
  }

  /** gofmt's report of syntax errors: one FILE:LINE:COL: MESSAGE line each. */
  private static FormatException report(String name, List<SyntaxCheck.Error> errors) {
    StringBuilder sb = new StringBuilder();
    for (SyntaxCheck.Error e : errors) {
      sb.append(sb.length() == 0 ? "" : "\n").append(name).append(':').append(e.line()).append(':')
          .append(e.col()).append(": ").append(e.message());
    }
    return new FormatException(sb.toString(), errors.size());
  }

  /**
   * Whether the bytes are valid UTF-8. go/scanner rejects a file that is not ("illegal UTF-8
   * encoding"); such a file is decoded as ISO-8859-1 so that its bytes keep their offsets.
   */
  static boolean validUtf8(byte[] b) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b));
      return true;
    } catch (java.nio.charset.CharacterCodingException e) {
      return false;
    }
  }

  /** A file that cannot be formatted: the message is gofmt-shaped, one line per error. */
  public static final class FormatException extends Exception {
    /** How many errors the message lists. */
    public final int count;

    public FormatException(String msg) {
      this(msg, 1);
    }

    FormatException(String msg, int count) {
      super(msg);
      this.count = count;
    }
  }

  public static int main(String[] args, InputStream stdin, PrintStream stdout, PrintStream stderr) throws IOException {
    boolean list = false;
    boolean write = false;
    boolean diff = false;
    List<String> paths = new ArrayList<>();
    for (String a : args) {
      switch (a) {
        case "-l" -> list = true;
        case "-w" -> write = true;
        case "-d" -> diff = true;
        case "-h", "-help", "--help" -> {
          stderr.println("usage: gol fmt [flags] [path ...]");
          stderr.println("  -d\tdisplay diffs instead of rewriting files");
          stderr.println("  -l\tlist files whose formatting differs from gol fmt's");
          stderr.println("  -w\twrite result to (source) file instead of stdout");
          return 2;
        }
        default -> {
          if (a.startsWith("-") && a.length() > 1) {
            stderr.println("flag provided but not defined: " + a);
            stderr.println("usage: gol fmt [flags] [path ...]");
            return 2;
          }
          paths.add(a);
        }
      }
    }
    int status = 0;
    if (paths.isEmpty()) {
      byte[] bytes = stdin.readAllBytes();
      String src = new String(bytes, StandardCharsets.UTF_8);
      try {
        String out = format("<standard input>", src, bytes);
        if (list) {
          if (!out.equals(src)) {
            stdout.println("<standard input>");
          }
        } else if (diff) {
          stdout.print(Diff.unified("<standard input>", src, out));
        } else {
          stdout.print(out);
        }
      } catch (FormatException e) {
        stderr.println(e.getMessage());
        return 2;
      }
      return 0;
    }
    for (String p : paths) {
      Path path = Path.of(p);
      List<Path> files = new ArrayList<>();
      if (Files.isDirectory(path)) {
        try (Stream<Path> s = Files.walk(path)) {
          // named as gofmt names them: "./x.gol" as "x.gol"
          s.filter(f -> f.getFileName().toString().endsWith(".gol") && Files.isRegularFile(f)
              && !f.getFileName().toString().startsWith(".")).map(Path::normalize).sorted().forEach(files::add);
        }
      } else if (Files.isRegularFile(path)) {
        files.add(path);
      } else {
        stderr.println("stat " + p + ": no such file or directory");
        status = 2;
        continue;
      }
      for (Path f : files) {
        String name = f.toString();
        byte[] bytes = Files.readAllBytes(f);
        java.nio.charset.Charset cs = validUtf8(bytes) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        String src = new String(bytes, cs);
        String out;
        try {
          out = format(name, src, bytes);
        } catch (FormatException e) {
          stderr.println(e.getMessage());
          status = 2;
          continue;
        }
        boolean differs = !out.equals(src);
        if (list && differs) {
          stdout.println(name);
        }
        if (write && differs) {
          Files.write(f, out.getBytes(cs));
        }
        if (diff && differs) {
          stdout.print(Diff.unified(name, src, out));
        }
        if (!list && !write && !diff) {
          stdout.write(out.getBytes(cs));
        }
      }
    }
    stdout.flush();
    return status;
  }
}
