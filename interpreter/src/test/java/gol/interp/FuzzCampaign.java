package gol.interp;

import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The mutation fuzzing campaign: mutants of the suite's and the examples' programs (token
 * mutations: delete, duplicate, swap identifiers, replace operators, keywords, type names and
 * literals with edge values, truncate; line mutations — statements and declarations, roughly
 * AST nodes — deleted, duplicated, swapped and moved) go through the parser, the type checker and
 * the compiler, each within a time limit. Every mutant must end in gol compile errors or a
 * compiled program: a Java exception (a crash) or a time-out (a hang) is a bug, and its mutant is
 * kept. Deterministic for a seed.
 *
 * <p>MutationFuzzTest runs a short campaign in CI; the long one runs outside it:
 * {@code tools/fuzz.sh [COUNT [SEED [TIMEOUT_MS]]]} (see docs/testing.md).
 */
public final class FuzzCampaign {
  private static final Pattern TOKEN = Pattern.compile(
      "[A-Za-z_][A-Za-z_0-9]*|0[xX][0-9a-fA-F_]+|\\d[\\d_.eE]*|\"[^\"\\n]*\"|'[^'\\n]*'|`[^`]*`"
      + "|:=|<-|&&|\\|\\||<<=?|>>=?|&\\^=?|\\.\\.\\.|[-+*/%&|^=!<>]=|\\+\\+|--|[{}()\\[\\];,.=+\\-*/<>!&|^%:~]");
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");
  private static final String[] OPERATORS = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&^",
      "&&", "||", "==", "!=", "<", "<=", ">", ">=", "=", ":=", "<-", "!", "...", ".", ",", ";", ":"};
  private static final String[] WORDS = {"break", "case", "chan", "const", "continue", "default",
      "defer", "else", "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map",
      "package", "range", "return", "select", "struct", "switch", "type", "var", "nil", "true", "iota",
      "int", "int8", "uint", "uint64", "float64", "string", "byte", "rune", "bool", "any", "error",
      "len", "cap", "append", "make", "new", "panic", "recover", "print", "copy", "delete", "min",
      "comparable", "_", "main", "init", "complex128", "uintptr", "close", "clear"};
  private static final String[] LITERALS = {"0", "1", "-1", "255", "256", "1 << 63", "1 << 64",
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e308", "1e309",
      "1 << 1000", "0.5", "'x'", "'\\xff'", "\"\"", "\"\\xff\"", "0x7fffffff", "1_000", "0b102",
      "1e1000000000", "1<<1<<1<<1<<1<<1<<1<<1", "-0.0", "\"s\" + \"t\"", "nil", "(1)", "[]int{}"};

  /** What a campaign found. */
  public static final class Result {
    public int mutants;
    public int compiled;
    public int rejected;
    public int crashes;
    public int hangs;
    /** The first crash or hang of each kind (exception class and top frame): kind -> mutant. */
    public final Map<String, String> findings = new LinkedHashMap<>();

    @Override
    public String toString() {
      return String.format("%d mutants: %d compiled, %d rejected with errors, %d crashes, %d hangs",
          mutants, compiled, rejected, crashes, hangs);
    }
  }

  private FuzzCampaign() {
  }

  /** Runs {@code count} mutants from {@code seed}, each with at most {@code timeoutMs}. */
  public static Result run(List<String> sources, int count, long seed, long timeoutMs, Path keep,
      boolean progress) {
    Random rnd = new Random(seed);
    Result r = new Result();
    long t0 = System.nanoTime();
    for (int i = 0; i < count; i++) {
      String src = sources.get(rnd.nextInt(sources.size()));
      String mutant = mutate(src, rnd);
      if (rnd.nextInt(4) == 0) {
        mutant = mutate(mutant, rnd); // some mutants carry two mutations
      }
      r.mutants++;
      String kind = compileOne(mutant, timeoutMs, r);
      if (kind != null && !r.findings.containsKey(kind)) {
        r.findings.put(kind, mutant);
        if (keep != null) {
          try {
            Files.createDirectories(keep);
            Files.writeString(keep.resolve("finding" + r.findings.size() + ".gol"),
                "// " + kind.replace('\n', ' ') + "\n" + mutant);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        if (progress) {
          System.out.println("mutant " + i + ": " + kind);
        }
      }
      if (progress && (i + 1) % 10000 == 0) {
        System.out.printf("%s (%.0f s)%n", r, (System.nanoTime() - t0) / 1e9);
      }
    }
    return r;
  }

  /** Compiles one mutant on a thread of its own; returns the kind of bug found, or null. */
  @SuppressWarnings({"deprecation", "removal"})
  private static String compileOne(String mutant, long timeoutMs, Result r) {
    AtomicReference<Object> out = new AtomicReference<>();
    Diagnostics diags = new Diagnostics();
    Thread t = new Thread(null, () -> {
      try {
        Program p = Pipeline.compile("fuzz.gol", mutant, diags);
        out.set(p == null ? "rejected" : "compiled");
      } catch (Throwable e) {
        out.set(e);
      }
    }, "fuzz", 512L << 20);
    t.setDaemon(true);
    t.start();
    try {
      t.join(timeoutMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (t.isAlive()) {
      t.stop(); // a hang: the thread is abandoned (stop is the only way out of a busy loop)
      r.hangs++;
      return "hang (over " + timeoutMs + " ms)";
    }
    Object o = out.get();
    if (o instanceof Throwable e) {
      r.crashes++;
      StackTraceElement[] st = e.getStackTrace();
      return e.getClass().getName() + (st.length > 0 ? " at " + st[0] : "") + ": " + e.getMessage();
    }
    if ("rejected".equals(o)) {
      r.rejected++;
      String report = diags.report();
      if (!diags.hasErrors() || !(report.startsWith("fuzz.gol:") || report.startsWith("gol/std/"))) {
        r.crashes++;
        return "rejected without a file:line:col error: " + report;
      }
    } else {
      r.compiled++;
    }
    return null;
  }

  static String mutate(String src, Random rnd) {
    if (rnd.nextInt(3) == 0) {
      return mutateLines(src, rnd);
    }
    List<int[]> toks = new ArrayList<>();
    Matcher m = TOKEN.matcher(src);
    while (m.find()) {
      toks.add(new int[] {m.start(), m.end()});
    }
    if (toks.isEmpty()) {
      return src;
    }
    int[] t = toks.get(rnd.nextInt(toks.size()));
    String tok = src.substring(t[0], t[1]);
    switch (rnd.nextInt(8)) {
      case 0: // delete a token
        return src.substring(0, t[0]) + src.substring(t[1]);
      case 1: { // swap an identifier for another one of the same file
        List<int[]> ids = new ArrayList<>();
        for (int[] x : toks) {
          if (IDENT.matcher(src.substring(x[0], x[1])).matches()) {
            ids.add(x);
          }
        }
        if (ids.size() < 2) {
          return src.substring(0, t[0]);
        }
        int[] a = ids.get(rnd.nextInt(ids.size()));
        int[] b = ids.get(rnd.nextInt(ids.size()));
        return src.substring(0, a[0]) + src.substring(b[0], b[1]) + src.substring(a[1]);
      }
      case 2: // duplicate a token
        return src.substring(0, t[1]) + " " + tok + src.substring(t[1]);
      case 3: // an operator or punctuation for another
        return src.substring(0, t[0]) + OPERATORS[rnd.nextInt(OPERATORS.length)] + src.substring(t[1]);
      case 4: // a keyword, type or builtin name for a token
        return src.substring(0, t[0]) + WORDS[rnd.nextInt(WORDS.length)] + src.substring(t[1]);
      case 5: { // a literal for an edge value
        List<int[]> lits = new ArrayList<>();
        for (int[] x : toks) {
          char c = src.charAt(x[0]);
          if (Character.isDigit(c) || c == '"' || c == '\'') {
            lits.add(x);
          }
        }
        int[] l = lits.isEmpty() ? t : lits.get(rnd.nextInt(lits.size()));
        return src.substring(0, l[0]) + LITERALS[rnd.nextInt(LITERALS.length)] + src.substring(l[1]);
      }
      case 6: // an expression-ish run wrapped in parentheses or a conversion
        {
          int[] u = toks.get(Math.min(toks.size() - 1, toks.indexOf(t) + rnd.nextInt(4)));
          String wrap = rnd.nextBoolean() ? "(" : WORDS[rnd.nextInt(WORDS.length)] + "(";
          return src.substring(0, t[0]) + wrap + src.substring(t[0], u[1]) + ")" + src.substring(u[1]);
        }
      default: // truncate
        return src.substring(0, t[0]);
    }
  }

  /** Line mutations: a statement or declaration line deleted, duplicated, swapped or moved. */
  private static String mutateLines(String src, Random rnd) {
    List<String> lines = new ArrayList<>(List.of(src.split("\n", -1)));
    if (lines.size() < 3) {
      return src;
    }
    int a = rnd.nextInt(lines.size());
    int b = rnd.nextInt(lines.size());
    switch (rnd.nextInt(4)) {
      case 0:
        lines.remove(a);
        break;
      case 1:
        lines.add(b, lines.get(a));
        break;
      case 2: {
        String x = lines.get(a);
        lines.set(a, lines.get(b));
        lines.set(b, x);
        break;
      }
      default:
        lines.add(b, lines.remove(a));
    }
    return String.join("\n", lines);
  }

  /** The suite's and the examples' programs, without their expectation blocks. */
  public static List<String> sources(Path root) {
    List<String> out = new ArrayList<>();
    for (String dir : new String[] {"tests", "examples"}) {
      try (Stream<Path> files = Files.walk(root.resolve(dir))) {
        files.filter(f -> f.toString().endsWith(".gol")).sorted().forEach(f -> {
          try {
            String s = Files.readString(f);
            int end = s.length();
            for (String h : new String[] {"\n// Output:", "\n// Error:", "\n// Stderr:"}) {
              int c = s.indexOf(h);
              if (c >= 0) {
                end = Math.min(end, c);
              }
            }
            out.add(s.substring(0, end));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** {@code FuzzCampaign [COUNT [SEED [TIMEOUT_MS [ROOT]]]]}: prints progress and the totals. */
  public static void main(String[] args) {
    int count = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : System.currentTimeMillis();
    long timeout = args.length > 2 ? Long.parseLong(args[2]) : 10_000;
    Path root = Path.of(args.length > 3 ? args[3] : ".");
    List<String> sources = sources(root);
    System.out.println("fuzz: " + sources.size() + " programs, " + count + " mutants, seed " + seed
        + ", " + timeout + " ms per mutant");
    long t0 = System.nanoTime();
    Result r = run(sources, count, seed, timeout, root.resolve("tools/fuzz-findings"), true);
    System.out.printf("fuzz: %s (%.0f s)%n", r, (System.nanoTime() - t0) / 1e9);
    for (Map.Entry<String, String> e : r.findings.entrySet()) {
      System.out.println("finding: " + e.getKey());
    }
    System.exit(r.crashes + r.hangs == 0 ? 0 : 1);
  }
}
