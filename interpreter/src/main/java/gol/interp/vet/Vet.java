package gol.interp.vet;

import gol.interp.TypeCheck;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code gol vet [FILE.gol|DIR|DIR/...]}: go vet's checks on each program after it is parsed and
 * type-checked. Every program with something to say gets a {@code # FILE.gol} header, then one
 * {@code FILE.gol:LINE:COL: message} line per finding, grouped by analyzer in go vet's order; a
 * program that does not compile gets {@code vet: } and its first error, as go vet prints it (a
 * syntax error in go/parser's words, as gol fmt words it). All
 * on standard error; the exit status is 1 when anything was reported, else 0.
 */
public final class Vet {
  /** One analyzer: a name (as go vet's) and its check of one file. */
  private record Analyzer(String name, java.util.function.Consumer<Pass> run) {
  }

  /** In go vet's order (alphabetical); loopclosure reports nothing under Go 1.22 loop semantics. */
  private static final List<Analyzer> ANALYZERS = List.of(
      new Analyzer("assign", SelfAssign::run),
      new Analyzer("copylocks", CopyLocks::run),
      new Analyzer("printf", Printf::run),
      new Analyzer("structtag", StructTag::run),
      new Analyzer("unreachable", Unreachable::run),
      new Analyzer("unusedresult", UnusedResult::run));

  private Vet() {
  }

  /** The findings for one program, as lines without the header; empty when vet has nothing to say. */
  public static List<String> vet(String path, String source) {
    List<String> out = new ArrayList<>();
    TypeCheck.Result r = TypeCheck.check(path, source);
    if (r.file() == null) {
      Diagnostics.Error first = r.diags().first();
      String syntax = syntaxError(path, source);
      if (syntax != null) {
        out.add("vet: " + syntax);
      } else if (first != null) {
        out.add("vet: " + first);
      }
      return out;
    }
    for (Analyzer a : ANALYZERS) {
      Pass pass = new Pass(r.file(), r.pkg());
      a.run().accept(pass);
      for (Pass.Finding f : pass.findings) {
        out.add(path + ":" + f.line() + ":" + f.col() + ": " + f.message());
      }
    }
    return out;
  }

  /**
   * A syntax error as go vet reports it (go/parser's words, as gofmt's: {@code expected operand,
   * found '}'}); null when the file parses.
   */
  private static String syntaxError(String path, String source) {
    try {
      gol.interp.gofmt.GolFmt.format(path, source);
      return null;
    } catch (gol.interp.gofmt.GolFmt.FormatException e) {
      return e.getMessage().contains("gol fmt cannot format") ? null : e.getMessage();
    }
  }

  public static int main(String[] args, PrintStream stderr) throws IOException {
    List<String> paths = new ArrayList<>();
    for (String a : args) {
      if (a.equals("-h") || a.equals("-help") || a.equals("--help")) {
        stderr.println("usage: gol vet [FILE.gol|DIR|DIR/...]");
        stderr.println("Run 'gol help vet' for details.");
        return 2;
      }
      if (a.startsWith("-") && a.length() > 1) {
        stderr.println("gol vet: flag provided but not defined: " + a);
        stderr.println("usage: gol vet [FILE.gol|DIR|DIR/...]");
        return 2;
      }
      paths.add(a);
    }
    if (paths.isEmpty()) {
      paths.add(".");
    }
    List<Path> files = new ArrayList<>();
    for (String p : paths) {
      boolean recursive = p.endsWith("/...") || p.equals("...");
      String dir = recursive ? (p.equals("...") ? "." : p.substring(0, p.length() - 4)) : p;
      if (dir.isEmpty()) {
        dir = ".";
      }
      Path path = Path.of(dir);
      if (Files.isDirectory(path)) {
        files.addAll(programs(path, recursive));
      } else if (!recursive && Files.isRegularFile(path)) {
        files.add(path);
      } else {
        stderr.println("gol vet: stat " + dir + ": no such file or directory");
        return 1;
      }
    }
    int status = 0;
    for (Path f : files) {
      String name = f.toString();
      String source = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
      if (source.startsWith("#!")) {
        int nl = source.indexOf('\n');
        source = nl < 0 ? "" : source.substring(nl);
      }
      List<String> lines = vet(name, source);
      if (!lines.isEmpty()) {
        stderr.println("# " + name);
        for (String l : lines) {
          stderr.println(l);
        }
        status = 1;
      }
    }
    stderr.flush();
    return status;
  }

  /** The .gol programs in dir (and below it when recursive): not _test.gol files, not hidden or target directories. */
  private static List<Path> programs(Path dir, boolean recursive) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = recursive ? Files.walk(dir) : Files.list(dir)) {
      s.filter(f -> {
        String n = f.getFileName().toString();
        if (!n.endsWith(".gol") || n.endsWith("_test.gol") || !Files.isRegularFile(f)) {
          return false;
        }
        for (Path part : dir.relativize(f)) {
          String x = part.toString();
          if (x.startsWith(".") || x.equals("target")) {
            return false;
          }
        }
        return true;
      }).sorted().forEach(out::add);
    }
    return out;
  }
}
