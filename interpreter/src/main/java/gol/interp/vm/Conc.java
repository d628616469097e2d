package gol.interp.vm;

import gol.runtime.Alloc;
import gol.runtime.Chan;
import gol.runtime.Fatal;
import gol.runtime.G;
import gol.runtime.RType;
import gol.runtime.Sched;
import gol.runtime.Select;

/*
 * The concurrency instructions (Op's GO..SELECT), out of the dispatch loop: they are rare next
 * to arithmetic and each one costs far more than a call, so exec spends one case group on them.
 *
 * Concepts
 *   exec(g, ...) performs the instruction at pc and returns the next pc, or -1 when the G must
 *   park: then the instruction's own pc is saved in framePc[top] (it re-executes when the G is
 *   resumed, and the runtime finishes the operation from g.param), the wait structure's lock is
 *   still held (g.waitUnlock) and the dispatch loop returns PARKED at once.
 *
 * Invariants
 *   - Nothing here moves the stack of g, so exec's cached ls/rs stay valid.
 *   - After -1 neither this code nor exec touches g again (gopark's contract: the M marks it
 *     WAITING and releases the lock; another M may run it right after).
 *
 * Locking / ownership
 *   Only the M running g calls exec; locks are the runtime's (Chan, Select).
 */
final class Conc {
  private Conc() {
  }

  static int exec(G g, Proto p, int[] code, Object[] kr, int pc, int fp) {
    long[] ls = g.ls;
    Object[] rs = g.rs;
    switch (code[pc]) {
      case Op.GO:
        go(g, (Proto) kr[code[pc + 1]], null, fp + code[pc + 2], code[pc + 3], pc);
        return pc + 4;
      case Op.GOC:
        goClosure(g, rs[fp + code[pc + 1]], fp + code[pc + 2], code[pc + 3], pc);
        return pc + 4;
      case Op.MKCHAN:
        rs[fp + code[pc + 1]] = makechan(g, (RType) kr[code[pc + 3]], ls[fp + code[pc + 2]]);
        return pc + 4;
      case Op.SEND: {
        int b = fp + code[pc + 2];
        if (Chan.send(g, (Chan) rs[fp + code[pc + 1]], ls[b], rs[b])) {
          return pc + 3;
        }
        return parked(g, pc);
      }
      case Op.RECV:
        if (Chan.recv(g, (Chan) rs[fp + code[pc + 2]], fp + code[pc + 1], -1)) {
          return pc + 3;
        }
        return parked(g, pc);
      case Op.RECV2: {
        int a = fp + code[pc + 1];
        if (Chan.recv(g, (Chan) rs[fp + code[pc + 2]], a, a + 1)) {
          return pc + 3;
        }
        return parked(g, pc);
      }
      case Op.CLOSE:
        Chan.close(g, (Chan) rs[fp + code[pc + 1]]);
        return pc + 2;
      case Op.LEN_CH:
        ls[fp + code[pc + 1]] = Chan.len((Chan) rs[fp + code[pc + 2]]);
        return pc + 3;
      case Op.CAP_CH:
        ls[fp + code[pc + 1]] = Chan.cap((Chan) rs[fp + code[pc + 2]]);
        return pc + 3;
      case Op.SELECT:
        if (Select.select(g, fp + code[pc + 1], fp + code[pc + 2], (int[]) kr[code[pc + 4]], code[pc + 5] != 0)) {
          return pc + 6;
        }
        return parked(g, pc);
      default:
        throw new IllegalStateException("Conc.exec: not a concurrency op: " + code[pc]);
    }
  }

  private static int parked(G g, int pc) {
    g.framePc[g.depth - 1] = pc;
    return -1;
  }

  /** go c(args) for a func value c: a Closure, or nil (goNil). */
  private static void goClosure(G g, Object c, int args, int n, int pc) {
    if (c == null) {
      throw goNil();
    }
    Closure f = (Closure) c;
    go(g, f.proto, f.cells, args, n, pc);
  }

  /**
   * make(chan T, n), counted as Go's makechan allocates: the hchan and its buffer in one object,
   * or two when the elements hold pointers.
   */
  static Chan makechan(G g, RType t, long n) {
    Chan c = Chan.make(t, n);
    long buf = n * Alloc.sizeOf(t.elem);
    if (buf == 0 || Alloc.noscan(t.elem)) {
      Alloc.count(g, Alloc.roundupsize(96 + buf, true));
    } else {
      Alloc.count(g, 96);
      Alloc.count(g, Alloc.roundupsize(buf, false));
    }
    return c;
  }

  /** go of a nil func value: a fatal error in Go (newproc's throw), not a panic. */
  static RuntimeException goNil() {
    return new Fatal("go of nil func value");
  }

  /** go fn(args): a new G with fn's frame at slot 0 and the n arguments from slot {@code args}. */
  static void go(G g, Proto fn, Object[] cells, int args, int n, int pc) {
    Sched s = g.sched;
    if (s == null) {
      throw new IllegalStateException("go statement outside a scheduler (Interp.run runs one goroutine)");
    }
    G ng = s.newG(g, Math.max(fn.frameSize, n));
    Interp.start(ng, fn, cells);
    System.arraycopy(g.ls, args, ng.ls, 0, n);
    System.arraycopy(g.rs, args, ng.rs, 0, n);
    ng.createdBy = g.frameFn[g.depth - 1]; // exec's p is not kept up to date across calls
    ng.createdPc = pc;
    s.start(ng);
  }

  /**
   * A native returned with g.stop set (gol.runtime.Native's contract): save the pc after the
   * CALLN and tell the M what happened.
   */
  static int stopped(G g, int resumePc) {
    int s = g.stop;
    g.stop = 0;
    g.framePc[g.depth - 1] = resumePc;
    switch (s) {
      case G.STOP_PARK:
        return Interp.PARKED;
      case G.STOP_YIELD:
        return Interp.YIELDED;
      case G.STOP_GOEXIT:
        return Panics.goexit(g);
      case G.STOP_CALL:
        return DynCall.enter(g);
      default:
        throw new IllegalStateException("Conc.stopped: bad g.stop " + s);
    }
  }
}
