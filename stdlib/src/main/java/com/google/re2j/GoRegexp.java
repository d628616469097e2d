package com.google.re2j;

import java.util.List;
import java.util.Map;

/**
 * gol's window on re2j's RE2 class: a line-by-line port of Go's regexp.Regexp whose Go-shaped
 * API (byte offsets into UTF-8 input, Go's FindAll rules, POSIX leftmost-longest, literal
 * prefixes) is package-private — the public Pattern/Matcher API follows java.util.regex
 * instead. This class lives in re2j's package to reach it; it is pinned to re2j 1.8 (stdlib's
 * pom). Used only by gol.stdlib.regexp.
 */
public final class GoRegexp {
  private final RE2 re;

  private GoRegexp(RE2 re) {
    this.re = re;
  }

  /**
   * Compiles expr with Go's syntax (Perl flags; POSIX ERE and leftmost-longest when posix).
   * Throws PatternSyntaxException with Go's error code and expression.
   */
  public static GoRegexp compile(String expr, boolean posix, boolean longest) {
    RE2 re = posix ? RE2.compilePOSIX(expr) : RE2.compileImpl(expr, RE2.PERL, longest);
    if (longest) {
      re.longest = true;
    }
    return new GoRegexp(re);
  }

  public int numSubexp() {
    return re.numSubexp;
  }

  public Map<String, Integer> namedGroups() {
    return re.namedGroups;
  }

  /** The literal every match starts with, and whether it is the whole regexp. */
  public String prefix() {
    return re.prefix;
  }

  public boolean prefixComplete() {
    return re.prefixComplete;
  }

  public boolean match(byte[] b) {
    return re.matchUTF8(b);
  }

  public boolean match(String s) {
    return re.match(s);
  }

  /** findAll over UTF-16 text: char offsets. */
  public List<int[]> findAll(String s, int n) {
    return re.findAllSubmatchIndex(s, n);
  }

  /** Go's FindAllSubmatchIndex(b, n): byte offsets, -1 for groups that did not take part; null for none. */
  public List<int[]> findAll(byte[] b, int n) {
    return re.findAllUTF8SubmatchIndex(b, n);
  }
}
