package gol.interp.compile;

import gol.interp.ast.Stmt;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import java.util.ArrayList;
import java.util.List;

/**
 * Open-coded defers (as Go's since 1.14): a function whose defer statements are at most
 * {@link #MAX} and none in a loop (nor a goto anywhere) gives each statement fixed registers for
 * its func value and arguments and a bit in a mask register. The statement fills its registers
 * and sets its bit; the epilogue calls each pending one, newest first, clearing its bit before
 * the call — a deferred method or function directly (CALL), anything else through its func
 * value (CALLC). No record is allocated on the way. A panic that reaches the frame turns the set
 * bits into records first (Panics.openToRecords, from {@link Proto#openDefers}), so recovery and
 * the panic's own walk see records only; the epilogue then finds its mask empty and pops them.
 * Statements that run once at most are what make one register set a statement enough.
 */
final class OpenDefers {
  /** Unless GOLDEBUG has opendefer=0 (every defer a record, as a check of both paths). */
  static final boolean ENABLED = enabled();

  private static boolean enabled() {
    String s = System.getenv("GOLDEBUG");
    return s == null || !("," + s.replace(" ", "") + ",").contains(",opendefer=0,");
  }

  /** The most defer statements a function open-codes (Go's limit; a bit each in the mask). */
  static final int MAX = 8;

  private final List<Stmt.Defer> defers;
  private final int mask;
  /** Each statement's func register; its argument registers follow it. */
  private final int[] slot;
  /** Each statement's argument count, known once it is compiled. */
  private final int[] count;
  /** Each statement's callee when it is a known function without captures, else null. */
  private final Proto[] callee;

  OpenDefers(List<Stmt.Defer> defers, int mask, int[] slot) {
    this.defers = defers;
    this.mask = mask;
    this.slot = slot;
    this.count = new int[slot.length];
    this.callee = new Proto[slot.length];
  }

  /** The defer statements of a function body in source order if it can open-code them, else null. */
  static List<Stmt.Defer> plan(List<Stmt> body) {
    List<Stmt.Defer> found = new ArrayList<>();
    return walk(body, false, found) && !found.isEmpty() && found.size() <= MAX ? found : null;
  }

  /** Collects the defers of stmts into found; false if one is in a loop or a goto is met. */
  private static boolean walk(List<Stmt> stmts, boolean inLoop, List<Stmt.Defer> found) {
    for (Stmt s : stmts) {
      if (!walk(s, inLoop, found)) {
        return false;
      }
    }
    return true;
  }

  private static boolean walk(Stmt s, boolean inLoop, List<Stmt.Defer> found) {
    if (s instanceof Stmt.Defer d) {
      found.add(d);
      return !inLoop;
    }
    if (s instanceof Stmt.Branch b) {
      return b.kind != Stmt.Branch.Kind.GOTO; // a backward goto makes a loop
    }
    if (s instanceof Stmt.Block b) {
      return walk(b.stmts, inLoop, found);
    }
    if (s instanceof Stmt.If i) {
      return walk(i.then, inLoop, found) && (i.els == null || walk(i.els, inLoop, found));
    }
    if (s instanceof Stmt.For f) {
      return walk(f.body, true, found);
    }
    if (s instanceof Stmt.Range r) {
      return walk(r.body, true, found);
    }
    if (s instanceof Stmt.Labeled l) {
      return walk(l.stmt, inLoop, found);
    }
    if (s instanceof Stmt.Switch sw) {
      for (var cc : sw.clauses) {
        if (!walk(cc.body, inLoop, found)) {
          return false;
        }
      }
    } else if (s instanceof Stmt.TypeSwitch sw) {
      for (var cc : sw.clauses) {
        if (!walk(cc.body, inLoop, found)) {
          return false;
        }
      }
    } else if (s instanceof Stmt.Select sel) {
      for (var cc : sel.clauses) {
        if (!walk(cc.body, inLoop, found)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The index of d among the open-coded statements, or -1. */
  int index(Stmt.Defer d) {
    for (int i = 0; i < defers.size(); i++) {
      if (defers.get(i) == d) {
        return i;
      }
    }
    return -1;
  }

  /** Statement i: its func value (register fn) and n arguments (from base) to its registers; its bit set. */
  void statement(CodeBuilder cb, int i, int fn, int base, int n, Proto known) {
    int s = slot[i];
    cb.emit(Op.MOV_R, s, fn);
    for (int j = 0; j < n; j++) {
      cb.emit(Op.MOV, s + 1 + j, base + j);
    }
    count[i] = n;
    callee[i] = known;
    cb.emit(Op.ORI, mask, mask, 1 << i);
  }

  /** The epilogue's calls of the pending statements, newest first; t is a scratch register, base the call's. */
  void epilogue(CodeBuilder cb, int t, int base) {
    for (int i = slot.length - 1; i >= 0; i--) {
      cb.emit(Op.ANDI, t, mask, 1 << i);
      int skip = cb.emit(Op.JEQI, t, 0, -1);
      cb.emit(Op.XORI, mask, mask, 1 << i);
      for (int j = 0; j < count[i]; j++) {
        cb.emit(Op.MOV, base + j, slot[i] + 1 + j);
      }
      if (callee[i] != null) {
        cb.emit(Op.CALL, cb.constR(callee[i]), base);
      } else {
        cb.emit(Op.CALLC, slot[i], base);
      }
      cb.patch(skip, cb.pc());
    }
  }

  /** What Panics reads (Proto.openDefers): the mask register, then per statement func, base, count. */
  int[] frameInfo() {
    int[] info = new int[1 + 3 * slot.length];
    info[0] = mask;
    for (int i = 0; i < slot.length; i++) {
      info[1 + 3 * i] = slot[i];
      info[2 + 3 * i] = slot[i] + 1;
      info[3 + 3 * i] = count[i];
    }
    return info;
  }
}
