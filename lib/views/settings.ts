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
