import fs from "node:fs";
import path from "node:path";

/**
 * An append-only file that rotates by size: `name` -> `name.1` -> ... -> `name.<keep>` (dropped).
 * Writes are synchronous on a kept-open descriptor (a few microseconds; ordered; nothing is lost in
 * a crash), so it is cheap enough for a request path.
 */
export class RotatingFile {
  private fd: number | undefined;
  private size = 0;

  constructor(
    readonly file: string,
    readonly maxBytes: number,
    readonly keep: number,
  ) {}

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.fd === undefined) this.open();
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    fs.writeSync(this.fd!, line);
    this.size += bytes;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private open() {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    this.fd = fs.openSync(this.file, "a", 0o600);
    this.size = fs.fstatSync(this.fd).size;
  }

  private rotate() {
    this.close();
    for (let i = this.keep; i >= 1; i--) {
      const from = i === 1 ? this.file : `${this.file}.${i - 1}`;
      const to = `${this.file}.${i}`;
      try {
        if (i === this.keep) fs.rmSync(to, { force: true });
        fs.renameSync(from, to);
      } catch {
        /* a missing generation is fine */
      }
    }
    if (this.keep < 1) fs.rmSync(this.file, { force: true });
    this.open();
  }
}
