package gol.runtime;

/*
 * The select statement (Go's selectgo, select.go).
 *
 * Concepts
 *   The VM's SELECT instruction describes n cases in consecutive registers of the G's frame:
 *   case i's channel is R[b+2i], and for a send case the value to send is register b+2i+1 (both
 *   halves); kinds[i] is SEND or RECV. The outcome goes to register a: L[a] = the chosen case
 *   (or -1 for default), and for a receive case the value lands in register a+1 (both halves)
 *   and ok in L[a+2]. Registers are passed as absolute slot indices.
 *
 *   pass 0: nil-channel cases are dropped; pollOrder is a random permutation of the rest
 *           (fairness: every ready case is equally likely), lockOrder sorts them by channel id.
 *   pass 1: lock every channel in lock order; look for a case that can proceed, in poll order;
 *           if one does, unlock and finish; else with a default, unlock and take it.
 *   pass 2: enqueue a sudog on every channel (in lock order), park; the unlock function
 *           releases all the channel locks after the G is WAITING.
 *   pass 3: (the G was readied by the one waker that won g.claimSelect and set g.param to its
 *           sudog; SELECT re-executes) lock all again, remove the other sudogs from their
 *           queues, unlock; a send case woken by close panics.
 *   select {} (n = 0, no default) parks forever with reason "select (no cases)".
 *
 * Invariants
 *   - Channel locks are always taken in lock order (ascending id, each channel once), so two
 *     selects cannot deadlock on each other; they are released in reverse order.
 *   - Between pass 2 and pass 3 exactly one sudog of the G can complete (claimSelect).
 *   - No G is readied while a channel lock is held.
 *
 * Locking / ownership
 *   The registers are the G's own; the sudogs belong to the channels' locks while queued.
 *
 * State transitions
 *   poll -> (ready case | default) done; poll -> enqueued/WAITING -> woken -> dequeue losers ->
 *   done (or panic: send on a closed channel).
 */
public final class Select {
  private Select() {
  }

  public static final int RECV = 0;
  public static final int SEND = 1;

