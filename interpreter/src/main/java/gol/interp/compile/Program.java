package gol.interp.compile;

import gol.interp.vm.Proto;
import java.util.List;

/**
 * A compiled program: the package initialisers to run in order (imported packages first; the main
 * package's initialiser also runs a script's top-level statements), then {@code main} if declared.
 * Globals: {@code globalCount} slots; those listed in {@code stringGlobals} start as "" rather than
 * zero/null.
 */
public record Program(List<Proto> inits, Proto main, int globalCount, int[] stringGlobals) {
}
