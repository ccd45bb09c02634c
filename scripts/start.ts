import { spawn } from "node:child_process";
import { loadConfig } from "../lib/config";
import { serveArgs, serveEnv } from "../server/command";
import { ensureBuild, ROOT } from "./build-if-needed";

/** `npm start`: build if needed, then serve on RECOLLECT_HOST:RECOLLECT_PORT (127.0.0.1:7731). */
ensureBuild();
const { config, dataDir, warnings } = loadConfig();
for (const w of warnings) console.warn(`[recollect] ${w}`);
const { host, port } = config.server;
console.log(`[recollect] data dir ${dataDir}; serving http://${host.includes(":") ? `[${host}]` : host}:${port}`);
// server/serve.ts: the request-line gate in front of Next.js (see server/gate.ts).
const child = spawn(process.execPath, serveArgs(host, port), {
  cwd: ROOT,
  stdio: "inherit",
  env: serveEnv({ ...process.env, RECOLLECT_APP_DIR: ROOT, NEXT_TELEMETRY_DISABLED: "1" }),
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
