package gol.interp.vm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles one function's code: instructions in the encoding of {@link Op}, the line table and
 * the two constant pools (deduplicated). Jumps to places not yet known are emitted with a
 * placeholder target and patched once the target is bound.
 */
public final class CodeBuilder {
  private int[] code = new int[64];
  private int[] lines = new int[64];
  private int n;
  private int line;
  private final List<Long> kl = new ArrayList<>();
  private final Map<Long, Integer> klIndex = new HashMap<>();
  private final List<Object> kr = new ArrayList<>();
  private final Map<Object, Integer> krIndex = new HashMap<>();

  /** The source line recorded for the instructions emitted from now on. */
  public void setLine(int line) {
    this.line = line;
  }

  public int line() {
    return line;
  }

  /** The pc the next instruction will get. */
  public int pc() {
    return n;
  }

  /** Emits an instruction; returns its pc. The operand count must match {@link Op#FORMAT}. */
  public int emit(int op, int... operands) {
    assert operands.length == Op.FORMAT[op].length() : Op.NAMES[op] + " takes " + Op.FORMAT[op].length() + " operands";
    int at = n;
    put(op);
    for (int x : operands) {
      put(x);
    }
    return at;
  }

  private void put(int x) {
    if (n == code.length) {
      code = Arrays.copyOf(code, n * 2);
      lines = Arrays.copyOf(lines, n * 2);
    }
    lines[n] = line;
    code[n++] = x;
  }

  /** The opcode at {@code pc}. */
  public int opAt(int pc) {
    return code[pc];
  }

  /** Sets the jump target (the last operand) of the jump instruction at {@code jumpPc}. */
  public void patch(int jumpPc, int target) {
    code[jumpPc + Op.FORMAT[code[jumpPc]].length()] = target;
  }

  /** Sets operand {@code index} (0-based) of the instruction at {@code pc}. */
  public void setOperand(int pc, int index, int value) {
    code[pc + 1 + index] = value;
  }

  /** Index of {@code v} in the long constant pool. */
  public int constL(long v) {
    // no computeIfAbsent: its lambda would be linked at the start-up of most programs
    Integer i = klIndex.get(v);
    if (i == null) {
      kl.add(v);
      i = kl.size() - 1;
      klIndex.put(v, i);
    }
    return i;
  }

  /**
   * Index of {@code o} in the reference pool. Values that are equal by {@code equals} share an
   * entry (strings); pass objects whose equals is identity for functions and types.
   */
  public int constR(Object o) {
    Integer i = krIndex.get(o);
    if (i == null) {
      kr.add(o);
      i = kr.size() - 1;
      krIndex.put(o, i);
    }
    return i;
  }

  /** A fresh, never-shared reference-pool entry (to be filled later with {@link #setConstR}). */
  public int reserveConstR() {
    kr.add(null);
    return kr.size() - 1;
  }

  public void setConstR(int index, Object o) {
    kr.set(index, o);
  }

  /** Fills {@code p}'s code, line table and constant pools. */
  public Proto finish(Proto p) {
    p.code = Arrays.copyOf(code, n);
    p.lines = Arrays.copyOf(lines, n);
    p.kl = new long[kl.size()];
    for (int i = 0; i < p.kl.length; i++) {
      p.kl[i] = kl.get(i);
    }
    p.kr = kr.toArray();
    return p;
  }
}
