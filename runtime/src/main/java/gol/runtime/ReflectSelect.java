package gol.runtime;

/*
 * reflect.Select: the select statement over a list of cases known only at run time (Go's
 * reflect.rselect, which calls the same selectgo as the statement).
 *
 * Concepts
 *   The statement's SELECT instruction keeps its cases in the G's registers and re-executes on
 *   resume (see Select); a native cannot, so the cases live in a Cases object that package
 *   reflect keeps across the park: start() polls and, when nothing is ready and there is no
 *   default, enqueues a sudog on every channel and parks (Sched.park: the native returns,
 *   the G resumes after the call); reflect.gol then calls finish(), which dequeues the losers
 *   and takes the result over. A receive sudog has no slot: the waker leaves the value in it.
 *   The passes are Select's: random poll order for fairness, channels locked in id order.
 *
 * Invariants
 *   - As Select: channel locks in lock order, released in reverse; exactly one sudog of the G
 *     completes between park and finish (claimSelect); no G readied under a channel lock.
 *
 * State transitions
 *   start: ready case | default -> DONE; nothing ready -> enqueued, PARKED -> (woken) finish.
 */
public final class ReflectSelect {
  private ReflectSelect() {
  }

  /** The cases of one reflect.Select and, once done, its outcome. */
  public static final class Cases {
    /** Each case's channel (null: a nil channel, never ready) and kind (Select.SEND/RECV). */
    final Chan[] chans;
    final int[] kinds;
    /** Each send case's value (both halves; the other is ignored, by the channel's kind). */
    final long[] sendL;
    final Object[] sendR;
    final boolean hasDefault;
    private Chan[] locked;

    /** The chosen case (-1: the default) and, for a receive, the value and ok. */
    public int chosen;
    public long l;
    public Object r;
    public boolean ok;

    public Cases(int n, boolean hasDefault) {
      chans = new Chan[n];
      kinds = new int[n];
      sendL = new long[n];
      sendR = new Object[n];
      this.hasDefault = hasDefault;
    }

    /** Whether case i is a send. */
    public boolean isSend(int i) {
      return kinds[i] == Select.SEND;
    }

    /** Sets case i: a send of (l, r) on c, or a receive from c. */
    public void set(int i, Chan c, boolean send, long l, Object r) {
      chans[i] = c;
      kinds[i] = send ? Select.SEND : Select.RECV;
      sendL[i] = l;
      sendR[i] = r;
    }
  }

  /**
   * Polls the cases for g: Chan.DONE with the outcome in cs, or Chan.PARKED (g parks when the
   * native returns; call {@link #finish} when it resumes). Panics "send on closed channel".
   */
  public static int start(G g, Cases cs) {
    int n = cs.chans.length;
    int[] pollOrder = new int[n];
    int norder = 0;
    for (int i = 0; i < n; i++) {
      if (cs.chans[i] == null) {
        continue;
      }
      int j = Sched.fastrandn(norder + 1); // inside-out Fisher-Yates, as Select
      pollOrder[norder] = pollOrder[j];
      pollOrder[j] = i;
      norder++;
    }
    Chan[] locked = lockOrder(cs.chans, pollOrder, norder);
    cs.locked = locked;
    Select.lockAll(locked);
    Chan.Item out = new Chan.Item();
    for (int k = 0; k < norder; k++) {
      int i = pollOrder[k];
      Chan c = cs.chans[i];
      if (cs.kinds[i] == Select.SEND) {
        if (c.closed) {
          Select.unlockAll(locked);
          throw Chan.closedSend();
        }
        long l = c.prim ? cs.sendL[i] : 0;
        Object r = c.prim ? null : cs.sendR[i];
        Sudog sg = c.recvq.dequeue();
        if (sg != null) {
          Chan.deliver(sg, l, r, true);
          Select.unlockAll(locked);
          g.sched.goready(sg.g);
          cs.chosen = i;
          return Chan.DONE;
        }
        if (c.qcount < c.cap) {
          c.bufPut(l, r);
          Select.unlockAll(locked);
          cs.chosen = i;
          return Chan.DONE;
        }
      } else {
        Sudog sg = c.sendq.dequeue();
        if (sg != null) {
          c.recvFromInto(sg, out);
          Select.unlockAll(locked);
          g.sched.goready(sg.g);
          return received(cs, i, out);
        }
        if (c.qcount > 0) {
          c.bufTakeInto(out);
          Select.unlockAll(locked);
          return received(cs, i, out);
        }
        if (c.closed) {
          Select.unlockAll(locked);
          out.l = 0;
          out.r = c.zero();
          out.ok = false;
          return received(cs, i, out);
        }
      }
    }
    if (cs.hasDefault) {
      Select.unlockAll(locked);
      cs.chosen = -1;
      return Chan.DONE;
    }
    if (norder == 0) {
      Sched.park(g, Unlockf.NONE, Sched.WAIT_SELECT_NO_CASES);
      return Chan.PARKED;
    }
    g.selectDone = 0;
    Sudog head = null;
    Sudog tail = null;
    for (Chan c : locked) {
      if (c == null) {
        break;
      }
      for (int k = 0; k < norder; k++) {
        int i = pollOrder[k];
        if (cs.chans[i] != c) {
          continue;
        }
        Sudog sg = new Sudog(g, c);
        sg.isSelect = true;
        sg.caseIndex = i;
        if (cs.kinds[i] == Select.SEND) {
          sg.isSend = true;
          sg.l = c.prim ? cs.sendL[i] : 0;
          sg.r = c.prim ? null : cs.sendR[i];
          c.sendq.enqueue(sg);
        } else {
          c.recvq.enqueue(sg); // no slot: the waker leaves the value in the sudog
        }
        if (tail == null) {
          head = sg;
        } else {
          tail.waitLink = sg;
        }
        tail = sg;
      }
    }
    g.waiting = head;
    Sched.park(g, () -> Select.unlockAll(locked), Sched.WAIT_SELECT);
    return Chan.PARKED;
  }

  /** After a {@link #start} that parked: the outcome, the other sudogs off their queues. */
  public static void finish(G g, Cases cs) {
    Sudog won = (Sudog) g.param;
    g.param = null;
    Select.dequeueOthers(g, won, cs.locked);
    cs.chosen = won.caseIndex;
    if (!won.isSend) {
      cs.l = won.l;
      cs.r = won.success ? won.r : won.c.zero();
      cs.ok = won.success;
    }
  }

  private static int received(Cases cs, int i, Chan.Item out) {
    cs.chosen = i;
    cs.l = out.l;
    cs.r = out.r;
    cs.ok = out.ok;
    return Chan.DONE;
  }

  /** The distinct channels of the cases, sorted by id, null-terminated when shorter. */
  private static Chan[] lockOrder(Chan[] chans, int[] pollOrder, int norder) {
    Chan[] cs = new Chan[norder];
    int m = 0;
    for (int k = 0; k < norder; k++) {
      m = Select.insertSorted(cs, m, chans[pollOrder[k]]);
    }
    return cs;
  }
}
