package gol.stdlib.json;

import gol.runtime.RType;

/**
 * What the encoder's and the decoder's natives share (JsonEncode, JsonDecode): the per-type plans
 * json.gol teaches them, and a walk that stops — with a status for the gol code: NEED a type's
 * plan, GOL to decode or encode the value itself — by unwinding to its entry point.
 */
abstract class JsonWalk {
  static final int DONE = 0;
  static final int NEED = 1;
  static final int GOL = 2;

  /** Unwinds the walk to its entry; carries no stack trace (it is control flow). */
  static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1;

    private Stop() {
      super(null, null, false, false);
    }
  }

  static final Stop STOP = new Stop();

  final JsonPlans plans;
  /** Why the walk stopped (DONE, NEED, GOL, or a subclass's own). */
  int status;
  /** The type whose plan the walk needs (NEED). */
  RType need;

  JsonWalk(JsonPlans plans) {
    this.plans = plans;
  }

  void stop(int st) {
    status = st;
    throw STOP;
  }

  /** The plan of type t, or a stop that asks json.gol for it. */
  JsonPlans.Plan plan(RType t) {
    JsonPlans.Plan p = plans.plans.get(t);
    if (p == null) {
      need = t;
      stop(NEED);
    }
    return p;
  }
}
