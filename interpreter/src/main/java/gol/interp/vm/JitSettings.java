package gol.interp.vm;

import gol.runtime.Debug;

/**
 * The GOLDEBUG settings the translator reads (docs/jit.md), in a class of their own: JitCache
 * stamps its entries with them as a program starts, without loading the translator.
 */
final class JitSettings {
  private JitSettings() {
  }

  /** jitregions=0 leaves a function too big for one method interpreted (JitRegions). */
  static final boolean REGIONS = Debug.value("jitregions", 1) != 0;

  /**
   * jitoutline=0 translates a function run once (main, init) as one method, its loops that
   * call out included (JitRegions.outline).
   */
  static final boolean OUTLINE = REGIONS && Debug.value("jitoutline", 1) != 0;

  /** jittrips: how many times round an outlined loop goes in one call of its region. */
  static final int TRIPS_PER_CALL = Math.max(1, Debug.value("jittrips", 16));

  /** jitregbytes: the largest translation kept in register mode (JitEmitter). */
  static final int MAX_REGS_METHOD_BYTES = Debug.value("jitregbytes", 3000);

  /** All of them, for JitCache's stamp. */
  static final String STAMP = "regions=" + REGIONS + " outline=" + OUTLINE + " trips="
      + TRIPS_PER_CALL + " regbytes=" + MAX_REGS_METHOD_BYTES;
}
