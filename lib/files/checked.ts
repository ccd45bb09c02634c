import fs from "node:fs";
import { AppError, badRequest } from "../errors";

/**
 * Paths from requests (an import's `path`, ingest's `source`, a notes `path`) are checked to be
 * what a reader expects before anything opens them: opening a FIFO blocks the thread until a writer
 * appears (it froze the event loop, health included, until the process was killed), a device
 * (`/dev/zero`) never ends, and `/proc` files claim size 0 and fail or stream when read. Each
 * refusal is a 400 naming the field and the path. Opens use O_NONBLOCK and check the opened
 * descriptor again, so a file swapped for a FIFO after the check still cannot block.
 */

const KIND = (s: fs.Stats) =>
  s.isFIFO()
    ? "a FIFO"
    : s.isCharacterDevice() || s.isBlockDevice()
      ? "a device"
      : s.isSocket()
        ? "a socket"
        : s.isDirectory()
          ? "a directory"
          : "not a regular file";

function statOf(file: string, field: string, what: string): fs.Stats {
  try {
    return fs.statSync(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw badRequest(`${field}: no ${what} at ${file}`, { field });
    throw badRequest(`${field}: cannot read ${file} (${code ?? (error as Error).message})`, { field });
  }
}

/** A regular file this process can read, else a 400 naming `field`. */
export function requireRegularFile(file: string, field: string, what = "file"): fs.Stats {
  const stat = statOf(file, field, what);
  if (!stat.isFile()) throw badRequest(`${field}: ${file} is ${KIND(stat)}, not a regular file`, { field });
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    throw badRequest(`${field}: ${file} is not readable`, { field });
  }
  return stat;
}

/** A directory this process can list, else a 400 naming `field`. */
export function requireDirectory(dir: string, field: string): fs.Stats {
  const stat = statOf(dir, field, "directory");
  if (!stat.isDirectory()) throw badRequest(`${field}: ${dir} is ${KIND(stat)}, not a directory`, { field });
  try {
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch {
    throw badRequest(`${field}: ${dir} is not readable`, { field });
  }
  return stat;
}

/** A regular file's bytes, at most `maxBytes` of them (more is a 400), read without ever blocking on a special file. */
export function readRegularFile(file: string, field: string, maxBytes: number): Buffer {
  requireRegularFile(file, field);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw badRequest(`${field}: ${file} is ${KIND(stat)}, not a regular file`, { field });
    // Read to the end, not to the size it claims (`/proc` files claim 0), up to one byte past the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw badRequest(`${field}: ${file} is larger than ${maxBytes} bytes`, { field });
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`${field}: cannot read ${file} (${(error as { code?: string }).code ?? (error as Error).message})`, { field });
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** `readRegularFile` as UTF-8 text. */
export function readRegularText(file: string, field: string, maxBytes: number): string {
  return readRegularFile(file, field, maxBytes).toString("utf8");
}

/** Kernel file systems: nothing Recollect writes belongs there (`/dev/sda` as a backup destination). */
const PSEUDO_ROOTS = ["/proc", "/sys", "/dev"];

/**
 * A path a file will be written to (a backup's `destination`): outside /proc, /sys and /dev, and
 * either absent or a regular file (never a FIFO, device or socket: SQLite would open it, and a FIFO
 * blocks the open until a reader appears). Its folder, where it exists, is a directory. Else a 400
 * naming `field`.
 */
export function requireWritableFile(file: string, field: string): void {
  const real = realPathOfExisting(file);
  if (PSEUDO_ROOTS.some((root) => real === root || real.startsWith(`${root}/`)))
    throw badRequest(`${field}: ${file} is under ${real.split("/").slice(0, 2).join("/")}, not a place for files`, { field });
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ENOENT") throw badRequest(`${field}: cannot use ${file} (${code ?? (error as Error).message})`, { field });
  }
  if (stat && !stat.isFile()) throw badRequest(`${field}: ${file} is ${stat.isSymbolicLink() ? "a symbolic link" : KIND(stat)}, not a regular file`, { field });
}

/** The real path of `file`, its longest existing ancestor resolved (symbolic links followed), the rest as given. */
function realPathOfExisting(file: string): string {
  const rest: string[] = [];
  let dir = file;
  for (;;) {
    try {
      return [fs.realpathSync(dir), ...rest.reverse()].join("/").replace(/\/+/g, "/");
    } catch {
      const parent = dir.slice(0, Math.max(dir.lastIndexOf("/"), 0)) || "/";
      if (parent === dir) return file;
      rest.push(dir.slice(dir.lastIndexOf("/") + 1));
      dir = parent;
    }
  }
}
