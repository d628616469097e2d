package gol.stdlib.os;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Slice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/*
 * The file natives of package os (os.gol): open/read/write/close, stat, mkdir, remove, the
 * working directory and os.Stdin.
 *
 * Concepts
 *   Every call that can block its thread (any file system call, reading stdin) runs between
 *   g.sched.enterSyscall(g) and exitSyscall(g) (sys below): the P goes into the SYSCALL state
 *   and sysmon hands it to another M if the call takes longer than a tick, so a goroutine
 *   blocked reading an empty stdin pipe holds one M but no P. Results are written to the G's
 *   slots before the native returns; if exitSyscall found no P, the VM yields the G and it
 *   resumes after the call on whichever M next runs it.
 *
 * Invariants
 *   - Errors travel as Linux errno numbers (os.gol's syscallErrno has Go's words for them);
 *     ECLOSED (-1) is "file already closed" (os.ErrClosed), EOF (-2) is io.EOF.
 *   - Relative paths resolve against Machine.workDir, never the JVM's directory.
 *
 * Locking / ownership
 *   None: a FileChannel is safe for concurrent use; Handle.closed is volatile.
 */
final class FileOps {
  private FileOps() {
  }

  static final int ECLOSED = -1;
  static final int EOF = -2;
  static final int ENOENT = 2;
  static final int EIO = 5;
  static final int EACCES = 13;
  static final int EEXIST = 17;
  static final int ENOTDIR = 20;
  static final int EISDIR = 21;
  static final int EINVAL = 22;
  static final int ENOTEMPTY = 39;

  // Linux open(2) flags, the values of os.O_*.
  static final int O_WRONLY = 0x1;
  static final int O_RDWR = 0x2;
  static final int O_CREAT = 0x40;
  static final int O_EXCL = 0x80;
  static final int O_TRUNC = 0x200;
  static final int O_APPEND = 0x400;

  /** An open file: a FileChannel, or (os.Stdin) an InputStream. The gol side sees *fileHandle. */
  static final class Handle {
    final FileChannel ch;
    final InputStream in;
    volatile boolean closed;

    Handle(FileChannel ch, InputStream in) {
      this.ch = ch;
      this.in = in;
    }
  }

  /** A file system call that may throw. */
  interface Io {
    void run() throws IOException;
  }

  /** Runs {@code io} as a blocking system call; returns 0 or the errno it failed with. */
  static int sys(G g, Io io) {
    g.sched.enterSyscall(g);
    try {
      io.run();
      return 0;
    } catch (IOException e) {
      return errno(e);
    } catch (NonReadableChannelException | NonWritableChannelException e) {
      return 9; // EBADF: the file is not open for that (read on O_WRONLY, write on O_RDONLY)
    } finally {
      g.sched.exitSyscall(g);
    }
  }

  /** The errno behind a Java I/O exception (strerror reasons mapped back to numbers). */
  static int errno(IOException e) {
    if (e instanceof NoSuchFileException n) {
      return underNonDirectory(n.getFile()) ? ENOTDIR : ENOENT;
    } else if (e instanceof FileAlreadyExistsException) {
      return EEXIST;
    } else if (e instanceof AccessDeniedException) {
      return EACCES;
    } else if (e instanceof DirectoryNotEmptyException) {
      return ENOTEMPTY;
    } else if (e instanceof NotDirectoryException) {
      return ENOTDIR;
    } else if (e instanceof ClosedChannelException) {
      return ECLOSED;
    } else if (e instanceof NotLinkException) {
      return EINVAL; // readlink(2) of something that is not a symbolic link
    }
    String m = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
    m = m == null ? "" : m.toLowerCase(Locale.ROOT);
    String[] words = {"operation not permitted", "no such file", "permission denied", "file exists",
        "not a directory", "is a directory", "invalid argument", "no space left",
        "read-only file system", "file name too long", "directory not empty",
        "too many levels of symbolic links"};
    int[] codes = {1, ENOENT, EACCES, EEXIST, ENOTDIR, EISDIR, EINVAL, 28, 30, 36, ENOTEMPTY, 40};
    for (int i = 0; i < words.length; i++) {
      if (m.contains(words[i])) {
        return codes[i];
      }
    }
    return EIO;
  }

