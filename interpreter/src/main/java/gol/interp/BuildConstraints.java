package gol.interp;

import java.util.List;
import java.util.Set;

/**
 * Whether a file of a package directory is part of the build, as go build decides it for gol's
 * target, linux/amd64 with the gc toolchain: a {@code //go:build} line in the file's header (or,
 * without one, its {@code // +build} lines), and a name ending in a known system or architecture
 * ({@code x_windows.gol}, {@code x_arm64_test.gol}). Satisfied tags: linux, amd64, unix, gc, the
 * release tags go1.1 to go1.23, and those the command was given with -tags; not cgo (gol has no
 * C). Files named on the command line are not filtered (go run gen.go runs a file marked
 * ignore).
 *
 * <p>The -tags of the command running are process-wide ({@link #useTags}), as the go command's
 * are for the whole command: one command runs at a time in a gol process (the CLI sets them as
 * it starts each one).
 */
public final class BuildConstraints {
  /** The release whose go1.N tags are satisfied. */
  private static final int GO_MINOR = 23;

  private static final Set<String> KNOWN_OS = Set.of("aix", "android", "darwin", "dragonfly",
      "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9",
      "solaris", "wasip1", "windows", "zos");

  private static final Set<String> KNOWN_ARCH = Set.of("386", "amd64", "amd64p32", "arm", "armbe",
      "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le", "mips64p32",
      "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc",
      "sparc64", "wasm");

  /** A {@code //go:build} line that does not parse, or more than one: the build stops on it. */
  public static final class Invalid extends Exception {
    public Invalid(String message) {
      super(message);
    }
  }

  /** The running command's -tags. */
  private static volatile Set<String> tags = Set.of();

  private BuildConstraints() {
  }

  /** Makes {@code extra} (a command's -tags) satisfied from now on, and no other tags. */
  public static void useTags(Set<String> extra) {
    tags = Set.copyOf(extra);
  }

