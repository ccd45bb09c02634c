import fs from "node:fs";
import path from "node:path";
import { lastBuildDuration, ROOT } from "../../scripts/build-if-needed";
import type { Command } from "commander";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { readToken } from "../../lib/security/token";
import { Client } from "../lib/client";
import { mintLoginLink } from "../lib/login-link";
import { bytes } from "../lib/output";
import {
  buildIfNeeded,
  fullHealth,
  isOurServer,
  pidFile,
  probe,
  readPid,
  removePid,
  serverLog,
  sleep,
  spawnServer,
  stopBackgroundServer,
  tail,
  terminate,
  type PidInfo,
} from "../lib/server-process";

export function registerServer(program: Command) {
  program
    .command("start")
    .description("start the server in the background (builds the app first if needed); pid file and log in the data dir")
    .option("--wait <seconds>", "how long to wait for the server to answer", "90")
    .option("--no-build", "use the existing build as it is (fails if there is none)")
    .action(async (_o, cmd: Command) => {
      const { opts, target, client, out } = commandContext<{ wait: string; build: boolean }>(cmd);
      const { host, port } = target.loaded.config.server;
      for (const w of target.loaded.warnings) out.warn(w);
      const existing = readPid(target.dataDir);
      const running = await probe(target.url);
      if (running) {
        const pid = existing && isOurServer(existing.pid) ? existing.pid : null;
        const loginUrl = await loginLinkOrNull(client);
        out.result({ status: "running", alreadyRunning: true, url: target.url, pid, version: running.version, loginUrl }, () => [
          `Recollect is already running at ${target.url}${pid ? ` (pid ${pid})` : ""}`,
          ...browserLine(loginUrl),
        ]);
        return;
      }
      if (existing && isOurServer(existing.pid)) {
        // Its pid file says where it listens: on another port (the config changed since), say so.
        const where = existing.url && existing.url !== target.url ? `at ${existing.url}, not at ${target.url}` : `but not answering at ${target.url}`;
        throw new CliError(`a server started earlier (pid ${existing.pid}) is running ${where}`, EXIT.failure, "`recollect stop`, then start again");
      }
      if (existing) removePid(target.dataDir);

      fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
      const log = serverLog(target.dataDir);
      fs.mkdirSync(path.dirname(log), { recursive: true, mode: 0o700 });
      if (opts.build) {
        const last = lastBuildDuration();
        out.info(`Checking the build${last ? ` (a build here took ${last} last time)` : ""}...`);
        const logFd = fs.openSync(log, "a", 0o600);
        try {
          buildIfNeeded(opts.json ? logFd : process.stderr.isTTY ? "inherit" : logFd);
        } catch (error) {
          throw new CliError((error as Error).message, EXIT.failure, `see ${log}`);
        } finally {
          fs.closeSync(logFd);
        }
      } else if (!fs.existsSync(path.join(ROOT, process.env.RECOLLECT_DIST_DIR || ".next", "BUILD_ID"))) {
        throw new CliError("there is no build to start", EXIT.failure, "run `recollect start` without --no-build (or `npm run build`)");
      }
      const pid = spawnServer({ host, port, dataDir: target.dataDir, log });
      const info: PidInfo = { pid, url: target.url, host, port, dataDir: target.dataDir, log, startedAt: new Date().toISOString() };
      fs.writeFileSync(pidFile(target.dataDir), JSON.stringify(info, null, 2) + "\n", { mode: 0o600 });

      const deadline = Date.now() + Number(opts.wait) * 1000;
      for (;;) {
        const health = await probe(target.url, 1000);
        if (health) {
          const loginUrl = await loginLinkOrNull(client);
          out.result({ status: "running", alreadyRunning: false, ...info, version: health.version, loginUrl }, () => [
            `Recollect ${health.version} is running at ${target.url} (pid ${pid})`,
            `  data dir ${target.dataDir}`,
            `  log      ${log}`,
            ...browserLine(loginUrl),
          ]);
          return;
        }
        if (!isOurServer(pid)) {
          removePid(target.dataDir, pid);
          throw new CliError(`the server exited during start-up:\n${tail(log)}`, EXIT.failure, `full log: ${log}`);
        }
        if (Date.now() > deadline) {
          await terminate(pid, 5000);
          removePid(target.dataDir, pid);
          throw new CliError(`the server did not answer at ${target.url} within ${opts.wait}s:\n${tail(log)}`, EXIT.failure, `full log: ${log}`);
        }
        await sleep(200);
      }
    });

  /** The browser needs a login: a one-time link (2 minutes) instead of the bare URL. */
  async function loginLinkOrNull(client: Client): Promise<string | null> {
    // A first start creates the token: read it now if it was not there before.
    const token = client.target.token ?? readToken(client.target.dataDir);
    if (!token) return null;
    try {
      return (await mintLoginLink(new Client({ ...client.target, token }))).url;
    } catch {
      return null;
    }
  }
  const browserLine = (loginUrl: string | null) =>
    loginUrl
      ? [`  browser  ${loginUrl}`, "           (signs in once, within 2 minutes; `recollect open` makes a new link)"]
      : ["  browser  run `recollect open` to sign in"];

  program
    .command("stop")
    .description("stop the background server started by `recollect start`")
    .action(async (_o, cmd: Command) => {
      const { target, out } = commandContext(cmd);
      const stopped = await stopBackgroundServer(target.dataDir, target.url);
      out.result({ status: "stopped", ...stopped }, () =>
        !stopped.wasRunning
          ? "Recollect is not running."
          : `Stopped Recollect (pid ${stopped.pid}${stopped.how === "killed" ? ", killed after it ignored SIGTERM" : ""}).`,
      );
    });

  program
    .command("status")
    .description("is the server running? where, which version, how much memory (exit 3 when it is not)")
    .action(async (_o, cmd: Command) => {
      const { target, out } = commandContext(cmd);
      const info = readPid(target.dataDir);
      const pid = info && isOurServer(info.pid) ? info.pid : null;
      const alive = await probe(target.url);
      // Paths and counts need the token; without it only the version is known.
      const health = alive && (await fullHealth(target.url, target.token));
      if (alive && !health) {
        out.result({ status: "running", url: target.url, pid, dataDir: target.dataDir, version: alive.version, health: alive.status }, () => [
          `Recollect ${alive.version} is running at ${target.url}${pid ? ` (pid ${pid})` : ""}${alive.status === "ok" ? "" : ` (${alive.status})`}`,
          `  details need the API token (${target.tokenPath}): the server did not accept this one`,
        ]);
        return;
      }
      if (!health) {
        out.result({ status: pid ? "not-responding" : "stopped", url: target.url, pid, dataDir: target.dataDir }, () =>
          pid ? `Recollect (pid ${pid}) is not answering at ${target.url}.` : `Recollect is not running (nothing answers at ${target.url}).`,
        );
        process.exitCode = EXIT.unreachable;
        return;
      }
      const result = {
        status: "running",
        url: target.url,
        pid,
        dataDir: target.dataDir,
        log: pid ? serverLog(target.dataDir) : null,
        version: health.version,
        health: health.status,
        storage: health.storage ?? null,
        uptimeSeconds: health.uptimeSeconds,
        memories: health.counts.memories,
        projects: health.counts.projects,
        checkpoints: health.counts.checkpoints,
        search: health.search,
        database: health.database,
      };
      out.result(result, () => [
        `Recollect ${health.version} is running at ${target.url}${pid ? ` (pid ${pid})` : " (not started by `recollect start`)"}`,
        `  uptime    ${health.uptimeSeconds}s`,
        `  memories  ${health.counts.memories.total ?? 0} (${health.counts.memories.active ?? 0} active, ${health.counts.memories.suggested ?? 0} suggested)`,
        `  projects  ${health.counts.projects}; checkpoints ${health.counts.checkpoints}`,
        `  search    ${health.search.mode} (${health.search.reason})`,
        `  database  ${health.database.path} (${bytes(health.database.sizeBytes)})`,
        ...(health.storage?.status === "full" ? [`  storage   FULL since ${health.storage.at}: ${health.storage.reason}`] : []),
      ]);
    });
}
