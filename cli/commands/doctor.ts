import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import type { EmbeddingStatus } from "../../lib/contracts/search";
import { defaultOpencodeDb } from "../../lib/ingest/source";
import { databaseFile } from "../../lib/paths";
import { commandContext } from "../lib/command-context";
import { EXIT } from "../lib/exit";
import { bytes } from "../lib/output";
import { LOADED_ENTRY_FILE, type LoadedEntry } from "../../plugin/loaded-entry";
import { detectOpencode } from "../../scripts/install-plugin";
import { AGENTS, agentStatus, HOOK_SCRIPT } from "../lib/install-agent";
import { HOOK_EVENTS } from "../../lib/contracts/agents";
import { findRecollectPlugin } from "../lib/opencode-config";
import { gitRoot } from "../lib/project";
import { fullHealth, probe, type Health } from "../lib/server-process";

export interface Check {
  name: string;
  status: "ok" | "warn" | "fail";
  message: string;
  hint?: string;
}

const MIN_FREE_FAIL = 100 * 1024 * 1024;
const MIN_FREE_WARN = 1024 * 1024 * 1024;

export function registerDoctor(program: Command) {
  program
    .command("doctor")
    .description("check and explain: server, token, database integrity, sqlite-vec, embeddings, plugin, disk space (exit 1 on a failure)")
    .action(async (_o, cmd: Command) => {
      const { target, client, out } = commandContext(cmd);
      const checks: Check[] = [];
      const add = (c: Check) => checks.push(c);

      add(
        target.loaded.warnings.length
          ? { name: "config", status: "warn", message: target.loaded.warnings.join("; "), hint: "fix or remove the keys named" }
          : { name: "config", status: "ok", message: "configuration is valid" },
      );

      // Data dir and token.
      const dataDirOk = (() => {
        try {
          fs.accessSync(target.dataDir, fs.constants.W_OK);
          return true;
        } catch {
          return false;
        }
      })();
      add(
        dataDirOk
          ? { name: "data dir", status: "ok", message: target.dataDir }
          : fs.existsSync(target.dataDir)
            ? { name: "data dir", status: "fail", message: `${target.dataDir} is not writable`, hint: "fix its permissions" }
            : { name: "data dir", status: "warn", message: `${target.dataDir} does not exist yet`, hint: "`recollect start` creates it" },
      );
      if (!fs.existsSync(target.tokenPath) && !process.env.RECOLLECT_TOKEN) {
        add({ name: "token", status: "fail", message: `no API token at ${target.tokenPath}`, hint: "the server creates it on first start: `recollect start`" });
      } else if (fs.existsSync(target.tokenPath) && (fs.statSync(target.tokenPath).mode & 0o077) !== 0) {
        add({ name: "token", status: "warn", message: `${target.tokenPath} is readable by other users`, hint: `chmod 600 ${target.tokenPath}` });
      } else {
        add({ name: "token", status: "ok", message: process.env.RECOLLECT_TOKEN ? "from RECOLLECT_TOKEN" : `${target.tokenPath} (mode 0600)` });
      }

      // Server and token acceptance.
      const alive = await probe(target.url, 3000);
      // The whole health body (uptime, versions, search mode) needs the token.
      const health: Health | undefined = alive && (await fullHealth(target.url, target.token, 3000));
      if (!alive) {
        add({
          name: "server",
          status: "fail",
          message: `nothing answers at ${target.url}`,
          hint: "`recollect start` (or check RECOLLECT_URL / RECOLLECT_PORT)",
        });
      } else {
        add({ name: "server", status: "ok", message: `Recollect ${alive.version} at ${target.url}${health ? `, up ${health.uptimeSeconds}s` : ""}` });
        if (health?.storage?.status === "full")
          add({ name: "storage", status: "fail", message: health.storage.reason ?? "the disk is full", hint: "free disk space: writes resume by themselves" });
        try {
          await client.request("/api/stats", { timeoutMs: 5000 });
          add({ name: "token accepted", status: "ok", message: "the server accepts the token" });
        } catch (error) {
          add({ name: "token accepted", status: "fail", message: (error as Error).message, hint: (error as { hint?: string }).hint });
        }
      }

      // Database integrity and sqlite-vec, on the file itself (works with the server down too).
      const file = databaseFile(target.dataDir);
      if (!fs.existsSync(file)) {
        add({ name: "database", status: "warn", message: `no database at ${file} yet`, hint: "the server creates it on first start" });
      } else {
        let db: Database.Database | undefined;
        try {
          db = new Database(file, { readonly: true, fileMustExist: true });
          db.pragma("busy_timeout = 5000");
          const result = db.pragma("quick_check", { simple: true });
          add(
            result === "ok"
              ? { name: "database", status: "ok", message: `${file}: integrity ok (${bytes(fs.statSync(file).size)})` }
              : { name: "database", status: "fail", message: `${file}: ${result}`, hint: "restore a backup (`recollect backup` makes them)" },
          );
          try {
            sqliteVec.load(db);
            const v = (db.prepare("select vec_version() as v").get() as { v: string }).v;
            add({ name: "sqlite-vec", status: "ok", message: `loaded ${v}${health ? ` (server: ${health.database.vecVersion})` : ""}` });
          } catch (error) {
            add({ name: "sqlite-vec", status: "fail", message: `cannot load: ${(error as Error).message}`, hint: "reinstall dependencies (npm install)" });
          }
        } catch (error) {
          add({ name: "database", status: "fail", message: `${file}: ${(error as Error).message}` });
        } finally {
          db?.close();
        }
      }

      // Embeddings: the server's own view (its config may differ from this shell's).
      let embedding: EmbeddingStatus | undefined;
      if (alive) {
        try {
          embedding = await client.json<EmbeddingStatus>("/api/embeddings/status", { timeoutMs: 5000 });
        } catch {
          /* an older server, or the token check above failed */
        }
      }
      if (embedding) {
        const e = embedding;
        const model = e.model ? ` with ${e.model}${e.dimension ? ` (${e.dimension} dims)` : ""}` : "";
        add(
          e.provider === "none"
            ? { name: "embeddings", status: "ok", message: "off (embedding.provider none): lexical search only" }
            : e.state === "ready"
              ? { name: "embeddings", status: "ok", message: `${e.mode} search${model}; ${e.vectors} vectors, queue ${e.queueDepth}` }
              : e.state === "mismatch"
                ? {
                    name: "embeddings",
                    status: "warn",
                    message: `the stored vectors were made with ${e.indexModel ?? "another model"}: ${e.reason}`,
                    hint: "`recollect reindex`",
                  }
                : e.state === "failed"
                  ? {
                      name: "embeddings",
                      status: "warn",
                      message: `the embedding model failed: ${e.reason}; search is lexical`,
                      hint: "check embedding.model / embedding.modelDir and the server log",
                    }
                  : { name: "embeddings", status: "warn", message: `${e.state}: ${e.reason}; search is ${e.mode} for now` },
        );
        // Which model and why (an older server does not say).
        if (e.choice) add({ name: "embedding model", status: "ok", message: e.choice });
      } else if (health) {
        add({ name: "embeddings", status: health.search.mode === "hybrid" ? "ok" : "warn", message: `${health.search.mode} search (${health.search.reason})` });
      } else {
        add({ name: "embeddings", status: "warn", message: `provider ${target.loaded.config.embedding.provider} (server down: mode unknown)` });
      }

      // Deduplication: whether the model's vectors may decide duplicates (a degenerate model may not).
      const dedup = health?.search.dedup;
      if (dedup) {
        add(
          dedup.semantic
            ? { name: "deduplication", status: "ok", message: `exact, lexical and semantic (${dedup.model}): ${dedup.reason}` }
            : dedup.model && /degenerate/.test(dedup.reason)
              ? {
                  name: "deduplication",
                  status: "warn",
                  message: `${dedup.model} is not used for deduplication: ${dedup.reason}`,
                  hint: "check embedding.model / embedding.modelDir: this model cannot tell texts apart",
                }
              : { name: "deduplication", status: "ok", message: dedup.reason },
        );
      }

      // Plugin.
      const project = gitRoot() ?? process.cwd();
      const plugin = findRecollectPlugin(project);
      add(
        plugin.found
          ? { name: "plugin", status: "ok", message: `OpenCode loads Recollect from ${plugin.where}` }
          : {
              name: "plugin",
              status: "warn",
              message: "no Recollect entry in opencode.json (global or this project) nor in a plugin dir",
              hint: "run `recollect install-plugin` (or `--project <dir>`); see docs/plugin.md",
            },
      );

      // Other agents (`recollect install-agent`): listed only when installed.
      for (const agent of AGENTS) {
        const st = agentStatus(agent, target.url, target.dataDir, process.env, target.tokenPath);
        if (!st.installed) continue;
        const missing = HOOK_EVENTS.filter((e) => !st.events.includes(e));
        add(
          !st.current || missing.length || !fs.existsSync(HOOK_SCRIPT)
            ? {
                name: agent,
                status: "warn",
                message: !fs.existsSync(HOOK_SCRIPT)
                  ? `the hooks in ${st.file} run a script that is gone`
                  : missing.length
                    ? `hooks missing in ${st.file}: ${missing.join(", ")}`
                    : `the hooks in ${st.file} name another server, data dir, install or token`,
                hint: `recollect install-agent ${agent}`,
              }
            : {
                name: agent,
                status: "ok",
                message: `hooks in ${st.file} (${st.events.join(", ")})${agent === "codex" ? "; Codex runs them once trusted in /hooks" : ""}`,
              },
        );
      }

      // OpenCode's generation, and the entry that last loaded (the plugin notes it in the data dir).
      const generation = detectOpencode();
      const loaded = (() => {
        try {
          return JSON.parse(fs.readFileSync(path.join(target.dataDir, LOADED_ENTRY_FILE), "utf8")) as LoadedEntry;
        } catch {
          return undefined;
        }
      })();
      const seen = loaded
        ? `; last loaded through the OpenCode ${loaded.generation} entry (${loaded.generation === 2 ? "setup" : "server"}) at ${loaded.at}`
        : "; no load of the plugin recorded yet";
      add(
        !generation.version
          ? { name: "opencode", status: "warn", message: `no opencode on PATH${seen}`, hint: "install OpenCode, or set OPENCODE_BIN" }
          : loaded && loaded.generation !== generation.generation
            ? {
                name: "opencode",
                status: "warn",
                message: `OpenCode ${generation.version} (generation ${generation.generation})${seen}`,
                hint: `restart OpenCode so that it loads the plugin; \`recollect install-plugin --opencode ${generation.generation}\` writes the entry for this generation`,
              }
            : { name: "opencode", status: "ok", message: `OpenCode ${generation.version} (generation ${generation.generation})${seen}` },
      );
      if (plugin.found && plugin.shape && generation.version && plugin.shape !== generation.generation && !(plugin.shape === 1 && generation.generation === 2))
        add({
          name: "plugin entry",
          status: "warn",
          message: `the entry has OpenCode ${plugin.shape}'s shape; OpenCode ${generation.generation} does not read it`,
          hint: `recollect install-plugin --opencode ${generation.generation}`,
        });

      // Disk space.
      try {
        let dir = target.dataDir;
        while (!fs.existsSync(dir)) dir = path.dirname(dir);
        const s = fs.statfsSync(dir);
        const free = s.bavail * s.bsize;
        add(
          free < MIN_FREE_FAIL
            ? { name: "disk space", status: "fail", message: `${bytes(free)} free at ${dir}`, hint: "free some space: the database cannot grow" }
            : free < MIN_FREE_WARN
              ? { name: "disk space", status: "warn", message: `${bytes(free)} free at ${dir}` }
              : { name: "disk space", status: "ok", message: `${bytes(free)} free at ${dir}` },
        );
      } catch (error) {
        add({ name: "disk space", status: "warn", message: `cannot tell: ${(error as Error).message}` });
      }

      // OpenCode's own database, for `recollect ingest`.
      const oc = defaultOpencodeDb();
      add(
        fs.existsSync(oc)
          ? { name: "opencode history", status: "ok", message: `${oc} (\`recollect ingest\` can import it)` }
          : { name: "opencode history", status: "warn", message: `no OpenCode database at ${oc}`, hint: "set OPENCODE_DB if OpenCode keeps it elsewhere" },
      );

      const failed = checks.filter((c) => c.status === "fail").length;
      const warned = checks.filter((c) => c.status === "warn").length;
      out.result({ ok: failed === 0, failed, warnings: warned, checks }, () => [
        ...checks.map(
          (c) =>
            `${c.status === "ok" ? "ok  " : c.status === "warn" ? "warn" : "FAIL"}  ${c.name.padEnd(16)} ${c.message}${c.hint ? `\n      -> ${c.hint}` : ""}`,
        ),
        "",
        failed ? `${failed} problem(s), ${warned} warning(s).` : `No problems${warned ? ` (${warned} warning(s))` : ""}.`,
      ]);
      if (failed) process.exitCode = EXIT.failure;
    });
}