  /**
   * The tags of a -tags value: a comma-separated list (the go command still accepts spaces
   * between them, the old form, and checks nothing: a tag no constraint can name is harmless).
   */
  public static Set<String> parseTags(String list) {
    Set<String> out = new java.util.LinkedHashSet<>();
    for (String t : list.split("[,\\s]+")) {
      if (!t.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }

  /** Whether a command-line word is the -tags flag (-tags or --tags, alone or with =LIST). */
  public static boolean isTagsFlag(String arg) {
    String a = arg.startsWith("--") ? arg.substring(1) : arg;
    return a.equals("-tags") || a.startsWith("-tags=");
  }

  /** Whether the file named {@code name} (no directory) with text {@code text} is built. */
  public static boolean includes(String name, String text) throws Invalid {
    return nameMatches(name) && headerMatches(text);
  }

  /** Whether tag {@code tag} is satisfied. */
  static boolean satisfied(String tag) {
    switch (tag) {
      case "linux", "amd64", "unix", "gc":
        return true;
      default:
        break;
    }
    if (tag.startsWith("go1.")) {
      String minor = tag.substring(4);
      if (!minor.isEmpty() && minor.length() <= 2 && minor.chars().allMatch(Character::isDigit)
          && !minor.startsWith("0")) {
        int n = Integer.parseInt(minor);
        return n >= 1 && n <= GO_MINOR;
      }
    }
    return tags.contains(tag);
  }

  /** The file name's system and architecture suffixes (before a final _test), as go build reads them. */
  public static boolean nameMatches(String name) {
    int dot = name.indexOf('.');
    String stem = dot < 0 ? name : name.substring(0, dot);
    int us = stem.indexOf('_');
    if (us < 0) {
      return true; // "linux.gol" has no suffix: only a part after the first _ counts
    }
    List<String> parts = List.of(stem.substring(us + 1).split("_", -1));
    int n = parts.size();
    if (n > 0 && parts.get(n - 1).equals("test")) {
      n--;
    }
    if (n >= 2 && KNOWN_OS.contains(parts.get(n - 2)) && KNOWN_ARCH.contains(parts.get(n - 1))) {
      return satisfied(parts.get(n - 2)) && satisfied(parts.get(n - 1));
    }
    if (n >= 1 && (KNOWN_OS.contains(parts.get(n - 1)) || KNOWN_ARCH.contains(parts.get(n - 1)))) {
      return satisfied(parts.get(n - 1));
    }
    return true;
  }

  /**
   * The header's constraint. The header is the leading run of blank lines and // comments; a
   * //go:build line anywhere in it decides, else the // +build lines that come before the last
   * blank line of the run do (each line a disjunction of comma-joined conjunctions; all lines
   * must hold).
   */
  static boolean headerMatches(String text) throws Invalid {
    String goBuild = null;
    int plusBuildEnd = 0; // where the last blank line of the leading run ends
    boolean ended = false; // past the first line that is not blank and not a // comment
    boolean inBlock = false; // inside a /* */ comment
    int pos = 0;
    lines:
    while (pos < text.length()) {
      int nl = text.indexOf('\n', pos);
      int next = nl < 0 ? text.length() : nl + 1;
      String line = text.substring(pos, nl < 0 ? text.length() : nl).strip();
      pos = next;
      if (line.isEmpty() && !ended) {
        plusBuildEnd = pos;
        continue;
      }
      if (!line.startsWith("//")) {
        ended = true;
      }
      if (!inBlock && isGoBuildLine(line)) {
        if (goBuild != null) {
          throw new Invalid("multiple //go:build comments");
        }
        goBuild = line;
      }
      while (!line.isEmpty()) {
        if (inBlock) {
          int end = line.indexOf("*/");
          if (end < 0) {
            continue lines;
          }
          inBlock = false;
          line = line.substring(end + 2).strip();
        } else if (line.startsWith("//")) {
          continue lines;
        } else if (line.startsWith("/*")) {
          inBlock = true;
          line = line.substring(2).strip();
        } else {
          break lines; // the package clause, or other code
        }
      }
    }
    if (goBuild != null) {
      try {
        return new Expr(goBuild.substring("//go:build".length())).parse();
      } catch (Invalid e) {
        throw new Invalid("parsing //go:build line: " + e.getMessage());
      }
    }
    for (String line : text.substring(0, plusBuildEnd).split("\n")) {
      line = line.strip();
      if (line.startsWith("//") && !plusBuildLine(line)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isGoBuildLine(String line) {
    return line.startsWith("//go:build")
        && (line.length() == 10 || line.charAt(10) == ' ' || line.charAt(10) == '\t');
  }

  /**
   * Whether a // line holds, being a // +build line (other comments hold): options separated by
   * spaces, one of which must hold, each a comma-joined list of tags that must all hold; a tag
   * that is not valid (or doubly negated) stands for "ignore", as go build reads it.
   */
  private static boolean plusBuildLine(String line) {
    String rest = line.substring(2).strip();
    if (!rest.startsWith("+build") || (rest.length() > 6 && !Character.isWhitespace(rest.charAt(6)))) {
      return true;
    }
    String options = rest.substring(6).strip();
    if (options.isEmpty()) {
      return satisfied("ignore");
    }
    boolean any = false;
    for (String option : options.split("\\s+")) {
      boolean all = true;
      for (String term : option.split(",", -1)) {
        if (term.startsWith("!!") || term.equals("!")) {
          all &= satisfied("ignore");
          continue;
        }
        boolean not = term.startsWith("!");
        String tag = not ? term.substring(1) : term;
        all &= (validTag(tag) ? satisfied(tag) : satisfied("ignore")) != not;
      }
      any |= all;
    }
    return any;
  }

  private static boolean validTag(String tag) {
    if (tag.isEmpty()) {
      return false;
    }
    for (int i = 0; i < tag.length(); i++) {
      char c = tag.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_' && c != '.') {
        return false;
      }
    }
    return true;
  }

  /**
   * A //go:build expression: || over && over a ! (not twice) of a tag or a parenthesised
   * expression, evaluated as it is read; errors worded as go build's.
   */
  private static final class Expr {
    private final String s;
    private int next; // where the next token starts
    private String tok; // the token read last; "" at the end
    private boolean isTag;

    Expr(String s) {
      this.s = s;
    }

    boolean parse() throws Invalid {
      boolean v = or();
      if (!tok.isEmpty()) {
        throw new Invalid("unexpected token " + tok);
      }
      return v;
    }

    private boolean or() throws Invalid {
      boolean v = and();
      while (tok.equals("||")) {
        v |= and();
      }
      return v;
    }

    private boolean and() throws Invalid {
      boolean v = not();
      while (tok.equals("&&")) {
        v &= not();
      }
      return v;
    }

    private boolean not() throws Invalid {
      lex();
      if (tok.equals("!")) {
        lex();
        if (tok.equals("!")) {
          throw new Invalid("double negation not allowed");
        }
        return !atom();
      }
      return atom();
    }

    private boolean atom() throws Invalid {
      if (tok.equals("(")) {
        boolean v;
        try {
          v = or();
        } catch (Invalid e) {
          throw e.getMessage().equals("unexpected end of expression") ? new Invalid("missing close paren") : e;
        }
        if (!tok.equals(")")) {
          throw new Invalid("missing close paren");
        }
        lex();
        return v;
      }
      if (!isTag) {
        throw new Invalid(tok.isEmpty() ? "unexpected end of expression" : "unexpected token " + tok);
      }
      boolean v = satisfied(tok);
      lex();
      return v;
    }

    private void lex() throws Invalid {
      isTag = false;
      while (next < s.length() && (s.charAt(next) == ' ' || s.charAt(next) == '\t')) {
        next++;
      }
      if (next >= s.length()) {
        tok = "";
        return;
      }
      char c = s.charAt(next);
      if (c == '(' || c == ')' || c == '!') {
        tok = String.valueOf(c);
        next++;
        return;
      }
      if (c == '&' || c == '|') {
        if (next + 1 >= s.length() || s.charAt(next + 1) != c) {
          throw new Invalid("invalid syntax at " + c);
        }
        tok = s.substring(next, next + 2);
        next += 2;
        return;
      }
      int end = next;
      while (end < s.length()) {
        int cp = s.codePointAt(end);
        if (!Character.isLetterOrDigit(cp) && cp != '_' && cp != '.') {
          break;
        }
        end += Character.charCount(cp);
      }
      if (end == next) {
        throw new Invalid("invalid syntax at " + Character.toString(s.codePointAt(next)));
      }
      tok = s.substring(next, end);
      next = end;
      isTag = true;
    }
  }
}
