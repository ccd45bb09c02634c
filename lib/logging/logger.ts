import path from "node:path";
import { processSingleton } from "../process-singleton";
import { type Redacted, redact } from "../security/redaction";
import { redactKeysDeep } from "../security/redact-fields";
import { RotatingFile } from "./rotating-file";

/**
 * Structured logs: one JSON object per line in `<dataDir>/logs/recollect.log`, rotated by size.
 * One sink per process (Next.js loads lib/ in several bundles, hence processSingleton), opened by
 * boot() (lib/boot.ts).
 */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggingOptions {
  dataDir: string;
  level?: LogLevel;
  maxFileBytes?: number;
  maxFiles?: number;
}

interface Sink {
  file: RotatingFile;
  min: number;
}

const output = processSingleton("logSink", () => ({ sink: undefined as Sink | undefined }));

export const logFile = (dataDir: string) => path.join(dataDir, "logs", "recollect.log");

/** Opens (or re-opens with new options) the process's log file. */
export function configureLogging(options: LoggingOptions): void {
  output.sink?.file.close();
  output.sink = {
    file: new RotatingFile(logFile(options.dataDir), options.maxFileBytes ?? 10 * 1024 * 1024, options.maxFiles ?? 5),
    min: LOG_LEVELS.indexOf(options.level ?? "info"),
  };
}

export function loggingConfigured(): boolean {
  return output.sink !== undefined;
}

/**
 * Writes one line to the log file (when boot has opened it) and, at warn and above, a short line to
 * stderr: the server's terminal, which `recollect start` keeps. The only logging in lib/ and
 * server/ (console is for the CLI's own output).
 */
export function log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
  const at = LOG_LEVELS.indexOf(level);
  if (at >= WARN) toTerminal(level, msg, fields);
  const sink = output.sink;
  if (!sink || at < sink.min) return;
  let line: string;
  try {
    // Fields carry what clients sent (paths, error messages): redacted like everything written.
    line = JSON.stringify({ ts: new Date().toISOString(), level, msg: redact(msg), ...redactKeysDeep(fields) }) + "\n";
  } catch {
    line = JSON.stringify({ ts: new Date().toISOString(), level, msg, note: "fields were not serializable" }) + "\n";
  }
  writeLine(sink, line);
}

/**
 * `log` at info level for a message and fields already redacted (`redactKeysDeep`, the brand says
 * so), then plain numbers (nothing to redact in a number): the line is the one `log` writes. The
 * request line of every API call (lib/metrics/http.ts) keeps its redacted fields by route, so the
 * redaction does not run again on each request.
 */
export function logRedacted(msg: Redacted, fields: Redacted<Record<string, unknown>>, numbers: Record<string, number>): void {
  const sink = output.sink;
  if (!sink || INFO < sink.min) return;
  writeLine(sink, JSON.stringify({ ts: new Date().toISOString(), level: "info", msg, ...fields, ...numbers }) + "\n");
}

function writeLine(sink: Sink, line: string) {
  try {
    sink.file.write(line);
  } catch {
    // A full disk or a removed data dir must never fail a request.
  }
}

const WARN = LOG_LEVELS.indexOf("warn");
const INFO = LOG_LEVELS.indexOf("info");

function toTerminal(level: LogLevel, msg: string, fields?: Record<string, unknown>) {
  const error = typeof fields?.error === "string" ? `: ${fields.error}` : "";
  try {
    process.stderr.write(redact(`[recollect] ${level === "error" ? "error: " : ""}${msg}${error}`) + "\n");
  } catch {
    // A closed stderr must never fail a request.
  }
}

/** A line for whoever runs the server (stdout), logged too: "listening on ...". */
export function announce(msg: string): void {
  process.stdout.write(`[recollect] ${msg}\n`);
  log("info", msg);
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => log("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => log("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => log("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => log("error", msg, fields),
};
