import readline from "node:readline";
import cliProgress from "cli-progress";
import { CliError, EXIT } from "./exit";
import type { GlobalOptions } from "./env";

/** Everything a command prints goes through here: text for people, `--json` for scripts. */
export class Output {
  constructor(readonly opts: GlobalOptions) {}

  get json(): boolean {
    return !!this.opts.json;
  }

  /** The result: JSON (`--json`) or the text `render` makes. */
  // biome-ignore lint/suspicious/noExplicitAny: each command's renderer takes its own result type.
  result(value: unknown, render?: (value: any) => string | string[] | undefined): void {
    if (this.json) {
      process.stdout.write(JSON.stringify(value, null, 2) + "\n");
      return;
    }
    const text = render ? render(value) : JSON.stringify(value, null, 2);
    if (text === undefined) return;
    process.stdout.write((Array.isArray(text) ? text.join("\n") : text) + "\n");
  }

  /** A note for people (stderr, so stdout stays the result); silent with --json. */
  info(message: string): void {
    if (!this.json) process.stderr.write(message + "\n");
  }

  warn(message: string): void {
    process.stderr.write(`warning: ${message}\n`);
  }

  /** A progress bar on stderr when a person watches (a TTY, no --json, no --no-progress). */
  progress(total: number, label: string): Progress {
    if (this.json || this.opts.progress === false || !process.stderr.isTTY || total <= 0) return new Progress(undefined);
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`, stream: process.stderr, hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return new Progress(bar);
  }

  /** Asks yes/no on the terminal; refuses (exit 2) when nobody can answer. */
  async confirm(question: string, forceHint: string): Promise<boolean> {
    if (!process.stdin.isTTY || this.json) {
      throw new CliError(`refusing to ${forceHint} without confirmation`, EXIT.usage, "run it in a terminal to confirm, or pass --force");
    }
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve));
    rl.close();
    return /^y(es)?$/i.test(answer.trim());
  }
}

export class Progress {
  constructor(private bar: cliProgress.SingleBar | undefined) {}
  update(value: number, total?: number) {
    if (total !== undefined) this.bar?.setTotal(total);
    this.bar?.update(value);
  }
  stop() {
    this.bar?.stop();
  }
}

/** A left-aligned text table. */
export function table(rows: string[][], header?: string[]): string {
  const all = header ? [header, ...rows] : rows;
  if (!all.length) return "";
  const widths = all[0].map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : (c ?? "").padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return all.map(line).join("\n");
}

export function bytes(n: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export const oneLine = (s: string, max = 100) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
};

/** Reads all of stdin (for `-` arguments and piped content). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
