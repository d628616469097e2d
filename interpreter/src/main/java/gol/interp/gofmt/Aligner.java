package gol.interp.gofmt;

import java.util.ArrayList;
import java.util.List;

/**
 * gofmt's column alignment: text/tabwriter (minwidth 0, tabwidth 8, padding 1, spaces for
 * alignment, tabs for indentation, empty columns discarded) over the formatter's lines. A line is
 * its indentation (leading empty cells, written as tabs), its cells (each terminated by a tab)
 * and its trailing text; consecutive lines with a cell in the same column form a block whose
 * cells are padded to the widest. Blocks never cross a section break (gofmt's formfeed) or a
 * blank line.
 */
final class Aligner {
  private Aligner() {
  }

  /** One output line under construction. */
  static final class Line {
    final int indent;
    final List<String> cells = new ArrayList<>();
    /** Whether the tab ending each cell is a hard tab ('\t': not discardable) rather than '\v'. */
    final List<Boolean> hard = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean pendingSpace;
    boolean section;
    boolean blankLine;
    String firstToken;
    boolean startsWithCloser;
    /** Whether a token on the line (a raw string) spans lines. */
    boolean multiLineToken;
    boolean continuation;
    /** How many brackets were open where the line starts. */
    int depth;

    Line(int indent) {
      this.indent = indent;
    }

    static Line blank() {
      Line l = new Line(0);
      l.blankLine = true;
      return l;
    }

    boolean isBlank() {
      return blankLine;
    }

    void text(String s) {
      if (pendingSpace && cur.length() > 0) {
        cur.append(' ');
      }
      pendingSpace = false;
      cur.append(s);
    }

    void space() {
      pendingSpace = true;
    }

    void untrailSpace() {
      pendingSpace = false;
    }

    /** Ends the current cell with a soft tab ('\v'). */
    void tab() {
      cells.add(cur.toString());
      hard.add(false);
      cur = new StringBuilder();
      pendingSpace = false;
    }

    /** Ends the current cell with a hard tab (before a trailing comment). */
    void hardTab() {
      cells.add(cur.toString());
      hard.add(true);
      cur = new StringBuilder();
      pendingSpace = false;
    }

    int length() {
      int n = cur.length();
      for (String c : cells) {
        n += c.length() + 1;
      }
      return n;
    }

    /** The width of the line's text so far (cells joined by single blanks). */
    int lineWidthSince(int from) {
      return length() - from;
    }
  }

  /** A cell as tabwriter keeps it. */
  private record Cell(String text, int width, boolean htab) {
  }

  static String render(List<Line> lines) {
    StringBuilder sb = new StringBuilder();
    List<List<Cell>> section = new ArrayList<>();
    for (Line l : lines) {
      if (l.isBlank()) {
        flush(section, sb);
        sb.append('\n');
        continue;
      }
      if (l.section) {
        flush(section, sb);
      }
      List<Cell> cells = new ArrayList<>();
      for (int k = 0; k < l.indent; k++) {
        cells.add(new Cell("", 0, true));
      }
      for (int k = 0; k < l.cells.size(); k++) {
        String c = l.cells.get(k);
        cells.add(new Cell(c, c.codePointCount(0, c.length()), l.hard.get(k)));
      }
      String t = l.cur.toString();
      cells.add(new Cell(t, t.codePointCount(0, t.length()), false));
      section.add(cells);
    }
    flush(section, sb);
    return sb.toString();
  }

  private static void flush(List<List<Cell>> lines, StringBuilder sb) {
    if (lines.isEmpty()) {
      return;
    }
    List<Integer> widths = new ArrayList<>();
    format(lines, 0, lines.size(), widths, sb);
    lines.clear();
  }

  /** text/tabwriter's format: finds the column blocks and writes the lines. */
  private static int format(List<List<Cell>> lines, int line0, int line1, List<Integer> widths, StringBuilder sb) {
    int column = widths.size();
    for (int t = line0; t < line1; t++) {
      List<Cell> line = lines.get(t);
      if (column >= line.size() - 1) {
        continue;
      }
      writeLines(lines, line0, t, widths, sb);
      line0 = t;
      int width = 0;
      boolean discardable = true;
      for (; t < line1; t++) {
        line = lines.get(t);
        if (column >= line.size() - 1) {
          break;
        }
        Cell c = line.get(column);
        width = Math.max(width, c.width + 1);
        if (c.width > 0 || c.htab) {
          discardable = false;
        }
      }
      if (discardable) {
        width = 0;
      }
      widths.add(width);
      format(lines, line0, t, widths, sb);
      widths.remove(widths.size() - 1);
      line0 = t;
    }
    writeLines(lines, line0, line1, widths, sb);
    return line1;
  }

  private static void writeLines(List<List<Cell>> lines, int line0, int line1, List<Integer> widths, StringBuilder sb) {
    for (int i = line0; i < line1; i++) {
      List<Cell> line = lines.get(i);
      boolean useTabs = true;
      StringBuilder l = new StringBuilder();
      for (int j = 0; j < line.size(); j++) {
        Cell c = line.get(j);
        if (c.width == 0 && c.text.isEmpty()) {
          if (j < widths.size() && j < line.size() - 1) {
            pad(l, 0, widths.get(j), useTabs);
          }
        } else {
          useTabs = false;
          l.append(c.text);
          if (j < widths.size() && j < line.size() - 1) {
            pad(l, c.width, widths.get(j), false);
          }
        }
      }
      // tabwriter keeps trailing blanks of padding only before more text: trim the end
      int end = l.length();
      while (end > 0 && l.charAt(end - 1) == ' ') {
        end--;
      }
      sb.append(l, 0, end).append('\n');
    }
  }

  private static void pad(StringBuilder l, int textw, int cellw, boolean useTabs) {
    if (useTabs) {
      int w = (cellw + 7) / 8 * 8;
      int n = w - textw;
      for (int k = 0; k < (n + 7) / 8; k++) {
        l.append('\t');
      }
      return;
    }
    for (int k = textw; k < cellw; k++) {
      l.append(' ');
    }
  }
}
