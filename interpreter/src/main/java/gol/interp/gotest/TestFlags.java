package gol.interp.gotest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The flags of {@code gol test} in Go-test mode (go test's: -v, -run, -skip, -bench,
 * -benchtime, -benchmem, -count, -timeout, -short, -failfast, -shuffle, -json, -parallel,
 * -list) and the package arguments. {@link #binaryArgs} turns them into the test program's
 * {@code -test.*} arguments, as cmd/go passes them to the test binary.
 */
final class TestFlags {
  static final class UsageException extends Exception {
    UsageException(String msg) {
      super(msg);
    }
  }

  /** Flags that take a value. */
  static final Set<String> VALUED = Set.of("run", "skip", "bench", "benchtime", "count", "timeout",
      "shuffle", "parallel", "list", "p", "cpu");
  static final Set<String> BOOLEAN = Set.of("v", "short", "failfast", "json", "benchmem", "h", "help");

  boolean verbose;
  boolean json;
  boolean help;
  String run;
  String skip;
  String bench;
  String benchtime;
  boolean benchmem;
  String count;
  String timeout = "10m0s";
  boolean timeoutSet;
  boolean shortMode;
  boolean failfast;
  String shuffle;
  String parallel;
  String list;
  final List<String> targets = new ArrayList<>();
  /** Arguments after -args, passed to the program unchanged. */
  final List<String> programArgs = new ArrayList<>();

  /** The non-flag arguments of {@code gol test ARGS} (package directories, patterns, files). */
  static List<String> targets(String[] args) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-args") || a.equals("--args")) {
        break;
      }
      if (a.startsWith("-") && !a.equals("-")) {
        String name = a.replaceFirst("^--?", "");
        if (!name.contains("=") && VALUED.contains(name)) {
          i++;
        }
        continue;
      }
      out.add(a);
    }
    return out;
  }

  static TestFlags parse(String[] args) throws UsageException {
    TestFlags f = new TestFlags();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-args") || a.equals("--args")) {
        for (int j = i + 1; j < args.length; j++) {
          f.programArgs.add(args[j]);
        }
        break;
      }
      if (!a.startsWith("-") || a.equals("-")) {
        f.targets.add(a);
        continue;
      }
      String name = a.replaceFirst("^--?", "");
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (BOOLEAN.contains(name)) {
        boolean on = value == null || value.equals("true") || value.equals("1");
        if (value != null && !on && !value.equals("false") && !value.equals("0")) {
          throw new UsageException("invalid boolean value \"" + value + "\" for -" + name);
        }
        switch (name) {
          case "v" -> f.verbose = on;
          case "json" -> f.json = on;
          case "short" -> f.shortMode = on;
          case "failfast" -> f.failfast = on;
          case "benchmem" -> f.benchmem = on;
          default -> f.help = true;
        }
        continue;
      }
      if (!VALUED.contains(name)) {
        throw new UsageException("flag provided but not defined: -" + name
            + "\nusage: gol test [build/test flags] [packages] [build/test flags & test binary flags]");
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          throw new UsageException("flag needs an argument: -" + name);
        }
        value = args[++i];
      }
      switch (name) {
        case "run" -> f.run = value;
        case "skip" -> f.skip = value;
        case "bench" -> f.bench = value;
        case "benchtime" -> f.benchtime = value;
        case "count" -> f.count = value;
        case "timeout" -> {
          f.timeout = value;
          f.timeoutSet = true;
        }
        case "shuffle" -> f.shuffle = value;
        case "parallel" -> f.parallel = value;
        case "list" -> f.list = value;
        default -> {
          // -p and -cpu: accepted; gol runs packages one after another on GOMAXPROCS Ps
        }
      }
    }
    return f;
  }

  /** The test program's arguments: {@code -test.v=true}, {@code -test.run=RE}, ... */
  List<String> binaryArgs() {
    List<String> a = new ArrayList<>();
    if (json) {
      a.add("-test.v=test2json");
    } else if (verbose) {
      a.add("-test.v=true");
    }
    add(a, "run", run);
    add(a, "skip", skip);
    add(a, "bench", bench);
    add(a, "benchtime", benchtime);
    if (benchmem) {
      a.add("-test.benchmem=true");
    }
    add(a, "count", count);
    add(a, "timeout", timeout);
    if (shortMode) {
      a.add("-test.short=true");
    }
    if (failfast) {
      a.add("-test.failfast=true");
    }
    add(a, "shuffle", shuffle);
    add(a, "parallel", parallel);
    add(a, "list", list);
    a.addAll(programArgs);
    return a;
  }

  private static void add(List<String> a, String name, String value) {
    if (value != null) {
      a.add("-test." + name + "=" + value);
    }
  }
}
