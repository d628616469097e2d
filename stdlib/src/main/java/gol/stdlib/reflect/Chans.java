package gol.stdlib.reflect;

import gol.runtime.Chan;
import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.ReflectSelect;
import gol.runtime.Slice;
import gol.runtime.Values;
import gol.runtime.RType.Kind;

/**
 * reflect's channel operations: Send, Recv, TrySend, TryRecv, Close and MakeChan. A blocking
 * Send or Recv parks the goroutine like a channel instruction does (Chan.nativeSend/nativeRecv):
 * the native returns PARKED, and reflect.gol calls the matching *Parked native when the G
 * resumes to take the value over (or to panic if close woke a sender).
 */
final class Chans {
  private Chans() {
  }

  /** The natives of this class, told apart by a switch (see ReflectPkg's NAMES). */
  private static final String[] NAMES = {
      "vChanRecv", "vChanRecvParked", "vChanSend", "vChanSendParked", "vChanClose", "makeChan",
      "selectStart", "selectFinish"};

  static Native link(String name) {
    int i = IndexedNative.indexOf(NAMES, name);
    return i >= 0 ? new Call(i) : null;
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> recv(g, b);
        case 1 -> recvParked(g, b);
        case 2 -> send(g, b);
        case 3 -> Chan.finishSend(g); // vChanSendParked
        case 4 -> close(g, b);
        case 5 -> makeChan(g, b);
        case 6 -> selectStart(g, b);
        default -> selectFinish(g, b);
      }
    }
  }

  /** A reflect.Select between selectStart and selectFinish: its cases and their element types. */
  private static final class SelectState {
    final ReflectSelect.Cases cases;
    final RType[] elems;
    final int defaultIndex;

    SelectState(ReflectSelect.Cases cases, RType[] elems, int defaultIndex) {
      this.cases = cases;
      this.elems = elems;
      this.defaultIndex = defaultIndex;
    }
  }

  /**
   * func selectStart(dirs []int, chans, sends []*handle, defaultIndex int) (st *selstate,
   * chosen int, recv *handle, recvOK bool, parked bool): reflect.gol checked the cases.
   */
  private static void selectStart(G g, int b) {
    Slice dirs = (Slice) g.rs[b];
    Slice chans = (Slice) g.rs[b + 1];
    Slice sends = (Slice) g.rs[b + 2];
    int defaultIndex = (int) g.ls[b + 3];
    int n = dirs == null ? 0 : dirs.len;
    ReflectSelect.Cases cs = new ReflectSelect.Cases(n, defaultIndex >= 0);
    RType[] elems = new RType[n];
    long[] xb = new long[1];
    Object[] xr = new Object[1];
    for (int i = 0; i < n; i++) {
      long dir = Values.elemBits(dirs.array, dirs.off + i);
      Val ch = (Val) Values.elemRef(chans.array, chans.off + i);
      if (dir == 3 || ch == null) {
        continue; // the default, or a case without a channel: never ready
      }
      elems[i] = ch.t.reflect().elem;
      boolean send = dir == 1;
      xb[0] = 0;
      xr[0] = null;
      if (send) {
        Val x = (Val) Values.elemRef(sends.array, sends.off + i);
        ReflectPkg.assignTo(x, elems[i], "reflect.Select", xb, xr);
      }
      cs.set(i, (Chan) ch.ref(), send, xb[0], xr[0]);
    }
    SelectState st = new SelectState(cs, elems, defaultIndex);
    for (int i = 1; i <= 3; i++) {
      g.rs[b + i] = null;
    }
    g.rs[b] = st;
    if (ReflectSelect.start(g, cs) == Chan.PARKED) {
      g.ls[b + 4] = 1;
      return;
    }
    g.ls[b + 4] = 0;
    selectResult(g, b + 1, st);
  }

  /** func selectFinish(st *selstate) (chosen int, recv *handle, recvOK bool): after a park. */
  private static void selectFinish(G g, int b) {
    SelectState st = (SelectState) g.rs[b];
    ReflectSelect.finish(g, st.cases);
    selectResult(g, b, st);
  }

  /** (chosen, recv, recvOK) from slot b on: the default's own index, a receive's value. */
  private static void selectResult(G g, int b, SelectState st) {
    ReflectSelect.Cases cs = st.cases;
    int chosen = cs.chosen < 0 ? st.defaultIndex : cs.chosen;
    g.ls[b] = chosen;
    g.rs[b] = null;
    boolean recv = cs.chosen >= 0 && !cs.isSend(chosen);
    g.rs[b + 1] = recv ? Val.of(st.elems[chosen], cs.l, cs.r, 0) : null;
    g.ls[b + 2] = recv && cs.ok ? 1 : 0;
  }

  private static Val chanValue(G g, int b, String method) {
    Val v = ReflectPkg.want(g, b, method, Kind.CHAN);
    if ((v.flag & Val.RO) != 0) {
      throw Val.panic("reflect: " + method + " using value obtained using unexported field");
    }
    return v;
  }

  /** func vChanRecv(h *handle, block bool) (x *handle, ok bool, status int) */
  private static void recv(G g, int b) {
    Val v = chanValue(g, b, "reflect.Value.Recv");
    if ((v.t.reflect().chanDir & 1) == 0) {
      throw Val.panic("reflect: recv on send-only channel");
    }
    Chan.Item out = new Chan.Item();
    int status = Chan.nativeRecv(g, (Chan) v.ref(), g.ls[b + 1] != 0, out);
    g.rs[b] = status == Chan.DONE ? Val.of(v.t.elem, out.l, out.r, 0) : null;
    g.ls[b + 1] = out.ok ? 1 : 0;
    g.ls[b + 2] = status;
  }

  /** func vChanRecvParked(h *handle) (x *handle, ok bool): after a parked vChanRecv. */
  private static void recvParked(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.Recv");
    Chan.Item out = new Chan.Item();
    Chan.finishRecv(g, out);
    g.rs[b] = Val.of(v.t.elem, out.l, out.r, 0);
    g.ls[b + 1] = out.ok ? 1 : 0;
  }

  /** func vChanSend(h *handle, x *handle, block bool) (status int) */
  private static void send(G g, int b) {
    Val v = chanValue(g, b, "reflect.Value.Send");
    if ((v.t.reflect().chanDir & 2) == 0) {
      throw Val.panic("reflect: send on recv-only channel");
    }
    Val x = (Val) g.rs[b + 1];
    if (x == null) {
      throw ReflectPkg.valueError("reflect.Value.Send", null);
    }
    if ((x.flag & Val.RO) != 0) {
      throw Val.panic("reflect: reflect.Value.Send using value obtained using unexported field");
    }
    long[] xb = new long[1];
    Object[] xr = new Object[1];
    ReflectPkg.assignTo(x, v.t.elem, "reflect.Value.Send", xb, xr);
    int status = Chan.nativeSend(g, (Chan) v.ref(), xb[0], xr[0], g.ls[b + 2] != 0);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = status;
  }

  /** func vChanClose(h *handle) */
  private static void close(G g, int b) {
    Val v = chanValue(g, b, "reflect.Value.Close");
    if ((v.t.reflect().chanDir & 2) == 0) {
      throw Val.panic("reflect: close of receive-only channel");
    }
    Chan.close(g, (Chan) v.ref());
    g.rs[b] = null;
  }

  /** func makeChan(t *rtype, size int) *handle */
  private static void makeChan(G g, int b) {
    RType t = ((RType) g.rs[b]).reflect();
    long size = g.ls[b + 1];
    if (t.kind != Kind.CHAN) {
      throw Val.panic("reflect.MakeChan of non-chan type");
    }
    if (size < 0) {
      throw Val.panic("reflect.MakeChan: negative buffer size");
    }
    if (t.chanDir != 3) {
      throw Val.panic("reflect.MakeChan: unidirectional channel type");
    }
    g.rs[b] = Val.of(t, 0, Chan.make(t, size), 0);
  }
}
