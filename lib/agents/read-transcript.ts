import fs from "node:fs";
import path from "node:path";

/**
 * The last `maxBytes` of an agent's transcript, from its first whole line, or "" when the path is
 * not a `.jsonl` regular file under `root` (its real path too: no symbolic link out of it), or
 * cannot be read. The path comes in a hook's body: the server reads nothing else on its word.
 * Opened with O_NONBLOCK and checked again once open, so a FIFO put in its place cannot hold the
 * server; read on the thread pool.
 */
export async function readTranscriptTail(file: string | undefined, root: string, maxBytes: number): Promise<string> {
  if (!file || !root || !path.isAbsolute(file) || !path.isAbsolute(root) || !file.endsWith(".jsonl")) return "";
  let handle: fs.promises.FileHandle | undefined;
  try {
    const realRoot = await fs.promises.realpath(root);
    const real = await fs.promises.realpath(file);
    if (!real.startsWith(`${realRoot}${path.sep}`)) return "";
    handle = await fs.promises.open(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile()) return "";
    const start = Math.max(0, stat.size - maxBytes);
    const buffer = Buffer.alloc(stat.size - start);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const text = buffer.subarray(0, read).toString("utf8");
    return start > 0 ? text.slice(text.indexOf("\n") + 1) : text;
  } catch {
    return "";
  } finally {
    await handle?.close();
  }
}
