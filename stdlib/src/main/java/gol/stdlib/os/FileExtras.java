package gol.stdlib.os;

import static gol.stdlib.os.FileOps.ECLOSED;
import static gol.stdlib.os.FileOps.ENOENT;
import static gol.stdlib.os.FileOps.existing;
import static gol.stdlib.os.FileOps.noPath;
import static gol.stdlib.os.FileOps.path;
import static gol.stdlib.os.FileOps.slash;
import static gol.stdlib.os.FileOps.sys;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The natives of os's positioned writes (WriteAt), Sync, Truncate, Chtimes, links
 * (Readlink, Symlink, Link), Chown and Stat's full answer (statT); each a blocking system
 * call as in {@link FileOps}, returning 0 or an errno.
 */
final class FileExtras {
  private FileExtras() {
  }

  static Native link(String name) {
    return switch (name) {
      case "fdWriteAt" -> FileExtras::writeAt;
      case "fdSync" -> FileExtras::sync;
      case "fdTruncate" -> FileExtras::fdTruncate;
      case "truncate" -> FileExtras::truncate;
      case "chtimes" -> FileExtras::chtimes;
      case "readlink" -> FileExtras::readlink;
      case "symlink" -> FileExtras::symlink;
      case "link" -> FileExtras::link;
      case "chown" -> FileExtras::chown;
      case "statT" -> FileExtras::statT;
      default -> null;
    };
  }

  private static FileOps.Handle handle(G g, int b) {
    return (FileOps.Handle) g.rs[b];
  }

  /** func fdWriteAt(h *fileHandle, b []byte, off int64) (n int, errno int) */
  static void writeAt(G g, int b) {
    FileOps.Handle h = handle(g, b);
    Slice s = (Slice) g.rs[b + 1];
    long off = g.ls[b + 2];
    int[] n = {0};
    int e;
    if (h.closed) {
      e = ECLOSED;
    } else if (h.ch == null) {
      e = 9; // EBADF
    } else if (s == null || s.len == 0) {
      e = 0;
    } else {
      ByteBuffer buf = ByteBuffer.wrap((byte[]) s.array, s.off, s.len);
      e = sys(g, () -> {
        while (buf.hasRemaining()) {
          n[0] += h.ch.write(buf, off + n[0]);
        }
      });
    }
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = n[0];
    g.ls[b + 1] = e;
  }

  /** func fdSync(h *fileHandle) (errno int) */
  static void sync(G g, int b) {
    FileOps.Handle h = handle(g, b);
    g.rs[b] = null;
    g.ls[b] = h.closed ? ECLOSED : h.ch == null ? 22 : sys(g, () -> h.ch.force(true));
  }

  /** func fdTruncate(h *fileHandle, size int64) (errno int): shortens or extends with zeros. */
  static void fdTruncate(G g, int b) {
    FileOps.Handle h = handle(g, b);
    long size = g.ls[b + 1];
    g.rs[b] = null;
    if (h.closed) {
      g.ls[b] = ECLOSED;
    } else if (h.ch == null || size < 0) {
      g.ls[b] = 22; // EINVAL
    } else {
      int e = sys(g, () -> resize(h.ch, size));
      g.ls[b] = e == 9 ? 22 : e; // ftruncate of a file not open for writing: EINVAL
    }
  }

  private static void resize(java.nio.channels.FileChannel ch, long size) throws java.io.IOException {
    long cur = ch.size();
    if (size < cur) {
      ch.truncate(size);
    } else if (size > cur) {
      ch.write(ByteBuffer.wrap(new byte[1]), size - 1); // a hole up to the new end
    }
  }

