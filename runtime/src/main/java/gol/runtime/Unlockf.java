package gol.runtime;

/**
 * What gopark runs once the parking G is marked WAITING (Go's {@code unlockf} argument of
 * gopark): releases the lock(s) of the wait structure the G queued itself on. Until it runs,
 * nobody can find the G to ready it, so no wake-up is lost and no G is readied while its state
 * is still being saved.
 */
@FunctionalInterface
public interface Unlockf {
  void unlockf();

  /** For a G that parks under no lock (a nil channel, {@code select {}}): nothing to release. */
  Unlockf NONE = () -> { };
}
