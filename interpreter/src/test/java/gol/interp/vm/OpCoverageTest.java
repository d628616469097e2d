package gol.interp.vm;

import static org.junit.jupiter.api.Assertions.assertFalse;

import gol.runtime.GoString;
import org.junit.jupiter.api.Test;

/**
 * Every opcode in the table has a case in the dispatch loop: an opcode the VM does not know
 * ends in "bad opcode". Operands are zeros (jump targets: the next instruction), so many ops
 * fail in other ways — only the missing case is an error here.
 */
class OpCoverageTest {
  @Test
  void everyOpcodeIsDispatched() {
    for (int op = 0; op < Op.NAMES.length; op++) {
      int o = op;
      Proto p = VmHarness.fn("main.t", 0, 0, 8, cb -> {
        cb.constR(GoString.of("x"));
        cb.constL(0);
        int at = cb.pc();
        String f = Op.FORMAT[o];
        int[] operands = new int[f.length()];
        for (int i = 0; i < operands.length; i++) {
          operands[i] = f.charAt(i) == 'j' ? at + 1 + f.length() : 0;
        }
        cb.emit(o, operands);
        cb.emit(Op.RET, 0, 0);
      });
      VmHarness.Result r = VmHarness.run(p);
      assertFalse(r.err.contains("bad opcode"), Op.NAMES[op] + ": " + r.err);
    }
  }
}
