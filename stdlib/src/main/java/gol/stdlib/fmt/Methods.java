package gol.stdlib.fmt;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;

/**
 * How the {@link Printer} learns what a value's Error, String or GoString method returns — the
 * one place where formatting depends on user code.
 *
 * <p><b>Why a hook.</b> Natives never call gol code, so the printer cannot call a method written
 * in gol. Values made by natives (e.g. strconv's {@code *NumError}) implement {@link GoError} and
 * are answered by {@link #NATIVE}. For methods written in gol, the plan is for fmt's .gol code to
 * run the printer twice: first with a recording hook that notes every value whose method it asks
 * for (returning a placeholder), then — after the gol code has called those methods, recovering
 * panics into Go's {@code %!v(PANIC=String method: ...)} text — with a hook that answers from the
 * recorded results. Formatting is deterministic, so both runs ask for the same values in the same
 * order. The printer asks exactly where Go's {@code handleMethods} would call the method, so the
 * methods run exactly when Go runs them.
 */
public interface Methods {
  /**
   * The text of {@code v.Error()} if {@code v}'s dynamic type implements error, else of
   * {@code v.String()} if it implements fmt.Stringer, else null.
   */
  GoString errorOrString(Iface v);

  /** The text of {@code v.GoString()} for %#v if {@code v} implements fmt.GoStringer, else null. */
  default GoString goString(Iface v) {
    return null;
  }

  /**
   * What {@code v.Format(state, verb)} writes if {@code v} implements fmt.Formatter, else null;
   * the state is the directive's flags, width and precision in {@code f}.
   */
  default GoString format(Iface v, Format f, int verb) {
    return null;
  }

  /**
   * Knows only the error values made by natives. (An anonymous class, not a lambda: fmt's
   * natives make it on every run, and a hello world links no lambda.)
   */
  Methods NATIVE = new Methods() {
    @Override
    public GoString errorOrString(Iface v) {
      return v.ref instanceof GoError e ? e.error() : null;
    }
  };
}