  /** func truncate(name string, size int64) (errno int) */
  static void truncate(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long size = g.ls[b + 1];
    g.rs[b] = null;
    if (p == null) {
      g.ls[b] = pErr;
    } else if (size < 0) {
      g.ls[b] = 22;
    } else {
      g.ls[b] = sys(g, () -> {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(p,
            java.nio.file.StandardOpenOption.WRITE)) {
          resize(ch, size);
        }
      });
    }
  }

  /** func chtimes(name string, atime, mtime int64, setA, setM bool) (errno int): Unix nanoseconds. */
  static void chtimes(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long atime = g.ls[b + 1];
    long mtime = g.ls[b + 2];
    boolean setA = g.ls[b + 3] != 0;
    boolean setM = g.ls[b + 4] != 0;
    g.rs[b] = null;
    g.ls[b] = p == null ? pErr : sys(g, () -> Files.getFileAttributeView(p, BasicFileAttributeView.class)
        .setTimes(setM ? FileTime.from(mtime, TimeUnit.NANOSECONDS) : null,
            setA ? FileTime.from(atime, TimeUnit.NANOSECONDS) : null, null));
  }

  /** func readlink(name string) (string, int) */
  static void readlink(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    Path[] target = {null};
    int e = p == null ? pErr : sys(g, () -> target[0] = Files.readSymbolicLink(p));
    if (e == 0 && target[0] == null) {
      e = 22;
    }
    g.rs[b] = e == 0 ? GoString.of(target[0].toString()) : GoString.EMPTY;
    g.ls[b + 1] = e;
  }

  /** func symlink(oldname, newname string) (errno int): newname points at oldname as written. */
  static void symlink(G g, int b) {
    String old = g.rs[b].toString();
    Path link = path(g, g.rs[b + 1]);
    int linkErr = noPath(g.rs[b + 1]);
    boolean dirOnly = slash(g.rs[b + 1]);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = link == null ? linkErr : old.isEmpty() ? ENOENT : old.indexOf(0) >= 0 ? 22
        : dirOnly ? (Files.exists(link, LinkOption.NOFOLLOW_LINKS) ? FileOps.EEXIST : ENOENT)
        : sys(g, () -> Files.createSymbolicLink(link, Path.of(old)));
  }

  /** func link(oldname, newname string) (errno int) */
  static void link(G g, int b) {
    Path old = existing(g, g.rs[b]);
    int oldErr = noPath(g.rs[b]);
    Path link = path(g, g.rs[b + 1]);
    int linkErr = noPath(g.rs[b + 1]);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = old == null ? oldErr : link == null ? linkErr : sys(g, () -> Files.createLink(link, old));
  }

  /** func chown(name string, uid, gid int, follow bool) (errno int): -1 keeps an id. */
  static void chown(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    long uid = g.ls[b + 1];
    long gid = g.ls[b + 2];
    LinkOption[] opts = g.ls[b + 3] != 0 ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    g.rs[b] = null;
    g.ls[b] = p == null ? pErr : sys(g, () -> {
      if (uid != -1) {
        Files.setAttribute(p, "unix:uid", (int) uid, opts);
      }
      if (gid != -1) {
        Files.setAttribute(p, "unix:gid", (int) gid, opts);
      }
    });
  }

  /** The unix attributes statT reads (the JDK's "unix" view: one stat(2) and no user lookup). */
  private static final String UNIX_ATTRS =
      "unix:dev,ino,nlink,mode,uid,gid,rdev,size,lastAccessTime,lastModifiedTime,ctime";

  /**
   * func statT(name string, follow bool, v []int64) (errno int): fills v[0:13] with the fields
   * of Linux's struct stat that syscall.Stat_t holds: dev, ino, nlink, mode, uid, gid, rdev,
   * size, blksize, blocks, and the access, modification and change times in Unix nanoseconds.
   * The JDK does not report st_blksize and st_blocks: they are estimated as 4096 and the
   * 512-byte blocks of the size rounded up to 4 KiB (what ext4 and tmpfs give a file that is
   * not sparse).
   */
  static void statT(G g, int b) {
    Path p = existing(g, g.rs[b]);
    int pErr = noPath(g.rs[b]);
    boolean follow = g.ls[b + 1] != 0;
    Slice v = (Slice) g.rs[b + 2];
    Map<String, Object>[] a = new Map[1];
    int e = p == null ? pErr : sys(g, () -> a[0] = follow
        ? Files.readAttributes(p, UNIX_ATTRS)
        : Files.readAttributes(p, UNIX_ATTRS, LinkOption.NOFOLLOW_LINKS));
    g.rs[b] = null;
    g.rs[b + 2] = null;
    g.ls[b] = e;
    if (e != 0) {
      return;
    }
    Map<String, Object> m = a[0];
    long size = (Long) m.get("size");
    long[] f = {(Long) m.get("dev"), (Long) m.get("ino"), ((Number) m.get("nlink")).longValue(),
        (Integer) m.get("mode") & 0xffffffffL, (Integer) m.get("uid") & 0xffffffffL,
        (Integer) m.get("gid") & 0xffffffffL, (Long) m.get("rdev"), size, 4096,
        (size + 4095) / 4096 * 8, nanos(m.get("lastAccessTime")),
        nanos(m.get("lastModifiedTime")), nanos(m.get("ctime"))};
    System.arraycopy(f, 0, (long[]) v.array, v.off, Math.min(f.length, v.len));
  }

  private static long nanos(Object t) {
    java.time.Instant i = ((FileTime) t).toInstant();
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }
}
