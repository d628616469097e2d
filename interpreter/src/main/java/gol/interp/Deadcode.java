package gol.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Dead-code elimination for the standard packages, done on their source text before anything is
 * parsed (cmd/link's deadcode pass, moved to the front so that parsing, checking and compiling
 * all shrink): a program that calls {@code fmt.Println} gets an {@code fmt} whose unused
 * functions, types and constants are blanked out.
 *
 * <p><b>Reachability.</b> Every identifier of the main file is a root in every standard package
 * (an over-approximation: it covers explicit, aliased, dot and script-mode imports, and every
 * error message that names a package member). A kept declaration keeps the names it mentions: a
 * plain identifier in its own package, {@code X.Name} in the package imported as {@code X}.
 * Always kept: {@code func init} (unless a {@code //gol:keepif NAME...} line precedes it: then it
 * is kept where one of the names is) and package-level {@code var} declarations whose initialisers
 * may do something (a call, an operator: {@link Pkg#pureVar}); a var whose initialiser cannot
 * (names, literals, composite literals, {@code &tables[3]}) is kept like a const, where it is
 * mentioned. A method is kept when its receiver type is kept and its name is
 * <em>mentioned</em> anywhere: in the main file, in any kept declaration (as an identifier or
 * after a dot: calls, interface method lists, embedded interfaces), or in {@link
 * #IMPLICIT_METHODS} (called by Java code: {@code error}'s Error, fmt's and the traceback's String
 * and GoString). This is the Go linker's rule for methods reachable through interfaces: a value
 * can only reach an interface method whose name some interface type in kept code lists, so
 * method sets, interface satisfaction and type assertions come out as with whole packages.
 * Grouped {@code const}/{@code type} declarations are kept or dropped as one.
 *
 * <p><b>Invariants.</b> Dropping only ever blanks whole top-level declarations, character for
 * character ({@code '\n'} kept), so every line and column of kept code is where it was (tracebacks
 * and errors in standard code are unchanged). An import no kept declaration uses becomes a blank
 * import ({@code _ "io"}): the package is still loaded and initialised, exactly as before. Keeping
 * too much costs time only; keeping too little shows as a type-check error in a standard package
 * (the suite would fail), except for a dropped method, which the mention rule above guards.
 * {@code DeadcodeTest} checks the declaration scanner against the parser for every standard
 * package and compares programs' output with and without pruning.
 *
 * <p>The REPL does not use this (a later input may name anything); {@code GOLDEBUG=deadcode=0}
 * turns it off for {@code gol run}.
 */
final class Deadcode {
  private Deadcode() {
  }

  /** Whether dead-code elimination is on: unless GOLDEBUG has deadcode=0. */
  static boolean enabled() {
    String s = System.getenv("GOLDEBUG");
    return s == null || !("," + s.replace(" ", "") + ",").contains(",deadcode=0,");
  }

  // ====================================================================================
  // The plan: which declarations of which packages a program keeps
  // ====================================================================================

  /** What a program keeps of the standard library. */
  static final class Result {
    /**
     * The text to parse for each standard package the program can load, by import path, in the
     * order they were found (an importer before what it imports).
     */
    final Map<String, String> sources;
    /** The import paths and the script flag the plan started from. */
    final Set<String> imports;
    final boolean script;

    Result(Map<String, String> sources, Set<String> imports, boolean script) {
      this.sources = sources;
      this.imports = imports;
      this.script = script;
    }

    /** Whether the plan was made for a file with these imports and this script flag. */
    boolean madeFor(Collection<String> importPaths, boolean isScript) {
      return script == isScript && imports.equals(new HashSet<>(importPaths));
    }
  }

  /**
   * The plan for the main file {@code mainSource}, its imports and script-ness read from its
   * text (before it is parsed: the plan is made while the parser initialises, see cli.Warmup).
   * {@code sourceOf} gives a package's source (null if none), {@code scriptPath} the import
   * path a script's package name stands for.
   */
  static Result plan(String mainSource, Function<String, String> sourceOf, Function<String, String> scriptPath) {
    return plan(mainSource, null, false, sourceOf, scriptPath);
  }

  /** As {@link #plan(String, Function, Function)}, with the imports and script flag given (from the AST). */
  static Result plan(String mainSource, Collection<String> mainImports, boolean script,
      Function<String, String> sourceOf, Function<String, String> scriptPath) {
    return plan(roots(mainSource, mainImports, script), sourceOf, scriptPath);
  }

  /**
   * Everything of the main file a plan depends on; with the standard sources fixed (gol's jar),
   * equal roots give equal plans, which is what lets {@link PlanCache} keep plans between runs.
   */
  static final class Roots {
    /** The main file's import paths, in source order. */
    final List<String> imports;
    /**
     * The import paths of the program's local packages ({@link LocalPackages}: gol run in a
     * module), whose files' names are roots too ({@link #withLocal}); usually none.
     */
    final List<String> localImports;
    final boolean script;
    /** Whether the main file calls a method named Method or MethodByName (see Plan.dynamicMethods). */
    final boolean dynamicMethods;
    /** The main file's identifiers (keywords left out) but the selected ones, sorted. */
    final List<String> names;
    /**
     * The names the main file only ever selects from a value ({@code sc.Scan}, {@code f().Text},
     * {@code xs[i].Name}), sorted: a field's or a method's, never a standard package's
     * top-level declaration, so they keep only methods of that name.
     */
    final List<String> selected;

    Roots(List<String> imports, boolean script, boolean dynamicMethods, List<String> names,
        List<String> selected) {
      this(imports, List.of(), script, dynamicMethods, names, selected);
    }

    Roots(List<String> imports, List<String> localImports, boolean script, boolean dynamicMethods,
        List<String> names, List<String> selected) {
      this.imports = imports;
      this.localImports = localImports;
      this.script = script;
      this.dynamicMethods = dynamicMethods;
      this.names = names;
      this.selected = selected;
    }

    /** All of the above as one text: the plan cache's key (equal texts, equal plans). */
    String key() {
      StringBuilder b = new StringBuilder();
      b.append(script ? "script" : "package").append(dynamicMethods ? " dynamic" : "").append('\n');
      b.append(String.join(" ", imports)).append('\n');
      b.append(String.join(" ", names)).append('\n');
      b.append(String.join(" ", selected)).append('\n');
      if (!localImports.isEmpty()) { // (so a program without local packages keeps its key)
        b.append("local ").append(String.join(" ", localImports)).append('\n');
      }
      return b.toString();
    }

    /**
     * These roots and those of the program's local packages' files {@code sources}: the
     * standard packages must keep what a local package uses as what the main files use (a
     * local package is not pruned itself), so their names are roots and their imports are
     * planned. The main files' imports stay apart: they are what {@link Result#madeFor} checks.
     */
    Roots withLocal(List<String> sources) {
      if (sources.isEmpty()) {
        return this;
      }
      Roots local = roots(sources);
      java.util.LinkedHashSet<String> locals = new java.util.LinkedHashSet<>(localImports);
      locals.addAll(local.imports);
      Set<String> allNames = new HashSet<>(names);
      allNames.addAll(local.names);
      Set<String> allSelected = new HashSet<>(selected);
      allSelected.addAll(local.selected);
      allSelected.removeAll(allNames);
      return new Roots(imports, new ArrayList<>(locals), script, dynamicMethods || local.dynamicMethods,
          sorted(allNames), sorted(allSelected));
    }
  }

  /**
   * The import paths of a file, in source order, read from its text as the plan reads a main
   * file's: the package clause, then import declarations (single or grouped, with or without a
   * name) up to the first token that starts anything else. gol run finds the local packages a
   * program imports so, before anything is parsed ({@link LocalPackages#ofProgram}).
   */
  static List<String> importPaths(String source) {
    Lexer lx = new Lexer(source);
    List<String> out = new ArrayList<>();
    int i = 0;
    if (i + 1 < lx.n && lx.kind[i] == IDENT && lx.text[i].equals("package")) {
      i += 2;
    }
    while (i < lx.n) {
      if (lx.kind[i] == OTHER) { // ';'
        i++;
        continue;
      }
      if (lx.kind[i] != IDENT || !lx.text[i].equals("import")) {
        break;
      }
      i++;
      if (i < lx.n && lx.text[i] == PAREN) {
        for (i++; i < lx.n && lx.kind[i] != CLOSE; i++) {
          if (lx.kind[i] == STRING) {
            out.add(unquote(lx.text[i]));
          }
        }
        i++;
      } else {
        while (i < lx.n && (lx.kind[i] == IDENT || lx.kind[i] == DOT)) {
          i++; // the import's name
        }
        if (i < lx.n && lx.kind[i] == STRING) {
          out.add(unquote(lx.text[i++]));
        }
      }
    }
    return out;
  }

  private static String unquote(String literal) {
    return literal.length() >= 2 ? literal.substring(1, literal.length() - 1) : "";
  }

  /**
   * The roots of the main file {@code mainSource}; {@code mainImports} null: the imports and the
   * script flag are read from its text.
   */
  static Roots roots(String mainSource, Collection<String> mainImports, boolean script) {
    Lexer main = new Lexer(mainSource);
    Pkg m = new Pkg("main", mainSource, main);
    if (mainImports == null) {
      mainImports = m.imports.values();
      script = !m.hasPackageClause;
    }
    Set<String> names = new HashSet<>();
    Set<String> selected = new HashSet<>();
    for (int i = 0; i < main.n; i++) {
      if (main.kind[i] == IDENT && !KEYWORDS.contains(main.text[i])) {
        boolean fromValue = i >= 2 && main.kind[i - 1] == DOT && selectsFromValue(main, i - 2, m.imports.keySet());
        (fromValue ? selected : names).add(main.text[i]);
      }
    }
    selected.removeAll(names);
    return new Roots(new ArrayList<>(mainImports), script, callsMethodLookup(main, 0, main.n),
        sorted(names), sorted(selected));
  }

  /**
   * The roots of a main package of several files: every file's together (the package is one
   * scope, so a name in any file may be what another file's declaration needs).
   */
  static Roots roots(List<String> sources) {
    java.util.LinkedHashSet<String> imports = new java.util.LinkedHashSet<>();
    Set<String> names = new HashSet<>();
    Set<String> selected = new HashSet<>();
    boolean dynamicMethods = false;
    for (String source : sources) {
      Roots r = roots(source, null, false);
      imports.addAll(r.imports);
      names.addAll(r.names);
      selected.addAll(r.selected);
      dynamicMethods |= r.dynamicMethods;
    }
    selected.removeAll(names);
    return new Roots(new ArrayList<>(imports), false, dynamicMethods, sorted(names), sorted(selected));
  }

  private static List<String> sorted(Set<String> names) {
    String[] a = names.toArray(new String[0]);
    Arrays.sort(a);
    return Arrays.asList(a);
  }

  /**
   * Whether the operand ending at token j, before a dot, is a value rather than a package: a
   * call's, an index's or a composite literal's result, a selection, or a name that is neither
   * an import's nor a standard package's (a script names packages without importing them, and
   * a name shadowing a package is taken as the package, as before).
   */
  private static boolean selectsFromValue(Lexer lx, int j, Set<String> importNames) {
    if (lx.kind[j] == CLOSE) {
      return true;
    }
    if (lx.kind[j] != IDENT) {
      return false;
    }
    if (j >= 1 && lx.kind[j - 1] == DOT) {
      return true;
    }
    String x = lx.text[j];
    return !importNames.contains(x) && !STD_NAMES.contains(x);
  }

  /** The standard packages' names (math/rand/v2's is rand): what a script may use unimported. */
  private static final Set<String> STD_NAMES = stdNames();

  private static Set<String> stdNames() {
    Set<String> out = new HashSet<>();
    for (String path : gol.stdlib.Stdlib.PACKAGES) {
      int slash = path.lastIndexOf('/');
      String last = path.substring(slash + 1);
      if (slash > 0 && last.length() > 1 && last.charAt(0) == 'v' && Character.isDigit(last.charAt(1))) {
        last = path.substring(path.lastIndexOf('/', slash - 1) + 1, slash);
      }
      out.add(last);
    }
    return out;
  }

  /** The plan for a main file with roots {@code r} (see {@link #plan(String, Function, Function)}). */
  static Result plan(Roots r, Function<String, String> sourceOf, Function<String, String> scriptPath) {
    Plan p = new Plan(sourceOf);
    p.dynamicMethods = r.dynamicMethods;
    p.roots.addAll(r.names);
    p.selected.addAll(r.selected);
    for (String path : r.imports) {
      p.pkg(path);
    }
    for (String path : r.localImports) {
      p.pkg(path);
    }
    if (r.script) {
      for (String name : r.names) {
        p.pkg(scriptPath.apply(name));
      }
    }
    p.run();
    Map<String, String> out = new LinkedHashMap<>(); // in the order the checker will import them
    for (Pkg pkg : p.pkgs.values()) {
      if (pkg != Plan.NONE) {
        out.put(pkg.path, pkg.prunedSource());
      }
    }
    return new Result(out, new HashSet<>(r.imports), r.script);
  }

  /**
   * The worklist: (package, wanted name) pairs, and names that became mentioned, until nothing
   * new is wanted.
   */
  private static final class Plan {
    static final Pkg NONE = new Pkg("", "");
    final Function<String, String> sourceOf;
    final Set<String> roots = new HashSet<>();
    /** Names the main file only selects from values: mentioned (methods), never wanted. */
    final Set<String> selected = new HashSet<>();
    final Map<String, Pkg> pkgs = new LinkedHashMap<>();
    final ArrayDeque<Object> work = new ArrayDeque<>(); // Pkg, String pairs
    /** Every name some kept text mentions (method calls included), and the implicit ones. */
    final Set<String> mentioned = new HashSet<>(IMPLICIT_METHODS);
    /** Methods of kept types whose name nobody mentions yet: name to (Pkg, decl) pairs. */
    final Map<String, List<Object>> parked = new HashMap<>();
    /**
     * Whether the program or kept code calls a method named Method or MethodByName (reflect's
     * lookups by index or name at run time, as text/template's method calls do): then every
     * exported method of a kept type is kept, as Go's linker keeps them for such a program.
     */
    boolean dynamicMethods;

    Plan(Function<String, String> sourceOf) {
      this.sourceOf = sourceOf;
    }

    /** The package at {@code path}, indexed on first use (and its roots queued); null if none. */
    Pkg pkg(String path) {
      Pkg p = pkgs.get(path);
      if (p != null) {
        return p == NONE ? null : p;
      }
      String src = sourceOf.apply(path);
      if (src == null) {
        pkgs.put(path, NONE);
        return null;
      }
      p = new Pkg(path, src);
      pkgs.put(path, p);
      for (int d = 0; d < p.decls.size(); d++) {
        if (p.decls.get(d).always) {
          keep(p, d);
        }
      }
      for (String r : roots) {
        want(p, r);
      }
      for (Map.Entry<String, List<Integer>> e : p.fieldKeepIf.entrySet()) {
        if (roots.contains(e.getKey()) || selected.contains(e.getKey())) {
          for (int d : e.getValue()) {
            keep(p, d);
          }
        }
      }
      for (String imp : p.imports.values()) {
        pkg(imp); // loaded (if only as a blank import) whatever is kept
      }
      return p;
    }

    void want(Pkg p, String name) {
      if (p.wanted.add(name)) {
        work.add(p);
        work.add(name);
      }
    }

    void mention(String name) {
      if (mentioned.add(name)) {
        unpark(name);
      }
    }

    /** Calls x.Name(args) seen so far (see Decl.calls): each name's argument counts. */
    final Map<String, Set<Integer>> called = new HashMap<>();

    /** A call x.Name(k arguments) ("Name/k"): methods of that name that take k are kept. */
    void call(String nameCount) {
      int slash = nameCount.lastIndexOf('/');
      String name = nameCount.substring(0, slash);
      Set<Integer> counts = called.get(name);
      if (counts == null) {
        counts = new HashSet<>();
        called.put(name, counts);
      }
      if (!counts.add(Integer.parseInt(nameCount, slash + 1, nameCount.length(), 10))) {
        return;
      }
      List<Object> ms = parked.get(name);
      if (ms == null) {
        return;
      }
      List<Object> still = new ArrayList<>();
      List<Object> now = new ArrayList<>();
      for (int i = 0; i < ms.size(); i += 2) {
        List<Object> to = matches((Pkg) ms.get(i), (Integer) ms.get(i + 1)) ? now : still;
        to.add(ms.get(i));
        to.add(ms.get(i + 1));
      }
      if (still.isEmpty()) {
        parked.remove(name);
      } else {
        parked.put(name, still);
      }
      for (int i = 0; i < now.size(); i += 2) {
        keep((Pkg) now.get(i), (Integer) now.get(i + 1));
      }
    }

    /** Whether some call seen so far may call method d of p (by its name and arity). */
    private boolean matches(Pkg p, int d) {
      Decl decl = p.decls.get(d);
      Set<Integer> counts = called.get(decl.names.get(0));
      if (counts == null) {
        return false;
      }
      int n = p.methodArity(decl);
      if (n == Integer.MIN_VALUE) {
        return true;
      }
      if (n >= 0) {
        return counts.contains(n);
      }
      for (int k : counts) { // variadic: n-1 or more arguments
        if (k >= -n - 2) {
          return true;
        }
      }
      return false;
    }

    /** From now on every exported method of a kept type is kept (see {@link #dynamicMethods}). */
    void keepExportedMethods() {
      if (!dynamicMethods) {
        dynamicMethods = true;
        for (String m : new ArrayList<>(parked.keySet())) {
          if (isExported(m)) {
            unpark(m);
          }
        }
      }
    }

    private void unpark(String name) {
      List<Object> ms = parked.remove(name);
      if (ms != null) {
        for (int i = 0; i < ms.size(); i += 2) {
          keep((Pkg) ms.get(i), (Integer) ms.get(i + 1));
        }
      }
    }

    void keep(Pkg p, int d) {
      if (p.kept[d]) {
        return;
      }
      p.kept[d] = true;
      Decl decl = p.decls.get(d);
      p.scanMentions(decl);
      if (decl.looksUpMethods) {
        keepExportedMethods();
      }
      for (String id : decl.idents) {
        want(p, id);
        mention(id);
      }
      for (String sel : decl.sels) {
        mention(sel);
      }
      for (String c : decl.calls) {
        call(c);
      }
      for (int i = 0; i < decl.quals.size(); i += 2) {
        String x = decl.quals.get(i);
        String path = p.imports.get(x);
        if (path != null) {
          p.usedImports.add(x);
          Pkg q = pkg(path);
          if (q != null) {
            want(q, decl.quals.get(i + 1));
          }
        }
      }
    }

    void run() {
      for (String r : roots) {
        mention(r);
      }
      for (String r : selected) {
        mention(r);
      }
      while (!work.isEmpty()) {
        Pkg p = (Pkg) work.poll();
        String name = (String) work.poll();
        for (int d : p.byName.getOrDefault(name, List.of())) {
          keep(p, d);
        }
        for (int d : p.methodsOf.getOrDefault(name, List.of())) {
          String m = p.decls.get(d).names.isEmpty() ? "" : p.decls.get(d).names.get(0);
          if (mentioned.contains(m) || dynamicMethods && isExported(m) || !m.isEmpty() && matches(p, d)) {
            keep(p, d);
          } else {
            List<Object> l = parked.get(m);
            if (l == null) {
              l = new ArrayList<>();
              parked.put(m, l);
            }
            l.add(p);
            l.add(d);
          }
        }
      }
    }
  }

  // ====================================================================================
  // One package: its top-level declarations and imports
  // ====================================================================================

  /** A top-level declaration: its text range and the names it declares and mentions. */
  static final class Decl {
    final int start;
    int end;
    /** "func", "var", "const", "type" or "import". */
    final String keyword;
    /** Declared names (for a method: its name; {@link #recv} says whose). */
    final List<String> names = new ArrayList<>();
    /** A method's receiver base type name, else null. */
    String recv;
    /** Whether it is always kept (var, func init). */
    boolean always;
    /** Names under which it is kept besides its own (a func init's keepif directive). */
    final List<String> keepIf = new ArrayList<>();
    /** Number of line breaks in its text (a dropped declaration leaves that many). */
    int lines;
    /** Whether idents, quals and sels are filled (done only for kept declarations). */
    boolean scanned;
    /** Whether it calls {@code .Method(} or {@code .MethodByName(} (see Plan.dynamicMethods). */
    boolean looksUpMethods;
    /** Unqualified identifiers it mentions. */
    final Set<String> idents = new HashSet<>();
    /** X, Name pairs of the selectors X.Name it mentions, X not itself after a dot. */
    final List<String> quals = new ArrayList<>();
    /** Every name after a dot (fields, methods, package members) but those of {@link #calls}. */
    final Set<String> sels = new HashSet<>();
    /**
     * Methods (or package functions) it calls as x.Name(args) with a known number of arguments,
     * as "Name/count": a method of another arity cannot be the one called (unless variadic).
     */
    final Set<String> calls = new HashSet<>();
    /** A method's arity as Pkg.methodArity reads it; UNREAD until then. */
    int arity = UNREAD;
    static final int UNREAD = Integer.MIN_VALUE + 1;

    Decl(int start, String keyword) {
      this.start = start;
      this.keyword = keyword;
    }
  }

  /** A standard package's source, split into declarations. */
  static final class Pkg {
    final String path;
    final String source;
    final List<Decl> decls = new ArrayList<>();
    /** Import name (alias or last path element) to path. */
    final Map<String, String> imports = new LinkedHashMap<>();
    /** Offset of each import's path literal, by import name. */
    final Map<String, Integer> importAt = new HashMap<>();
    final Map<String, List<Integer>> byName = new HashMap<>();
    /**
     * The keepif names no top-level declaration has, with the inits they keep: fields' names
     * (unicode's R16), kept where the main program names or selects them (unicode.Latin.R16).
     * The package's own mentions do not count: its struct type declares the field.
     */
    final Map<String, List<Integer>> fieldKeepIf = new HashMap<>();
    final Map<String, List<Integer>> methodsOf = new HashMap<>();
    final Set<String> wanted = new HashSet<>();
    final Set<String> usedImports = new HashSet<>();
    final boolean[] kept;
    boolean hasPackageClause;

    /** A standard package, split at its declaration lines ({@link #splitLines}). */
    Pkg(String path, String source) {
      this.path = path;
      this.source = source;
      splitLines();
      kept = new boolean[decls.size()];
      index();
    }

    /** A package split by its tokens: the main file (which need not be gofmt'd), and tests. */
    Pkg(String path, String source, Lexer lx) {
      this.path = path;
      this.source = source;
      split(lx);
      kept = new boolean[decls.size()];
      index();
    }

    private void index() {
      for (int d = 0; d < decls.size(); d++) {
        Decl decl = decls.get(d);
        if (decl.recv != null) {
          add(methodsOf, decl.recv, d);
        } else if (decl.keepIf.isEmpty()) { // (a keepif init is not kept by the name init,
          for (String name : decl.names) { // which another init's text mentions)
            add(byName, name, d);
          }
        }
      }
      for (int d = 0; d < decls.size(); d++) {
        for (String name : decls.get(d).keepIf) {
          add(byName.containsKey(name) ? byName : fieldKeepIf, name, d);
        }
      }
    }

    private static void add(Map<String, List<Integer>> m, String k, int d) {
      List<Integer> l = m.get(k);
      if (l == null) {
        l = new ArrayList<>(2);
        m.put(k, l);
      }
      l.add(d);
    }

    /** Splits the token stream into top-level declarations. */
    private void split(Lexer lx) {
      List<Integer> starts = new ArrayList<>();
      int depth = 0;
      for (int i = 0; i < lx.n; i++) {
        byte k = lx.kind[i];
        if (k == OPEN) {
          depth++;
        } else if (k == CLOSE) {
          depth = Math.max(0, depth - 1);
        } else if (k == IDENT && depth == 0 && lx.lineStart[i] && DECL_KEYWORDS.contains(lx.text[i])) {
          starts.add(i);
        }
      }
      for (int s = 0; s < starts.size(); s++) {
        int a = starts.get(s);
        int b = s + 1 < starts.size() ? starts.get(s + 1) : lx.n;
        String kw = lx.text[a];
        if (kw.equals("package")) {
          hasPackageClause = true;
          continue;
        }
        if (kw.equals("import")) {
          imports(lx, a + 1, b);
          continue;
        }
        Decl d = new Decl(lx.start[a], kw);
        d.end = b < lx.n ? lx.start[b] : source.length();
        declared(lx, a + 1, b, d);
        keepVarIfImpure(d);
        keepInitIf(d);
        mentioned(lx, a + 1, b, d);
        d.scanned = true;
        for (int i = d.start; i < d.end; i++) {
          if (source.charAt(i) == '\n') {
            d.lines++;
          }
        }
        decls.add(d);
      }
    }

    /**
     * Splits the text at the lines that begin with a declaration keyword, without lexing it: in
     * gofmt'd code a top-level declaration starts exactly there (everything nested is indented;
     * DeadcodeTest checks the split against {@link #split} for every standard package). Only
     * what gives the declared names is lexed (a declaration's first line, or all of a group);
     * what a declaration mentions is lexed only if it is kept ({@link #scanMentions}). So the
     * cost of a standard package grows with its number of lines, not of tokens.
     */
    private void splitLines() {
      String s = source;
      int len = s.length();
      List<Integer> starts = new ArrayList<>(); // offset, line pairs
      int line = 0;
      for (int at = 0; at < len; line++) {
        int nl = s.indexOf('\n', at);
        if (nl < 0) {
          nl = len;
        }
        if (declKeyword(s, at) != null) {
          starts.add(at);
          starts.add(line);
        }
        at = nl + 1;
      }
      int lastLine = len > 0 && s.charAt(len - 1) == '\n' ? line : line - 1;
      for (int k = 0; k < starts.size(); k += 2) {
        int a = starts.get(k);
        int b = k + 2 < starts.size() ? starts.get(k + 2) : len;
        String kw = declKeyword(s, a);
        if (kw.equals("package")) {
          hasPackageClause = true;
          continue;
        }
        if (kw.equals("import")) {
          Lexer lx = new Lexer(s, a, b);
          imports(lx, 1, lx.n);
          continue;
        }
        Decl d = new Decl(a, kw);
        d.end = b;
        d.lines = (k + 2 < starts.size() ? starts.get(k + 3) : lastLine) - starts.get(k + 1);
        int p = a + kw.length();
        while (p < b && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) {
          p++;
        }
        boolean group = !kw.equals("func") && p < b && s.charAt(p) == '(';
        int headerEnd = group ? b : s.indexOf('\n', a);
        Lexer lx = new Lexer(s, a, headerEnd < 0 || headerEnd > b ? b : headerEnd);
        declared(lx, 1, lx.n, d);
        keepVarIfImpure(d);
        keepInitIf(d);
        decls.add(d);
      }
    }

    /**
     * A {@code //gol:keepif A B} line right before a {@code func init} keeps it as a declaration
     * named A or B is kept, where something mentions them, instead of always: os's init that lets
     * fmt follow a replaced os.Stdout matters only to a program that can name Stdout or Stdin. A
     * name no declaration of the package has is a field's: the init is kept where the main
     * program names or selects it (unicode's init that fills R16 and R32, for unicode.Latin.R16).
     */
    private void keepInitIf(Decl d) {
      if (!d.always || !d.keyword.equals("func") || !d.names.equals(List.of("init")) || d.start < 2) {
        return;
      }
      int line = source.lastIndexOf('\n', d.start - 2) + 1;
      String prev = source.substring(line, d.start - 1);
      if (prev.startsWith(KEEP_IF)) {
        d.always = false;
        d.keepIf.addAll(List.of(prev.substring(KEEP_IF.length()).trim().split(" +")));
      }
    }

    private static final String KEEP_IF = "//gol:keepif ";

    /** A var declaration is always kept only when its initialisers may do something (pureVar). */
    private void keepVarIfImpure(Decl d) {
      if (d.keyword.equals("var")) {
        d.always = !pureVar(source, d.start + "var".length(), d.end, pureCalls(path));
      }
    }

    /**
     * The functions a standard package's var initialisers call that do nothing but make their
     * result (a call of one, with such arguments, may be dropped with its var): errors.New, in
     * every package (std code imports errors by that name); unicode's tableMap, which fills a map
     * from constant text (Categories, Scripts: built at every start-up of a program that imports
     * strings, for nothing, unless dropped); os's standard files and arguments, and the make of its
     * pipe table's lock (kept, it kept *File's Write and os.Pipe's code in every program). A function named
     * here must stay free of effects beyond its result.
     */
    static Set<String> pureCalls(String path) {
      return switch (path) {
        case "errors" -> Set.of("New");
        case "unicode" -> Set.of("errors.New", "tableMap");
        case "os" -> Set.of("errors.New", "NewFile", "stdinHandle", "runtimeArgs", "make"); // (make(chan T, 1))
        default -> Set.of("errors.New");
      };
    }

    /** {@link #pureVar(String, int, int, Set)} with no call allowed. */
    static boolean pureVar(String s, int from, int to) {
      return pureVar(s, from, to, Set.of());
    }

    /**
     * Whether the var declaration text {@code s[from, to)} (after the keyword; a group, or one
     * spec) can be dropped when nothing mentions its names: its initialisers call nothing and
     * cannot panic or block. Allowed: names, number and string literals, {@code & * , = : . ; + -}
     * (unicode's CaseRanges has negative deltas; adding and subtracting never panic),
     * composite literals and types ({@code []T{...}}, {@code map[K]V{...}}, {@code [N]T}), and
     * an index only with a constant ({@code &tables[3]}: the standard packages index arrays
     * there, so it cannot panic). Anything else — a parenthesis (a call, a conversion, a func
     * literal, a type assertion), another operator (a division or shift can panic, a receive blocks) — keeps
     * the declaration, as every var was kept before: unicode's 238 range tables, net/http's
     * status texts and sniffing signatures cost start-up only where a program uses them. A call
     * of a function in {@code pure} ({@code errors.New("EOF")}) is allowed, its arguments
     * checked as the rest.
     */
    static boolean pureVar(String s, int from, int to, Set<String> pure) {
      boolean group = false;
      boolean first = true;
      int calls = 0; // open parentheses of allowed calls
      char prev = ' '; // the last significant character
      for (int i = from; i < to; i++) {
        char c = s.charAt(i);
        if (c == '/' && i + 1 < to && s.charAt(i + 1) == '/') {
          while (i < to && s.charAt(i) != '\n') {
            i++;
          }
          continue;
        }
        if (c == '/' && i + 1 < to && s.charAt(i + 1) == '*') {
          int e = s.indexOf("*/", i + 2);
          i = e < 0 || e + 1 >= to ? to : e + 1;
          continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
          continue;
        }
        if (c == '"' || c == '`' || c == '\'') {
          int j = i + 1;
          while (j < to && s.charAt(j) != c) {
            j += c != '`' && s.charAt(j) == '\\' ? 2 : 1;
          }
          i = j;
          prev = 'a';
          first = false;
          continue;
        }
        if (c == '(' && first) {
          group = true;
        } else if (c == '(' && i > from && isWordChar(s.charAt(i - 1))) { // a call: of a pure function?
          int j = i;
          while (j > from && (isWordChar(s.charAt(j - 1)) || s.charAt(j - 1) == '.')) {
            j--;
          }
          if (!pure.contains(s.substring(j, i))) {
            return false;
          }
          calls++;
        } else if (c == ')' && calls > 0) {
          calls--;
        } else if (c == ')' && group) {
          group = false; // the group's end: nothing but comments may follow
        } else if (c == '[') {
          // gofmt writes an index right after its operand, a type after a blank: var s []T
          boolean afterOperand = i > from && (s.charAt(i - 1) == ']' || isWordChar(s.charAt(i - 1)));
          boolean mapType = i - 3 >= from && s.startsWith("map", i - 3)
              && (i - 4 < from || !isWordChar(s.charAt(i - 4)));
          if (afterOperand && !mapType) { // an index: only a constant one
            int j = i + 1;
            while (j < to && Character.isDigit(s.charAt(j))) {
              j++;
            }
            if (j == i + 1 || j >= to || s.charAt(j) != ']') {
              return false;
            }
          }
        } else if (!isWordChar(c) && "&*]{},=:.;+-".indexOf(c) < 0) { // (+ and - never panic)
          return false;
        }
        prev = c;
        first = false;
      }
      return !group && calls == 0;
    }

    private static boolean isWordChar(char c) {
      return c == '_' || Character.isLetterOrDigit(c);
    }

    /** The declaration keyword a line starting at {@code at} begins with, followed by a blank or '(', or null. */
    private static String declKeyword(String s, int at) {
      if (at >= s.length()) {
        return null;
      }
      String kw;
      switch (s.charAt(at)) {
        case 'f': kw = "func"; break;
        case 't': kw = "type"; break;
        case 'v': kw = "var"; break;
        case 'c': kw = "const"; break;
        case 'i': kw = "import"; break;
        case 'p': kw = "package"; break;
        default: return null;
      }
      int e = at + kw.length();
      if (e >= s.length() || !s.startsWith(kw, at)) {
        return null;
      }
      char c = s.charAt(e);
      return c == ' ' || c == '\t' || c == '(' ? kw : null;
    }

    /** Fills in what a declaration mentions, lexing its text (once). */
    void scanMentions(Decl d) {
      if (!d.scanned) {
        Lexer lx = new Lexer(source, d.start, d.end);
        mentioned(lx, 1, lx.n, d);
        d.scanned = true;
      }
    }

    private void imports(Lexer lx, int a, int b) {
      for (int i = a; i < b; i++) {
        if (lx.kind[i] != STRING) {
          continue;
        }
        String p = lx.text[i];
        p = p.substring(1, p.length() - 1);
        String name = i > a && lx.kind[i - 1] == IDENT ? lx.text[i - 1] : null;
        if (name == null && i > a && lx.kind[i - 1] == DOT) {
          name = "."; // import . "path"
        }
        if (name == null) {
          name = p.substring(p.lastIndexOf('/') + 1);
        }
        imports.put(name, p);
        importAt.put(name, lx.start[i]);
      }
    }

    /** The names a declaration declares: tokens [a, b) after its keyword. */
    private static void declared(Lexer lx, int a, int b, Decl d) {
      switch (d.keyword) {
        case "func":
          if (a < b && lx.kind[a] == OPEN) {
            int depth = 0;
            int i = a;
            for (; i < b; i++) {
              if (lx.kind[i] == OPEN) {
                depth++;
              } else if (lx.kind[i] == CLOSE && --depth == 0) {
                break;
              } else if (lx.kind[i] == IDENT && depth == 1) {
                d.recv = lx.text[i]; // the last identifier outside brackets: the base type
              }
            }
            a = i + 1;
          }
          if (a < b && lx.kind[a] == IDENT) {
            d.names.add(lx.text[a]);
            d.always = d.recv == null && lx.text[a].equals("init");
          }
          break;
        case "var":
          d.always = true;
          specNames(lx, a, b, d);
          break;
        default: // const, type
          specNames(lx, a, b, d);
          break;
      }
    }

    /** Names of one spec ({@code x, y ...}) or of each line of a group. */
    private static void specNames(Lexer lx, int a, int b, Decl d) {
      if (a < b && lx.kind[a] == OPEN) {
        int depth = 0;
        for (int i = a; i < b; i++) {
          if (lx.kind[i] == OPEN) {
            depth++;
          } else if (lx.kind[i] == CLOSE) {
            depth--;
          } else if (depth == 1 && lx.kind[i] == IDENT && (i == a + 1 || lx.lineStart[i])) {
            nameList(lx, i, b, d);
          }
        }
      } else if (a < b && lx.kind[a] == IDENT) {
        nameList(lx, a, b, d);
      }
    }

    private static void nameList(Lexer lx, int i, int b, Decl d) {
      d.names.add(lx.text[i]);
      while (i + 2 < b && lx.kind[i + 1] == COMMA && lx.kind[i + 2] == IDENT) {
        i += 2;
        d.names.add(lx.text[i]);
      }
    }

    /** The identifiers and X.Name selectors in tokens [a, b). */
    private static void mentioned(Lexer lx, int a, int b, Decl d) {
      boolean[] spec = interfaceMethods(lx, a, b, d);
      for (int i = a; i < b; i++) {
        if (lx.kind[i] != IDENT || spec != null && spec[i - a]) {
          continue; // keywords pass as identifiers: no declaration has their names
        }
        if (i > a && lx.kind[i - 1] == DOT) {
          int args = i + 1 < b && lx.text[i + 1] == PAREN ? callArity(lx, i + 1, b) : -1;
          if (args >= 0) {
            d.calls.add(lx.text[i] + "/" + args);
          } else {
            d.sels.add(lx.text[i]);
          }
          d.looksUpMethods |= isMethodLookupCall(lx, i, b);
          if (i - 2 >= a && lx.kind[i - 2] == IDENT && !(i - 3 >= a && lx.kind[i - 3] == DOT)) {
            d.quals.add(lx.text[i - 2]);
            d.quals.add(lx.text[i]);
          }
          continue;
        }
        d.idents.add(lx.text[i]);
      }
    }

    /**
     * Records in d.calls the method specs of the interface types in tokens [a, b) (a name followed
     * by its parameters, directly in {@code interface { ... }}) as "Name/count": only a method
     * taking that many can satisfy one (fmt's Formatter keeps Format(State, rune), not time's
     * Format(layout)). Returns which tokens (from a) are those names, or null if none are.
     */
    private static boolean[] interfaceMethods(Lexer lx, int a, int b, Decl d) {
      boolean[] spec = null;
      for (int i = a; i + 1 < b; i++) {
        if (lx.kind[i] != IDENT || !lx.text[i].equals("interface") || lx.text[i + 1] != BRACE) {
          continue;
        }
        int depth = 0;
        for (int j = i + 1; j < b; j++) {
          if (lx.kind[j] == OPEN) {
            depth++;
          } else if (lx.kind[j] == CLOSE && --depth == 0) {
            break;
          } else if (depth == 1 && lx.kind[j] == IDENT && j + 1 < b && lx.text[j + 1] == PAREN
              && lx.kind[j - 1] != DOT) {
            int params = paramCount(lx, j + 1, b);
            if (params >= 0) {
              if (spec == null) {
                spec = new boolean[b - a];
              }
              spec[j - a] = true;
              d.calls.add(lx.text[j] + "/" + params);
            }
          }
        }
      }
      return spec;
    }

    /**
     * The list (of parameters or arguments) that opens at token open: the index of the token
     * that closes it (b when none does before b), and its number of entries, a trailing comma
     * (gofmt's multi-line lists end in one) not counting.
     */
    private static long list(Lexer lx, int open, int b) {
      int depth = 0;
      int commas = 0;
      for (int j = open; j < b; j++) {
        if (lx.kind[j] == OPEN) {
          depth++;
        } else if (lx.kind[j] == CLOSE && --depth == 0) {
          int n = j == open + 1 ? 0 : lx.kind[j - 1] == COMMA ? commas : commas + 1;
          return (long) j << 32 | n;
        } else if (depth == 1 && lx.kind[j] == COMMA) {
          commas++;
        }
      }
      return (long) b << 32;
    }

    /** The number of entries in the parameter list that opens at token open, or -1. */
    private static int paramCount(Lexer lx, int open, int b) {
      long l = list(lx, open, b);
      return (int) (l >>> 32) >= b ? -1 : (int) l;
    }

    /**
     * The number of arguments of the call whose list opens at token open, or -1 when it is not
     * known: a list that ends in "..." (a spread), or a single argument that is itself a call
     * (it may be multi-valued: f(g())), or one that runs past b.
     */
    private static int callArity(Lexer lx, int open, int b) {
      long l = list(lx, open, b);
      int close = (int) (l >>> 32);
      int n = (int) l;
      if (close >= b) {
        return -1;
      }
      int last = lx.kind[close - 1] == COMMA ? close - 2 : close - 1;
      return n > 0 && (lx.kind[last] == DOT || n == 1 && lx.kind[last] == CLOSE) ? -1 : n;
    }

    /**
     * A method's number of parameters from the first line of its declaration (func (r T)
     * Name(params) ...), negated minus one for a variadic one (-n-1: n or more arguments less
     * one), or Integer.MIN_VALUE when it cannot be read (then any call of its name keeps it).
     */
    int methodArity(Decl d) {
      if (d.arity == Decl.UNREAD) {
        d.arity = readArity(d);
      }
      return d.arity;
    }

    private int readArity(Decl d) {
      int eol = source.indexOf('\n', d.start);
      Lexer lx = new Lexer(source, d.start, eol < 0 || eol > d.end ? d.end : eol);
      int depth = 0;
      for (int j = 1; j < lx.n; j++) { // after "func": the receiver's list, the name, the parameters
        if (lx.kind[j] == OPEN) {
          depth++;
        } else if (lx.kind[j] == CLOSE) {
          depth--;
        } else if (depth == 0 && lx.kind[j] == IDENT && j + 1 < lx.n && lx.text[j + 1] == PAREN) {
          long l = list(lx, j + 1, lx.n);
          int close = (int) (l >>> 32);
          if (close >= lx.n) {
            return Integer.MIN_VALUE;
          }
          int n = (int) l;
          boolean variadic = false; // "..." starting the last parameter's type
          for (int k = close - 1, nest = 0; k > j + 1 && !(nest == 0 && lx.kind[k] == COMMA); k--) {
            nest += lx.kind[k] == CLOSE ? 1 : lx.kind[k] == OPEN ? -1 : 0;
            variadic |= nest == 0 && lx.kind[k] == DOT && lx.kind[k - 1] == DOT;
          }
          return variadic ? -n - 1 : n;
        }
      }
      return Integer.MIN_VALUE;
    }

    /**
     * The source with every declaration not kept reduced to its line breaks (and the blanks
     * before the next token on its last line), and every import no kept declaration uses made a
     * blank import: every kept token stays at its line and column, and the parser reads little
     * more than the kept text.
     */
    String prunedSource() {
      List<Integer> blanks = new ArrayList<>();
      for (Map.Entry<String, Integer> e : importAt.entrySet()) {
        String name = e.getKey();
        if (!usedImports.contains(name) && !name.equals("_") && !name.equals(".")) {
          blanks.add(e.getValue());
        }
      }
      blanks.sort(null);
      StringBuilder sb = new StringBuilder(source.length() / 4);
      int from = 0;
      int bi = 0;
      for (int d = 0; d <= decls.size(); d++) {
        int until = d < decls.size() ? decls.get(d).start : source.length();
        while (bi < blanks.size() && blanks.get(bi) < until) {
          int at = blanks.get(bi++);
          sb.append(source, from, at).append("_ ");
          from = at;
        }
        if (d == decls.size() || kept[d]) {
          continue;
        }
        Decl decl = decls.get(d);
        sb.append(source, from, decl.start);
        int lastBreak = source.lastIndexOf('\n', decl.end - 1);
        int blanksAfter = decl.end - decl.start;
        if (lastBreak >= decl.start) {
          for (int i = 0; i < decl.lines; i++) {
            sb.append('\n');
          }
          blanksAfter = decl.end - lastBreak - 1;
        }
        for (int i = 0; i < blanksAfter; i++) {
          sb.append(' ');
        }
        from = decl.end;
      }
      return sb.append(source, from, source.length()).toString();
    }
  }

  // ====================================================================================
  // The lexer: just enough of Go's to find identifiers, brackets and strings
  // ====================================================================================

  static final byte IDENT = 1;
  static final byte DOT = 2;
  static final byte OPEN = 3;
  static final byte CLOSE = 4;
  static final byte COMMA = 5;
  static final byte STRING = 6;
  static final byte OTHER = 7;
  /** The text of an OPEN token that is a brace or a parenthesis (other tokens but names and strings have none). */
  static final String BRACE = "{";
  static final String PAREN = "(";

  /**
   * Methods called without their name in any gol text: {@code Error} of the predeclared
   * {@code error} interface, and the methods fmt's printer and panic tracebacks look for.
   */
  static final Set<String> IMPLICIT_METHODS = Set.of("Error", "String", "GoString");

  /** reflect's lookups of methods not named in the program's text (see Plan.dynamicMethods). */
  static final Set<String> DYNAMIC_METHOD_LOOKUPS = Set.of("Method", "MethodByName");

  /** Whether the selected name at token i (after a dot) is Method or MethodByName, called. */
  private static boolean isMethodLookupCall(Lexer lx, int i, int b) {
    return i + 1 < b && lx.kind[i + 1] == OPEN && DYNAMIC_METHOD_LOOKUPS.contains(lx.text[i]);
  }

  /** Whether tokens [a, b) call {@code .Method(} or {@code .MethodByName(}. */
  static boolean callsMethodLookup(Lexer lx, int a, int b) {
    for (int i = a + 1; i < b; i++) {
      if (lx.kind[i] == IDENT && lx.kind[i - 1] == DOT && isMethodLookupCall(lx, i, b)) {
        return true;
      }
    }
    return false;
  }

  static boolean isExported(String name) {
    return !name.isEmpty() && Character.isUpperCase(name.codePointAt(0));
  }

  static final Set<String> DECL_KEYWORDS = Set.of("package", "import", "func", "var", "const", "type");
  static final Set<String> KEYWORDS = Set.of("break", "case", "chan", "const", "continue", "default",
      "defer", "else", "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map",
      "package", "range", "return", "select", "struct", "switch", "type", "var");

  /**
   * Go tokens as parallel arrays: kind, start offset, text (identifiers and strings only) and
   * whether the token is the first on its line. Comments, numbers and runes are skipped or
   * OTHER; malformed text (the main file may have errors) never throws.
   */
  static final class Lexer {
    int n;
    byte[] kind;
    int[] start;
    String[] text;
    boolean[] lineStart;
    /** Offset of the lexed text in the source. */
    private final int base;

    Lexer(String src) {
      this(src, 0, src.length());
    }

    /** The tokens of {@code src[from, to)}, with offsets into {@code src}. */
    Lexer(String src, int from, int to) {
      char[] s = new char[to - from]; // array reads: this runs before the JIT has compiled anything
      src.getChars(from, to, s, 0);
      base = from;
      int cap = Math.min(256, 8 + s.length / 4); // a token takes at least two characters, mostly
      kind = new byte[cap];
      start = new int[cap];
      text = new String[cap];
      lineStart = new boolean[cap];
      int len = s.length;
      boolean first = true; // nothing but blanks and comments since the last newline
      int i = 0;
      while (i < len) {
        char c = s[i];
        if (c == '\n') {
          first = true;
          i++;
        } else if (c == ' ' || c == '\t' || c == '\r') {
          i++;
        } else if (isLetter(c)) {
          int j = i + 1;
          while (j < len && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] >= 0x80 && gol.grammar.GoLetters.isDigit(s[j]))) {
            j++;
          }
          add(IDENT, i, new String(s, i, j - i), first);
          first = false;
          i = j;
        } else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
          while (i < len && s[i] != '\n') {
            i++;
          }
        } else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
          i += 2;
          while (i < len && !(s[i] == '*' && i + 1 < len && s[i + 1] == '/')) {
            first |= s[i] == '\n';
            i++;
          }
          i = Math.min(i + 2, len);
        } else if (c >= '0' && c <= '9' || c == '.' && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9') {
          int j = i + 1;
          while (j < len && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '.')) {
            j++;
          }
          add(OTHER, i, null, first);
          first = false;
          i = j;
        } else if (c == '"' || c == '\'' || c == '`') {
          int j = i + 1;
          while (j < len && s[j] != c) {
            if (c != '`' && s[j] == '\\') {
              j++;
            } else if (c != '`' && s[j] == '\n') {
              break; // unterminated: stop at the line's end
            }
            j++;
          }
          j = Math.min(j + 1, len);
          add(c == '"' || c == '`' ? STRING : OTHER, i, c == '\'' ? null : new String(s, i, j - i), first);
          first = false;
          i = j;
        } else {
          byte k = c == '.' ? DOT : c == ',' ? COMMA
              : c == '(' || c == '[' || c == '{' ? OPEN
              : c == ')' || c == ']' || c == '}' ? CLOSE : OTHER;
          add(k, i, c == '{' ? BRACE : c == '(' ? PAREN : null, first);
          first = false;
          i++;
        }
      }
    }

    /** Go's letter: ASCII letters, '_' and any Unicode letter. */
    private static boolean isLetter(char c) {
      return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80 && gol.grammar.GoLetters.isLetter(c);
    }

    private void add(byte k, int at, String t, boolean ls) {
      if (n == kind.length) {
        int cap = n * 2;
        kind = java.util.Arrays.copyOf(kind, cap);
        start = java.util.Arrays.copyOf(start, cap);
        text = java.util.Arrays.copyOf(text, cap);
        lineStart = java.util.Arrays.copyOf(lineStart, cap);
      }
      kind[n] = k;
      start[n] = base + at;
      text[n] = t;
      lineStart[n] = ls;
      n++;
    }
  }
}
