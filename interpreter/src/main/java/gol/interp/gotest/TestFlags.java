package gol.interp.gotest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The flags of {@code gol test} in Go-test mode (go test's: -v, -run, -skip, -bench,
 * -benchtime, -benchmem, -count, -timeout, -short, -failfast, -shuffle, -json, -parallel,
 * -list, -vet) and the package arguments. {@link #binaryArgs} turns them into the test program's
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
      "shuffle", "parallel", "list", "p", "cpu", "vet", "tags");
  static final Set<String> BOOLEAN = Set.of("v", "short", "failfast", "json", "benchmem", "h", "help");

  boolean verbose;
  boolean json;
  /** -tags: build tags the package's files' constraints may name (BuildConstraints); null if not given. */
  Set<String> tags;
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
  /** -vet's analyzers as gol vet names them; null: all of them; empty: off. */
  Set<String> vet = DEFAULT_VET;
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
        case "vet" -> f.vet = vetFlag(value);
        case "tags" -> f.tags = gol.interp.BuildConstraints.parseTags(value);
        default -> {
          // -p and -cpu: accepted; gol runs packages one after another on GOMAXPROCS Ps
        }
      }
    }
    return f;
  }

  /**
   * go test's default vet checks (cmd/go's defaultVetFlags: atomic, bool, buildtags, directive,
   * errorsas, ifaceassert, nilfunc, printf, slog, stringintconv), those gol vet has.
   */
  static final Set<String> DEFAULT_VET = Set.of("atomic", "bools", "errorsas", "nilfunc", "printf", "stringintconv");

  /** The analyzers -vet accepts (cmd/go's passAnalyzersToVet), with go vet's legacy names. */
  private static final Set<String> VET_NAMES = Set.of("appends", "asmdecl", "assign", "atomic", "bool",
      "bools", "buildtag", "buildtags", "cgocall", "composites", "copylocks", "defers", "directive",
      "errorsas", "framepointer", "httpresponse", "ifaceassert", "loopclosure", "lostcancel", "methods",
      "nilfunc", "printf", "rangeloops", "shift", "sigchanyzer", "slog", "stdmethods", "stdversion",
      "stringintconv", "structtag", "testinggoroutine", "tests", "timeformat", "unmarshal",
      "unreachable", "unsafeptr", "unusedresult");

  /** cmd/go's vetFlag.Set: "" is the default list, "off" none, "all" every check, else a list. */
  private static Set<String> vetFlag(String value) throws UsageException {
    String err = null;
    if (value.isEmpty()) {
      return DEFAULT_VET;
    } else if (value.contains("=")) {
      err = "-vet argument cannot contain equal signs";
    } else if (value.contains(" ")) {
      err = "-vet argument is comma-separated list, cannot contain spaces";
    }
    boolean off = false;
    boolean all = false;
    String single = null;
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    for (String arg : value.split(",", -1)) {
      if (err != null) {
        break;
      }
      switch (arg) {
        case "" -> err = "-vet argument contains empty list element";
        case "all" -> {
          single = arg;
          all = true;
          off = false;
          names.clear();
        }
        case "off" -> {
          single = arg;
          off = true;
          names.clear();
        }
        default -> {
          if (!VET_NAMES.contains(arg)) {
            err = "-vet argument must be a supported analyzer or a distinguished value; found " + arg;
          } else {
            names.add(arg.equals("bool") ? "bools" : arg.equals("buildtags") ? "buildtag"
                : arg.equals("methods") ? "stdmethods" : arg.equals("rangeloops") ? "loopclosure" : arg);
          }
        }
      }
    }
    if (err == null && names.size() > 1 && single != null) {
      err = "-vet does not accept \"" + single + "\" in a list with other analyzers";
    }
    if (err != null) {
      throw new UsageException("invalid value \"" + value + "\" for flag -vet: " + err
          + "\nusage: gol test [build/test flags] [packages] [build/test flags & test binary flags]"
          + "\nRun 'gol help test' for details.");
    }
    if (off) {
      return Set.of();
    }
    return all && names.isEmpty() ? null : Set.copyOf(names);
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