  /**
   * Whether the nearest existing ancestor of {@code file} is not a directory: the kernel then
   * said ENOTDIR ("f/x" or "f/." for a regular file f), which JDK 17 reports as such but later
   * JDKs (25) as NoSuchFileException.
   */
  private static boolean underNonDirectory(String file) {
    if (file == null) {
      return false;
    }
    try {
      for (Path p = Path.of(file).getParent(); p != null; p = p.getParent()) {
        if (Files.exists(p)) {
          return !Files.isDirectory(p);
        }
      }
    } catch (RuntimeException e) {
      // an unparsable name: as reported
    }
    return false;
  }

  /**
   * {@code name} resolved against the program's working directory; null for "" and for a name
   * holding a NUL byte (see noPath). Java drops a
   * trailing slash: a call that must honour one (see {@link #existing}) does not use this.
   */
  static Path path(G g, Object name) {
    String s = name.toString();
    return s.isEmpty() || s.indexOf(0) >= 0 ? null : g.machine.workDir().resolve(s);
  }

  /**
   * The errno of a name path() refuses: EINVAL for one holding a NUL byte (Go refuses it
   * before any system call), ENOENT for "".
   */
  static int noPath(Object name) {
    return name.toString().indexOf(0) >= 0 ? EINVAL : ENOENT;
  }

  /** Whether {@code name} ends in a slash, which in POSIX makes it name a directory. */
  static boolean slash(Object name) {
    String s = name.toString();
    return s.length() > 1 && s.charAt(s.length() - 1) == '/';
  }

  /**
   * {@code name} resolved for a call on a file that must exist. A name ending in a slash gets a
   * "." component, which the kernel treats as the slash: it refuses a file that is not a
   * directory (ENOTDIR) and follows a symbolic link at the end ("w/f/" is not w/f).
   */
  static Path existing(G g, Object name) {
    Path p = path(g, name);
    return p != null && slash(name) ? p.resolve(".") : p;
  }

  static FileAttribute<Set<PosixFilePermission>> perms(long perm) {
    return PosixFilePermissions.asFileAttribute(permSet(perm));
  }

  /** The permission bits rwxrwxrwx of perm as the JDK's set. */
  static Set<PosixFilePermission> permSet(long perm) {
    Set<PosixFilePermission> set = new HashSet<>();
    PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ .. OTHERS_EXECUTE
    for (int i = 0; i < 9; i++) {
      if ((perm & (1 << (8 - i))) != 0) {
        set.add(bits[i]);
      }
    }
    return set;
  }

  /**
   * func chmod(name string, mode uint32) (errno int): chmod(2) with the permission, setuid,
   * setgid and sticky bits.
   */
  static void chmod(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long perm = g.ls[b + 1];
    g.rs[b] = null;
    g.ls[b] = p == null ? pErr : sys(g, () -> Files.setAttribute(p, "unix:mode", (int) perm));
  }

  /** func fastrand() uint32: a random number for temporary names. */
  static void fastrand(G g, int b) {
    g.ls[b] = java.util.concurrent.ThreadLocalRandom.current().nextLong(1L << 32);
  }

  /** func openFile(name string, flag int, perm uint32) (h *fileHandle, errno int) */
  static void openFile(G g, int b) {
    int flag = (int) g.ls[b + 1];
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long perm = g.ls[b + 2];
    Set<OpenOption> opts = new HashSet<>();
    int acc = flag & 3;
    if (acc == 0 || acc == O_RDWR) {
      opts.add(StandardOpenOption.READ);
    }
    if (acc == O_WRONLY || acc == O_RDWR) {
      opts.add(StandardOpenOption.WRITE);
    }
    if ((flag & O_APPEND) != 0) {
      opts.add(StandardOpenOption.APPEND);
    }
    if ((flag & O_CREAT) != 0) {
      opts.add((flag & O_EXCL) != 0 ? StandardOpenOption.CREATE_NEW : StandardOpenOption.CREATE);
    }
    if ((flag & O_TRUNC) != 0 && acc != 0) {
      opts.add(StandardOpenOption.TRUNCATE_EXISTING);
    }
    FileChannel[] ch = {null};
    int e = p == null ? pErr : (flag & O_CREAT) != 0 && slash(g.rs[b]) ? EISDIR : sys(g, () -> {
      if ((flag & O_CREAT) != 0 && acc == 0) {
        // Java ignores CREATE for a channel opened only for reading; open(2) does not
        try {
          Files.createFile(p, perms(perm));
        } catch (FileAlreadyExistsException x) {
          if ((flag & O_EXCL) != 0) {
            throw x;
          }
        }
        ch[0] = FileChannel.open(p, opts);
      } else if ((flag & O_CREAT) != 0) {
        ch[0] = FileChannel.open(p, opts, perms(perm));
      } else {
        ch[0] = FileChannel.open(p, opts);
      }
    });
    g.rs[b] = ch[0] == null ? null : new Handle(ch[0], null);
    g.rs[b + 1] = null;
    g.ls[b + 1] = e;
  }

