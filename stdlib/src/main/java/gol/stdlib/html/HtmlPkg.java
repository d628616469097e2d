package gol.stdlib.html;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The native of package html: the named character references of the HTML standard (about 2200
 * names, read once from the resource gol/std/html/entities.txt), looked up by html.gol's
 * unescaper.
 */
public final class HtmlPkg {
  private static Map<String, GoString> table;

  private HtmlPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "entity" -> HtmlPkg::entity;
      default -> null;
    };
  }

  /** func entity(name string) string: the text name stands for ("" if none); name may end in ';'. */
  static void entity(G g, int b) {
    GoString name = (GoString) g.rs[b];
    GoString v = entities().get(name.toString());
    g.rs[b] = v == null ? GoString.EMPTY : v;
  }

  private static synchronized Map<String, GoString> entities() {
    if (table == null) {
      Map<String, GoString> m = new HashMap<>(4096);
      try (InputStream in = gol.stdlib.StdSources.open("gol/std/html/entities.txt");
           BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (line.startsWith("#") || line.isEmpty()) {
            continue;
          }
          String[] f = line.split(" ");
          StringBuilder sb = new StringBuilder();
          for (int i = 1; i < f.length; i++) {
            sb.appendCodePoint(Integer.parseInt(f[i], 16));
          }
          m.put(f[0], GoString.of(sb.toString()));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("html entities", e);
      }
      table = m;
    }
    return table;
  }
}
