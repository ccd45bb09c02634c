import path from "node:path";
import { loadConfig, type LoadedConfig } from "../../lib/config";
import { readToken } from "../../lib/security/token";
import { tokenFile } from "../../lib/paths";
import { trimEnd } from "../../lib/trim-end";

/** Where the server is and how to authenticate: the same rules as the plugin. */
export interface Target {
  url: string;
  dataDir: string;
  token: string | undefined;
  tokenPath: string;
  /** Where the URL came from, for messages. */
  urlSource: "--url" | "RECOLLECT_URL" | "config";
  loaded: LoadedConfig;
}

export interface GlobalOptions {
  url?: string;
  dataDir?: string;
  json?: boolean;
  progress?: boolean;
  color?: boolean;
}

/**
 * `--url`, else `RECOLLECT_URL`, else `http://RECOLLECT_HOST:RECOLLECT_PORT` (config layering
 * included); the token from `RECOLLECT_TOKEN`, else `$RECOLLECT_DATA_DIR/token`.
 */
export function resolveTarget(opts: GlobalOptions, env: NodeJS.ProcessEnv = process.env): Target {
  const effectiveEnv = opts.dataDir ? { ...env, RECOLLECT_DATA_DIR: path.resolve(opts.dataDir) } : env;
  const loaded = loadConfig({ env: effectiveEnv });
  const { host, port } = loaded.config.server;
  const hostForUrl = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const fromFlag = opts.url?.trim();
  const fromEnv = env.RECOLLECT_URL?.trim();
  const url = trimEnd(fromFlag || fromEnv || `http://${hostForUrl}:${port}`, "/");
  return {
    url,
    dataDir: loaded.dataDir,
    token: env.RECOLLECT_TOKEN?.trim() || readToken(loaded.dataDir),
    tokenPath: tokenFile(loaded.dataDir),
    urlSource: fromFlag ? "--url" : fromEnv ? "RECOLLECT_URL" : "config",
    loaded,
  };
}