  /**
   * Runs a select for g. Returns true when a case (or the default) was taken and the results
   * written; false when g must park (Sched.parkOp called; SELECT re-executes on resume).
   */
  public static boolean select(G g, int a, int b, int[] kinds, boolean hasDefault) {
    int n = kinds.length;
    long[] ls = g.ls;
    Object[] rs = g.rs;
    Object wp = g.param;
    int[] pollOrder = new int[n];
    int norder = 0;
    for (int i = 0; i < n; i++) {
      if (rs[b + 2 * i] == null) {
        continue; // a nil channel is never ready
      }
      // insert i at a random position (inside-out Fisher-Yates)
      int j = Sched.fastrandn(norder + 1);
      pollOrder[norder] = pollOrder[j];
      pollOrder[j] = i;
      norder++;
    }
    Chan[] locked = lockOrder(rs, b, pollOrder, norder);
    if (wp != null) {
      return resume(g, (Sudog) wp, a, locked);
    }
    lockAll(locked);
    for (int k = 0; k < norder; k++) {
      int i = pollOrder[k];
      Chan c = (Chan) rs[b + 2 * i];
      if (kinds[i] == SEND) {
        if (c.closed) {
          unlockAll(locked);
          throw Chan.closedSend();
        }
        long l = c.prim ? ls[b + 2 * i + 1] : 0;
        Object r = c.prim ? null : rs[b + 2 * i + 1];
        Sudog sg = c.recvq.dequeue();
        if (sg != null) {
          Chan.deliver(sg, l, r, true);
          unlockAll(locked);
          g.sched.goready(sg.g);
          ls[a] = i;
          return true;
        }
        if (c.qcount < c.cap) {
          c.bufPut(l, r);
          unlockAll(locked);
          ls[a] = i;
          return true;
        }
      } else {
        Sudog sg = c.sendq.dequeue();
        if (sg != null) {
          c.recvFrom(sg, g, a + 1);
          ls[a + 2] = 1;
          unlockAll(locked);
          g.sched.goready(sg.g);
          ls[a] = i;
          return true;
        }
        if (c.qcount > 0) {
          c.bufTake(g, a + 1);
          ls[a + 2] = 1;
          unlockAll(locked);
          ls[a] = i;
          return true;
        }
        if (c.closed) {
          unlockAll(locked);
          ls[a + 1] = 0;
          rs[a + 1] = c.zero();
          ls[a + 2] = 0;
          ls[a] = i;
          return true;
        }
      }
    }
    if (hasDefault) {
      unlockAll(locked);
      ls[a] = -1;
      return true;
    }
    if (n == 0) {
      Sched.parkOp(g, Unlockf.NONE, Sched.WAIT_SELECT_NO_CASES);
      return false;
    }
    // pass 2: enqueue on every channel
    g.selectDone = 0;
    Sudog head = null;
    Sudog tail = null;
    for (Chan c : locked) {
      if (c == null) {
        break;
      }
      for (int k = 0; k < norder; k++) {
        int i = pollOrder[k];
        if (rs[b + 2 * i] != c) {
          continue;
        }
        Sudog sg = new Sudog(g, c);
        sg.isSelect = true;
        sg.caseIndex = i;
        if (kinds[i] == SEND) {
          sg.isSend = true;
          sg.l = c.prim ? ls[b + 2 * i + 1] : 0;
          sg.r = c.prim ? null : rs[b + 2 * i + 1];
          c.sendq.enqueue(sg);
        } else {
          sg.slot = a + 1;
          sg.okSlot = a + 2;
          c.recvq.enqueue(sg);
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
    Sched.parkOp(g, norder == 0 ? Unlockf.NONE : () -> unlockAll(locked), waitReason(kinds, norder, hasDefault));
    return false;
  }

  /**
   * Why a select waits, as a goroutine trace shows it: gc compiles a select of one case and no
   * default into that plain send or receive, so it waits as one ("chan receive (nil chan)", ...).
   */
  private static String waitReason(int[] kinds, int norder, boolean hasDefault) {
    if (kinds.length != 1 || hasDefault) {
      return Sched.WAIT_SELECT;
    }
    if (kinds[0] == SEND) {
      return norder == 0 ? Sched.WAIT_CHAN_SEND_NIL : Sched.WAIT_CHAN_SEND;
    }
    return norder == 0 ? Sched.WAIT_CHAN_RECEIVE_NIL : Sched.WAIT_CHAN_RECEIVE;
  }

  /** Pass 3: g was woken by the completion of sudog won. */
  private static boolean resume(G g, Sudog won, int a, Chan[] locked) {
    g.param = null;
    dequeueOthers(g, won, locked);
    g.ls[a] = won.caseIndex;
    return true;
  }

  /**
   * Takes g's sudogs other than won off their channels' queues (the channels locked meanwhile);
   * throws for a send case that won because its channel was closed.
   */
  static void dequeueOthers(G g, Sudog won, Chan[] locked) {
    lockAll(locked);
    for (Sudog sg = g.waiting; sg != null; ) {
      Sudog next = sg.waitLink;
      if (sg != won) {
        if (sg.isSend) {
          sg.c.sendq.remove(sg);
        } else {
          sg.c.recvq.remove(sg);
        }
      }
      sg.waitLink = null;
      sg = next;
    }
    g.waiting = null;
    unlockAll(locked);
    if (won.isSend && !won.success) {
      throw Chan.closedSend();
    }
  }

  /** The distinct channels of the cases, sorted by id, null-terminated when shorter. */
  private static Chan[] lockOrder(Object[] rs, int b, int[] pollOrder, int norder) {
    Chan[] cs = new Chan[norder];
    int m = 0;
    for (int k = 0; k < norder; k++) {
      m = insertSorted(cs, m, (Chan) rs[b + 2 * pollOrder[k]]);
    }
    return cs;
  }

  /** Inserts c into cs[0..m), sorted by id, unless it is there; returns the new count. */
  static int insertSorted(Chan[] cs, int m, Chan c) {
    long id = c.id();
    int j = m;
    while (j > 0 && cs[j - 1].id() > id) {
      j--;
    }
    if (j > 0 && cs[j - 1] == c) {
      return m; // already there
    }
    System.arraycopy(cs, j, cs, j + 1, m - j);
    cs[j] = c;
    return m + 1;
  }

  static void lockAll(Chan[] cs) {
    for (Chan c : cs) {
      if (c == null) {
        return;
      }
      c.lock();
    }
  }

  static void unlockAll(Chan[] cs) {
    for (int i = cs.length - 1; i >= 0; i--) {
      if (cs[i] != null) {
        cs[i].unlock();
      }
    }
  }
}
