package gol.interp.gofmt;

import java.util.ArrayList;
import java.util.List;

/** A unified diff of two texts, as gofmt -d prints it (three lines of context). */
final class Diff {
  private Diff() {
  }

  static String unified(String name, String a, String b) {
    String[] x = lines(a);
    String[] y = lines(b);
    int n = x.length;
    int m = y.length;
    int[][] lcs = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        lcs[i][j] = x[i].equals(y[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    // edit script: ' ' keep, '-' delete, '+' insert, with positions
    List<char[]> ops = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i].equals(y[j])) {
        ops.add(new char[] {' '});
        texts.add(x[i]);
        i++;
        j++;
      } else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) {
        ops.add(new char[] {'+'});
        texts.add(y[j]);
        j++;
      } else {
        ops.add(new char[] {'-'});
        texts.add(x[i]);
        i++;
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append("diff ").append(name).append(".orig ").append(name).append('\n');
    sb.append("--- ").append(name).append(".orig\n");
    sb.append("+++ ").append(name).append('\n');
    int k = 0;
    int total = ops.size();
    while (k < total) {
      if (ops.get(k)[0] == ' ') {
        k++;
        continue;
      }
      int start = Math.max(0, k - 3);
      int end = k;
      // extend the hunk while changes are within 6 lines of each other
      int last = k;
      for (int q = k; q < total; q++) {
        if (ops.get(q)[0] != ' ') {
          last = q;
        } else if (q - last > 6) {
          break;
        }
      }
      end = Math.min(total, last + 4);
      int aStart = 1;
      int bStart = 1;
      for (int q = 0; q < start; q++) {
        char c = ops.get(q)[0];
        if (c != '+') {
          aStart++;
        }
        if (c != '-') {
          bStart++;
        }
      }
      int aLen = 0;
      int bLen = 0;
      for (int q = start; q < end; q++) {
        char c = ops.get(q)[0];
        if (c != '+') {
          aLen++;
        }
        if (c != '-') {
          bLen++;
        }
      }
      sb.append("@@ -").append(aLen == 0 ? aStart - 1 : aStart).append(',').append(aLen)
          .append(" +").append(bLen == 0 ? bStart - 1 : bStart).append(',').append(bLen).append(" @@\n");
      for (int q = start; q < end; q++) {
        sb.append(ops.get(q)[0]).append(texts.get(q)).append('\n');
      }
      k = end;
    }
    return sb.toString();
  }

  private static String[] lines(String s) {
    if (s.isEmpty()) {
      return new String[0];
    }
    if (s.endsWith("\n")) {
      s = s.substring(0, s.length() - 1);
    }
    return s.split("\n", -1);
  }
}
