package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A deadlock that both the last M (stopM's checkdead) and the poller thread (recheckDead, after
 * it dropped a stopped timer) can find is reported once: the suite's Error blocks cannot see a
 * second copy of the report, so this counts them. Go 1.23 prints one report.
 */
class DeadlockReportOnceTest {
  private static final String SRC = "package main\n\nimport \"time\"\n\nfunc main() {\n"
      + "\tt := time.NewTimer(time.Hour)\n\tt.Stop()\n\t<-t.C\n}\n";

  @Test
  void stoppedTimerDeadlockIsReportedOnce() {
    for (int i = 0; i < 20; i++) {
      SuiteRunner.Run r = SuiteRunner.execute("dl.gol", SRC, Duration.ofSeconds(20));
      String err = new String(r.stderr, StandardCharsets.UTF_8);
      assertEquals(2, r.status, err);
      assertEquals(1, err.split("fatal error: all goroutines are asleep - deadlock!", -1).length - 1, err);
    }
  }
}
