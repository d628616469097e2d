package gol.stdlib.fmt;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Methods} hook of the two-pass design: a first printer run records, in order, every
 * value whose Error, String or GoString method (written in gol) the printer asks for; fmt.gol
 * calls those methods (recovering panics) and a second run replays their results in the same
 * order. Formatting is deterministic, so both runs ask for the same values. When the first run
 * records nothing — the common case — its output is the answer and no second run happens.
 *
 * <p>A replayed text starting with {@link #PANIC_MARK} is not a method result but Go's
 * catchPanic output: {@code "\0<nil>"} for a nil receiver, {@code "\0PANIC=String method: x"}
 * otherwise (see {@link Printer}'s handleMethods).
 */
final class Recorder implements Methods {
  static final byte PANIC_MARK = 0;
  /** Method kinds, as fmt.gol's callMethod numbers them. */
  static final int ERROR = 0;
  static final int STRING = 1;
  static final int GOSTRING = 2;
  /**
   * A Format call: its entry in {@code which} is {@code FORMAT | k << 2}, k indexing the
   * directive's state in {@link #states} (three words each: verb and flags, width, precision;
   * fmt.gol's formatState reads them).
   */
  static final int FORMAT = 3;
  /** A Formatter's method signature as the compiler records it (RType.methodSigs). */
  private static final String FORMAT_SIG = "func(fmt.State, int32)";

  /** The recorded values and method kinds (null until the first: most calls record none). */
  List<Iface> values;
  List<Integer> which;
  /** The recorded Format calls' states, three words each (null until the first). */
  List<Long> states;
  private GoString[] texts;
  private int next;

  /** A recording hook (texts null) or a replaying one. */
  Recorder(GoString[] texts) {
    this.texts = texts;
  }

  /** Makes this recorder what {@code new Recorder(texts)} would be (FmtPkg keeps one per thread). */
  Recorder reset(GoString[] texts) {
    this.texts = texts;
    values = null;
    which = null;
    states = null;
    next = 0;
    return this;
  }

  @Override
  public GoString errorOrString(Iface v) {
    if (v.ref instanceof GoError e) {
      return e.error();
    }
    if (v.type.methods.containsKey("Error")) {
      return ask(v, ERROR);
    }
    if (v.type.methods.containsKey("String")) {
      return ask(v, STRING);
    }
    return null;
  }

  @Override
  public GoString goString(Iface v) {
    return v.type.methods.containsKey("GoString") ? ask(v, GOSTRING) : null;
  }

  @Override
  public GoString format(Iface v, Format f, int verb) {
    if (!v.type.methods.containsKey("Format") || v.type.methodSigs == null
        || !FORMAT_SIG.equals(v.type.methodSigs.get("Format"))) {
      return null;
    }
    if (texts != null) {
      return ask(v, FORMAT);
    }
    if (states == null) {
      states = new ArrayList<>();
    }
    int k = states.size() / 3;
    long flags = (f.minus ? 1 : 0) | (f.plus || f.plusV ? 2 : 0) | (f.sharp || f.sharpV ? 4 : 0)
        | (f.space ? 8 : 0) | (f.zero ? 16 : 0) | (f.widPresent ? 32 : 0) | (f.precPresent ? 64 : 0);
    states.add((long) verb | flags << 21);
    states.add((long) f.wid);
    states.add((long) f.prec);
    return ask(v, FORMAT | k << 2);
  }

  private GoString ask(Iface v, int kind) {
    if (texts != null) {
      return next < texts.length ? texts[next++] : GoString.EMPTY;
    }
    if (values == null) {
      values = new ArrayList<>();
      which = new ArrayList<>();
    }
    values.add(v);
    which.add(kind);
    return GoString.EMPTY;
  }

  boolean recorded() {
    return values != null;
  }
}
