import type { ServerState } from "../boot";
import type { LoadedConfig } from "../config";

export interface SettingRow {
  key: string;
  value: string;
  source: string;
  /** `default`, `file` or `env`. */
  kind: "default" | "file" | "env";
  secret: boolean;
}

const SECRET = /(apiKey|token|secret|password)$/i;

/** The effective configuration as rows (dotted key, value, where it came from), secrets masked. */
export function settingsRows(loaded: LoadedConfig): SettingRow[] {
  const rows: SettingRow[] = [];
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === "object" && !Array.isArray(v)) {
        walk(v as Record<string, unknown>, key);
        continue;
      }
      const source = loaded.sources[key] ?? "default";
      const secret = SECRET.test(k);
      rows.push({
        key,
        value: secret && v ? "•••••• (set)" : JSON.stringify(v),
        source,
        kind: source === "default" ? "default" : source.startsWith("env:") ? "env" : "file",
        secret,
      });
    }
  };
  walk(loaded.config as unknown as Record<string, unknown>, "");
  return rows;
}

export interface SettingsView {
  rows: SettingRow[];
  /** Top-level config sections, in order (`server`, `search`, ...). */
  sections: string[];
  /** How many values differ from the defaults. */
  changed: number;
  warnings: string[];
  dataDir: string;
  databaseFile: string;
  sqliteVersion: string;
  vecVersion: string;
}

/** What the settings page shows: the effective configuration and the database it runs on. */
export function settingsView(state: Pick<ServerState, "ctx" | "loaded" | "opened">): SettingsView {
  const rows = settingsRows(state.loaded);
  return {
    rows,
    sections: [...new Set(rows.map((r) => r.key.split(".")[0]))],
    changed: rows.filter((r) => r.kind !== "default").length,
    warnings: state.loaded.warnings,
    dataDir: state.loaded.dataDir,
    databaseFile: state.opened.file,
    sqliteVersion: state.ctx.sqlite.prepare("select sqlite_version() as v").pluck().get() as string,
    vecVersion: state.opened.vecVersion,
  };
}
