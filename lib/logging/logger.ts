import path from "node:path";
import { redact } from "../security/redact";
import { redactKeysDeep } from "../security/redact-fields";
import { RotatingFile } from "./rotating-file";

/**
 * Structured logs: one JSON object per line in `<dataDir>/logs/recollect.log`, rotated by size.
 * One sink per process (Next.js loads lib/ in several bundles, hence globalThis).
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

const g = globalThis as typeof globalThis & { __recollectLog?: Sink };

export const logFile = (dataDir: string) => path.join(dataDir, "logs", "recollect.log");

/** Opens (or re-opens with new options) the process's log file. */
export function configureLogging(options: LoggingOptions): void {
  g.__recollectLog?.file.close();
  g.__recollectLog = {
    file: new RotatingFile(logFile(options.dataDir), options.maxFileBytes ?? 10 * 1024 * 1024, options.maxFiles ?? 5),
    min: LOG_LEVELS.indexOf(options.level ?? "info"),
  };
}

export function loggingConfigured(): boolean {
  return g.__recollectLog !== undefined;
}

export function log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
  const sink = g.__recollectLog;
  if (!sink || LOG_LEVELS.indexOf(level) < sink.min) return;
  let line: string;
  try {
    // Fields carry what clients sent (paths, error messages): redacted like everything written.
    line = JSON.stringify({ ts: new Date().toISOString(), level, msg: redact(msg), ...redactKeysDeep(fields) }) + "\n";
  } catch {
    line = JSON.stringify({ ts: new Date().toISOString(), level, msg, note: "fields were not serializable" }) + "\n";
  }
  try {
    sink.file.write(line);
  } catch {
    // A full disk or a removed data dir must never fail a request.
  }
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => log("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => log("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => log("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => log("error", msg, fields),
};
