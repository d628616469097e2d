package gol.stdlib.testing;

import com.google.re2j.GoRegexp;
import com.google.re2j.PatternSyntaxException;
import gol.runtime.Alloc;
import gol.runtime.FuncInfo;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The natives of package testing (testing.gol): the calling goroutine's frames for log-line
 * attribution, regular-expression matching of test names (Go's regexp syntax and semantics,
 * through re2j as package regexp), capturing standard output for examples, the timeout panic
 * that prints every goroutine, and host facts for benchmark headers.
 */
public final class TestingPkg {
  private TestingPkg() {
  }

  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);
  private static final Map<String, Object> PATTERNS = new ConcurrentHashMap<>();

  public static Native link(String name) {
    return switch (name) {
      case "stackText" -> TestingPkg::stackText;
      case "matchString" -> TestingPkg::matchString;
      case "captureStdout" -> (g, b) -> g.machine.stdout.startCapture();
      case "endCapture" -> (g, b) -> g.rs[b] = GoString.wrap(g.machine.stdout.endCapture());
      case "panicAll" -> (g, b) -> {
        g.machine.tracebackAll = true;
        throw new GoPanic(new Iface(STRING, 0, g.rs[b]));
      };
      case "panicOnExit0" -> (g, b) -> g.machine.panicOnExit0 = g.ls[b] != 0;
      case "gomaxprocs" -> (g, b) -> g.ls[b] = g.sched != null ? g.sched.setGomaxprocs(0) : 1;
      case "sysinfo" -> TestingPkg::sysinfo;
      case "allocated" -> TestingPkg::allocated;
      default -> null;
    };
  }

  /**
   * func stackText() string: the frames below the caller of stackText (whose own pc is not
   * saved while a native runs), innermost first, as "function\tfile\tline\n". A caller's pc is
   * a return address, so its line is that of pc - 1. Runtime-internal frames are left out.
   */
  static void stackText(G g, int base) {
    StringBuilder sb = new StringBuilder();
    for (int d = g.depth - 2; d >= 0; d--) {
      if (!(g.frameFn[d] instanceof FuncInfo f)) {
        continue;
      }
      String name = f.funcName();
      if (name.startsWith("runtime.") && name.length() > 8 && !Character.isUpperCase(name.charAt(8))) {
        continue;
      }
      sb.append(name).append('\t').append(f.fileName()).append('\t')
          .append(f.lineAt(g.framePc[d] - 1)).append('\n');
    }
    g.rs[base] = GoString.of(sb.toString());
  }

  /**
   * func matchString(pat, str string) (bool, string): a partial match with Go's regexp syntax and
   * semantics (re2j's RE2, as package regexp uses), and Go's error text for a bad pattern
   * ("error parsing regexp: missing closing ]: `[`").
   */
  static void matchString(G g, int base) {
    String pat = g.rs[base].toString();
    String s = g.rs[base + 1].toString();
    Object p = PATTERNS.computeIfAbsent(pat, TestingPkg::compile);
    if (p instanceof GoRegexp re) {
      g.ls[base] = re.match(s) ? 1 : 0;
      g.rs[base + 1] = GoString.EMPTY;
    } else {
      g.ls[base] = 0;
      g.rs[base + 1] = GoString.of((String) p);
    }
  }

  /** A compiled pattern, or Go's error text for it. */
  private static Object compile(String pat) {
    try {
      return GoRegexp.compile(pat, false, false);
    } catch (PatternSyntaxException e) {
      String code = e.getDescription();
      String what = e.getPattern();
      if (code.equals("regexp/syntax: internal error") && what.equals("stack underflow")) {
        code = "unexpected )"; // re2j 1.8 misreports an unmatched ) (Go: ErrUnexpectedParen)
        what = pat;
      }
      return "error parsing regexp: " + code + ": `" + what + "`";
    }
  }

  /** func sysinfo() (goos, goarch, cpu string) */
  static void sysinfo(G g, int base) {
    String os = System.getProperty("os.name", "").toLowerCase();
    String goos = os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "darwin"
        : os.startsWith("windows") ? "windows" : os.replace(' ', '_');
    String arch = System.getProperty("os.arch", "");
    String goarch = switch (arch) {
      case "amd64", "x86_64" -> "amd64";
      case "aarch64", "arm64" -> "arm64";
      case "x86", "i386" -> "386";
      default -> arch;
    };
    g.rs[base] = GoString.of(goos);
    g.rs[base + 1] = GoString.of(goarch);
    g.rs[base + 2] = GoString.of(cpuName());
  }

  /** The "model name" of /proc/cpuinfo (what Go's sysinfo.CPUName reads on Linux), or "". */
  private static String cpuName() {
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          int colon = line.indexOf(':');
          return colon < 0 ? "" : line.substring(colon + 1).trim();
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: no cpu line, as Go prints none when it cannot tell
    }
    return "";
  }

  /**
   * func allocated() (bytes, objects uint64): the objects the program has allocated so far and
   * their bytes, as gol.runtime.Alloc counts them.
   */
  static void allocated(G g, int base) {
    long[] r = Alloc.read(g);
    g.ls[base] = r[1];
    g.ls[base + 1] = r[0];
  }
}
