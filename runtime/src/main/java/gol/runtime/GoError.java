package gol.runtime;

/**
 * A Java object that is a gol {@code error} value made by a native (e.g. strconv's *NumError):
 * fmt and the panic printer call {@link #error()} where Go would call the Error method.
 */
public interface GoError {
  GoString error();
}