  /** func stdinHandle() *fileHandle */
  static void stdinHandle(G g, int b) {
    g.rs[b] = new Handle(null, g.machine.stdin);
  }

  /** func fdRead(h *fileHandle, b []byte) (n int, errno int): errno EOF at the end. */
  static void read(G g, int b) {
    Handle h = (Handle) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int[] n = {0};
    int e;
    if (h.closed) {
      e = ECLOSED;
    } else if (s == null || s.len == 0) {
      e = 0;
    } else {
      byte[] a = (byte[]) s.array;
      e = sys(g, () -> n[0] = h.ch != null ? h.ch.read(ByteBuffer.wrap(a, s.off, s.len))
          : h.in.read(a, s.off, s.len));
      if (e == 0 && n[0] < 0) {
        n[0] = 0;
        e = EOF;
      }
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = n[0];
    g.ls[b + 1] = e;
  }

  /** func fdReadAt(h *fileHandle, b []byte, off int64) (n int, errno int): a positional read (pread); errno EOF at the end. */
  static void readAt(G g, int b) {
    Handle h = (Handle) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    long off = g.ls[b + 2];
    int[] n = {0};
    int e;
    if (h.closed) {
      e = ECLOSED;
    } else if (h.ch == null) {
      e = 29; // ESPIPE: stdin has no positions
    } else if (s == null || s.len == 0) {
      e = 0;
    } else {
      e = sys(g, () -> n[0] = h.ch.read(ByteBuffer.wrap((byte[]) s.array, s.off, s.len), off));
      if (e == 0 && n[0] <= 0) {
        n[0] = 0;
        e = EOF;
      }
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = n[0];
    g.ls[b + 1] = e;
  }

  /** func fdWrite(h *fileHandle, b []byte) (n int, errno int): writes all of b. */
  static void write(G g, int b) {
    Handle h = (Handle) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int[] n = {0};
    int e;
    if (h.closed) {
      e = ECLOSED;
    } else if (h.ch == null) {
      e = 9; // EBADF: stdin is not open for writing
    } else if (s == null || s.len == 0) {
      e = 0;
    } else {
      ByteBuffer buf = ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
      e = sys(g, () -> {
        while (buf.hasRemaining()) {
          n[0] += h.ch.write(buf);
        }
      });
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = n[0];
    g.ls[b + 1] = e;
  }

  /** func fdSeek(h *fileHandle, off int64, whence int) (int64, errno int) */
  static void seek(G g, int b) {
    Handle h = (Handle) g.rs[b];
    long off = g.ls[b + 1];
    int whence = (int) g.ls[b + 2];
    long[] pos = {0};
    int e = h.closed ? ECLOSED : h.ch == null ? 29 /* ESPIPE */ : sys(g, () -> {
      long base = whence == 0 ? 0 : whence == 1 ? h.ch.position() : h.ch.size();
      if (base + off < 0 || whence < 0 || whence > 2) {
        throw new FileSystemException(null, null, "invalid argument");
      }
      h.ch.position(base + off);
      pos[0] = base + off;
    });
    g.rs[b] = null;
    g.ls[b] = pos[0];
    g.ls[b + 1] = e;
  }

  /** func fdClose(h *fileHandle) (errno int) */
  static void close(G g, int b) {
    Handle h = (Handle) g.rs[b];
    g.rs[b] = null;
    if (h.closed) {
      g.ls[b] = ECLOSED;
      return;
    }
    h.closed = true;
    g.ls[b] = h.ch == null ? 0 : sys(g, h.ch::close);
  }

  /**
   * func stat(name string, follow bool) (size int64, mode uint32, mtime int64, errno int):
   * mode in Go's FileMode bits; mtime in Unix nanoseconds.
   */
  static void stat(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    boolean follow = g.ls[b + 1] != 0;
    String names = "unix:mode,size,lastModifiedTime";
    Map<String, Object>[] a = new Map[1];
    int e = p == null ? pErr : sys(g, () -> a[0] = follow
        ? Files.readAttributes(p, names)
        : Files.readAttributes(p, names, LinkOption.NOFOLLOW_LINKS));
    long size = 0;
    long mode = 0;
    long mtime = 0;
    if (e == 0) {
      size = (Long) a[0].get("size");
      mode = mode((Integer) a[0].get("mode"));
      java.time.Instant t = ((FileTime) a[0].get("lastModifiedTime")).toInstant();
      mtime = t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
    g.rs[b] = null;
    g.ls[b] = size;
    g.ls[b + 1] = mode;
    g.ls[b + 2] = mtime;
    g.ls[b + 3] = e;
  }

  /**
   * Go's FileMode of a Linux st_mode (os's fillFileStatFromSys): the permissions, the type
   * (ModeDir, ModeSymlink, ModeNamedPipe, ModeSocket, ModeDevice, ModeCharDevice) and the
   * setuid, setgid and sticky bits.
   */
  static long mode(int st) {
    long m = st & 0777;
    m |= switch (st & 0xf000) {
      case 0x6000 -> 1L << 26; // S_IFBLK: ModeDevice
      case 0x2000 -> 1L << 26 | 1L << 21; // S_IFCHR: ModeDevice | ModeCharDevice
      case 0x4000 -> 1L << 31; // S_IFDIR: ModeDir
      case 0x1000 -> 1L << 25; // S_IFIFO: ModeNamedPipe
      case 0xa000 -> 1L << 27; // S_IFLNK: ModeSymlink
      case 0xc000 -> 1L << 24; // S_IFSOCK: ModeSocket
      default -> 0;
    };
    if ((st & 02000) != 0) {
      m |= 1L << 22; // ModeSetgid
    }
    if ((st & 04000) != 0) {
      m |= 1L << 23; // ModeSetuid
    }
    if ((st & 01000) != 0) {
      m |= 1L << 20; // ModeSticky
    }
    return m;
  }

  /** func mkdir(name string, perm uint32) (errno int) */
  static void mkdir(G g, int b) {
    Path p = path(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long perm = g.ls[b + 1];
    g.rs[b] = null;
    g.ls[b] = p == null ? pErr : sys(g, () -> Files.createDirectory(p, perms(perm)));
  }

  /**
   * func remove(name string) (errno int): a file or an empty directory; with a trailing slash
   * only a directory (not a symbolic link to one).
   */
  static void remove(G g, int b) {
    Path p = path(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    boolean dirOnly = slash(g.rs[b]);
    g.rs[b] = null;
    g.ls[b] = p == null ? pErr : sys(g, () -> {
      if (dirOnly) {
        Files.readAttributes(p.resolve("."), "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if (Files.isSymbolicLink(p)) {
          throw new NotDirectoryException(p.toString());
        }
      }
      Files.delete(p);
    });
  }

  /** func removeAll(name string) (errno int): nothing to remove is not an error. */
  static void removeAll(G g, int b) {
    Path p = path(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    g.rs[b] = null;
    g.ls[b] = p == null ? (pErr == EINVAL ? EINVAL : 0) : sys(g, () -> removeTree(p));
  }

  private static void removeTree(Path p) throws IOException {
    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> s = Files.list(p)) {
        for (Path c : (Iterable<Path>) s::iterator) {
          removeTree(c);
        }
      }
    }
    Files.deleteIfExists(p);
  }

  /** func rename(from, to string) (errno int) */
  static void rename(G g, int b) {
    Path from = path(g, g.rs[b]);
    int fromErr = noPath(g.rs[b]);
    Path to = path(g, g.rs[b + 1]);
    int toErr = noPath(g.rs[b + 1]);
    boolean dirOnly = slash(g.rs[b]) || slash(g.rs[b + 1]);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = from == null ? fromErr : to == null ? toErr : sys(g, () -> {
      if (dirOnly && !Files.isDirectory(from.resolve("."), LinkOption.NOFOLLOW_LINKS)) {
        Files.readAttributes(from.resolve("."), "unix:mode"); // ENOENT or ENOTDIR
        throw new NotDirectoryException(from.toString()); // "d" -> "f/"
      }
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    });
  }

  /** func readFile(name string) (data []byte, errno int) */
  static void readFile(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    byte[][] data = {null};
    int e = p == null ? pErr : sys(g, () -> data[0] = Files.readAllBytes(p));
    byte[] d = data[0] == null ? new byte[0] : data[0];
    g.rs[b] = new Slice(d, 0, d.length, d.length);
    g.rs[b + 1] = null;
    g.ls[b + 1] = e;
  }

  /** func writeFile(name string, data []byte, perm uint32) (errno int) */
  static void writeFile(G g, int b) {
    Path p = path(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    Slice s = (Slice) g.rs[b + 1];
    long perm = g.ls[b + 2];
    int e = p == null ? pErr : slash(g.rs[b]) ? EISDIR : sys(g, () -> {
      try (FileChannel ch = FileChannel.open(p, Set.of(StandardOpenOption.WRITE,
          StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING), perms(perm))) {
        if (s != null && s.len > 0) {
          ByteBuffer buf = ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
          while (buf.hasRemaining()) {
            ch.write(buf);
          }
        }
      }
    });
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = e;
  }

  /**
   * Orders names as Go's sort.Strings does, by their UTF-8 bytes, which is code point order
   * (String.compareTo compares UTF-16 units and puts a character past U+FFFF before U+FF01).
   */
  static int byCodePoint(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  /** func readDirNames(name string) (names []string, errno int): sorted by name. */
  static void readDirNames(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    List<String> names = new ArrayList<>();
    int e = p == null ? pErr : sys(g, () -> {
      try (Stream<Path> s = Files.list(p)) {
        s.forEach(c -> names.add(c.getFileName().toString()));
      }
    });
    names.sort(FileOps::byCodePoint);
    Object[] a = new Object[names.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = GoString.of(names.get(i));
    }
    g.rs[b] = new Slice(a, 0, a.length, a.length);
    g.rs[b + 1] = null;
    g.ls[b + 1] = e;
  }

  /**
   * func mkdirTemp(dir, prefix, suffix string) (name string, errno int): creates
   * dir/prefix+random+suffix (mode 0700), retrying on a name clash as Go does.
   */
  static void mkdirTemp(G g, int b) {
    String dir = g.rs[b].toString();
    String prefix = g.rs[b + 1].toString();
    String suffix = g.rs[b + 2].toString();
    Path d = dir.isEmpty() ? Path.of(System.getProperty("java.io.tmpdir")) : path(g, dir);
    String[] made = {null};
    if (d == null || (prefix + suffix).indexOf(0) >= 0) { // Go's Mkdir refuses the NUL
      long r = ThreadLocalRandom.current().nextLong(1L << 32);
      g.rs[b] = GoString.of((dir.isEmpty() ? d.toString() : dir) + "/" + prefix
          + Long.toUnsignedString(r) + suffix);
      g.rs[b + 1] = null;
      g.rs[b + 2] = null;
      g.ls[b + 1] = dir.isEmpty() ? EINVAL : noPath(dir);
      return;
    }
    int e = sys(g, () -> {
      for (int i = 0; ; i++) {
        long r = ThreadLocalRandom.current().nextLong(1L << 32);
        String name = prefix + Long.toUnsignedString(r) + suffix;
        try {
          Files.createDirectory(d.resolve(name), perms(0700));
          made[0] = dir.isEmpty() ? d.resolve(name).toString()
              : (dir.endsWith("/") ? dir : dir + "/") + name;
          return;
        } catch (FileAlreadyExistsException x) {
          if (i >= 10000) {
            throw x;
          }
        }
      }
    });
    g.rs[b] = made[0] == null ? GoString.EMPTY : GoString.of(made[0]);
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    g.ls[b + 1] = e;
  }

  /** func getwd() string */
  static void getwd(G g, int b) {
    g.rs[b] = GoString.of(g.machine.workDir().toString());
  }

  /** func chdir(dir string) (errno int) */
  static void chdir(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    g.rs[b] = null;
    Path[] real = {null};
    int e = p == null ? pErr : sys(g, () -> {
      if (Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).isDirectory()) {
        real[0] = p.toRealPath(); // the kernel's working directory has no symbolic links
      }
    });
    if (e == 0 && real[0] == null) {
      e = ENOTDIR;
    }
    if (e == 0) {
      g.machine.setWorkDir(real[0]);
    }
    g.ls[b] = e;
  }
}
