import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getKv, listKv, putKv } from "../../../lib/kv";
import { configureLogging, logFile, logger } from "../../../lib/logging/logger";
import { createMemory } from "../../../lib/memories/create";
import { updateMemory } from "../../../lib/memories/update";
import { resolveProject } from "../../../lib/projects/resolve";
import { recordAccess } from "../../../lib/search/access";
import { redact } from "../../../lib/security/redaction";
import { redactKey, redactKeysAfter, redactKeysAfterAsync, redactKeysDeep, redactPath } from "../../../lib/security/redact-fields";
import { redactDeep } from "../../../lib/security/redaction";
import { claimItem, releaseClaim } from "../../../lib/sessions/claims";
import { getSession, heartbeat, registerSession } from "../../../lib/sessions/sessions";
import { secretVariants } from "../../fixtures/secrets";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { kvRefQuery, listKvQuery, putKvInput } from "../../../lib/contracts/kv";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { claimInput, heartbeatInput, registerSessionInput, releaseClaimQuery } from "../../../lib/contracts/sessions";
const known = secretVariants("unit").filter((v) => !v.engine);
const aws = known.find((v) => v.kind === "aws_access_key")!;
const ghp = known.find((v) => v.name === "github classic token")!;
const pg = known.find((v) => v.name === "postgres url password")!;

const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => {
  while (ctxs.length) ctxs.pop()!.close();
});
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

describe("redactKeysDeep", () => {
  it("redacts keys as well as values, at any depth, and keeps two keys that redact alike", () => {
    const out = redactKeysDeep({ [ghp.secret]: 1, nested: [{ [`x ${ghp.secret}`]: ghp.text }], [`${ghp.secret.slice(0, 4)}${"Z".repeat(36)}`]: 2 });
    expect(JSON.stringify(out)).not.toContain(ghp.secret);
    expect(Object.keys(out)).toEqual(["[REDACTED:github_token]", "nested", "[REDACTED:github_token] (2)"]);
    expect(out).toMatchObject({ "[REDACTED:github_token]": 1, "[REDACTED:github_token] (2)": 2 });
  });

  it("reads a value with its key in front, so a password under its name is redacted", () => {
    const out = redactKeysDeep({ password: "hunter22x", user: "hunter22x", DB_PASSWD: ["s3cr3tpw"] });
    expect(out).toEqual({ password: "[REDACTED:env_secret]", user: "hunter22x", DB_PASSWD: ["[REDACTED:env_secret]"] });
  });

  it("reads a value of several words whole under its key, and a one-word reference as code", () => {
    const out = redactKeysDeep({ password: "correct horse battery staple", secret: 'pa"ss w0rd', auth: "none", dbPassword: "process.env.DB_PASSWORD" });
    expect(out).toEqual({ password: "[REDACTED:env_secret]", secret: "[REDACTED:env_secret]", auth: "none", dbPassword: "process.env.DB_PASSWORD" });
  });

  it("redactKeysAfter (sync and async) finishes what redactDeep leaves: keys, and values named like secrets", async () => {
    const history = { parts: [{ tool: "bash", input: { command: "deploy", env: { API_KEY: "plainvalue1", [ghp.secret]: "x" } }, output: ghp.text }] };
    const full = redactKeysDeep(history);
    const values = redactDeep(history);
    expect(JSON.stringify(values)).toContain("plainvalue1");
    expect(redactKeysAfter(values)).toEqual(full);
    expect(await redactKeysAfterAsync(values)).toEqual(full);
    expect(JSON.stringify(full)).not.toContain("plainvalue1");
    expect(JSON.stringify(full)).not.toContain(ghp.secret);
  });

  it("leaves numbers, booleans and null alone", () => {
    expect(redactKeysDeep({ a: 1, b: true, c: null, d: [1.5] })).toEqual({ a: 1, b: true, c: null, d: [1.5] });
  });
});

describe("keys and ids", () => {
  it("redactKey gives the same key for the same input every time, and none of the secret", () => {
    for (const v of known) {
      expect(redactKey(v.line)).toBe(redactKey(`${v.line}`));
      expect(redactKey(v.line)).not.toContain(v.secret);
    }
  });

  it("redactPath decodes a percent-encoded path before redacting it", () => {
    const logged = redactPath(`/api/kv/${encodeURIComponent(pg.line)}`);
    expect(logged).not.toContain(pg.secret);
    expect(logged).toContain("[REDACTED:url_password]");
    expect(redactPath("/api/memories/%ff")).toBe("/api/memories/%ff");
    // A URL's `//` squashed by the path, a secret holding `/`, a secret glued to the next segment.
    expect(redactPath(`/api/kv/cfg/${pg.line.replace("://", ":/")}`)).not.toContain(pg.secret);
    const slashy = known.find((v) => v.name === "aws secret key")!;
    expect(redactPath(`/api/kv/${slashy.line.split("/").map(encodeURIComponent).join("/")}`)).not.toContain(slashy.secret.slice(-12));
    expect(redactPath(`/api/sessions/${encodeURIComponent(ghp.secret)}/heartbeat`)).toBe("/api/sessions/[REDACTED:github_token]/heartbeat");
  });
});

describe("verbs store what they are given redacted", () => {
  it("KV: a key holding a secret is stored redacted and still found by the key the client knows", () => {
    const ctx = fresh();
    const key = `deploy/${ghp.secret}`;
    putKv(ctx, key, putKvInput.parse({ value: { [aws.secret]: { password: "hunter22x" } } }));
    const row = ctx.sqlite.prepare("SELECT key, value FROM kv").get() as { key: string; value: string };
    // Round 3 (issue 37 finding 10): a secret-bearing key keeps a ` #<16 hex>` hash of the original, so keys stay distinct.
    expect(row.key).toMatch(/^deploy\/\[REDACTED:github_token\] #[0-9a-f]{16}$/);
    expect(row.key).not.toContain(ghp.secret);
    expect(row.value).not.toContain(aws.secret);
    expect(row.value).not.toContain("hunter22x");
    expect(getKv(ctx, key, kvRefQuery.parse({})).key).toBe(row.key);
    expect(listKv(ctx, listKvQuery.parse({ prefix: `deploy/${ghp.secret}` })).items).toHaveLength(1);
  });

  it("memories: tags are redacted before they are lower-cased; metadata keys and the PATCH reason are redacted", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "keys rotate monthly", tags: [aws.secret, "Ops"], metadata: { [aws.secret]: "x" } });
    expect(memory.tags).toEqual(["[redacted:aws_access_key]", "ops"]);
    expect(Object.keys(memory.metadata)).toEqual(["[REDACTED:aws_access_key]"]);
    updateMemory(ctx, memory.id, updateMemoryInput.parse({ content: "keys rotate weekly", reason: `rotated ${ghp.secret}` }));
    const version = ctx.sqlite.prepare("SELECT reason FROM memory_versions").get() as { reason: string };
    expect(version.reason).toBe("rotated [REDACTED:github_token]");
    expect(JSON.stringify(ctx.sqlite.prepare("SELECT tag FROM memory_tags").all())).not.toContain(aws.secret.toLowerCase());
  });

  it("projects: the name and root path taken from a directory are redacted; the id stays the one of the real path", () => {
    const ctx = fresh();
    const dir = path.join(tempDir(), ghp.secret);
    fs.mkdirSync(dir);
    const id = resolveProject(ctx, { directory: dir });
    const row = ctx.sqlite.prepare("SELECT id, name, root_path AS rootPath FROM projects").get() as { id: string; name: string; rootPath: string };
    expect(row.id).toBe(id);
    expect(row.name).toBe("[REDACTED:github_token]");
    expect(row.rootPath).toBe(path.join(path.dirname(dir), "[REDACTED:github_token]"));
    expect(resolveProject(ctx, { directory: dir })).toBe(id);
  });

  it("sessions and claims: ids, agent and item are redacted and stay addressable", () => {
    const ctx = fresh();
    const sid = `ses ${pg.line}`;
    const dir = tempDir();
    registerSession(ctx, registerSessionInput.parse({ sessionID: sid, directory: dir, agent: ghp.secret }));
    heartbeat(ctx, sid, heartbeatInput.parse({ workingOn: "the deploy" }));
    const got = getSession(ctx, sid);
    expect(got.id).not.toContain(pg.secret);
    expect(got.agent).toBe("[REDACTED:github_token]");
    expect(got.workingOn).toBe("the deploy");
    claimItem(ctx, claimInput.parse({ directory: dir, sessionID: sid, item: `rotate ${ghp.secret}` }));
    const claim = ctx.sqlite.prepare("SELECT item, session_id AS sessionId FROM claims").get() as { item: string; sessionId: string };
    // Round 3 (issue 37 finding 10): a secret-bearing claim item keeps a ` #<16 hex>` hash of the original, so items stay distinct.
    expect(claim.item).toMatch(/^rotate \[REDACTED:github_token\] #[0-9a-f]{16}$/);
    expect(claim.item).not.toContain(ghp.secret);
    expect(claim.sessionId).toBe(got.id);
    expect(releaseClaim(ctx, releaseClaimQuery.parse({ directory: dir, sessionID: sid, item: `rotate ${ghp.secret}` }))).toEqual({ released: true });
  });

  it("access_log: the query (for recall, the user's own message) is redacted before it is cut", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "deploy runbook" });
    recordAccess(ctx, [memory.id], "recall", null, `${"x ".repeat(240)}${ghp.secret}`);
    const row = ctx.sqlite.prepare("SELECT query FROM access_log").get() as { query: string };
    expect(row.query).not.toContain(ghp.secret.slice(0, 12));
    expect(row.query.length).toBeLessThanOrEqual(500);
  });
});

describe("logs", () => {
  it("redacts the message and every field, keys included", () => {
    const dataDir = tempDir();
    configureLogging({ dataDir });
    logger.info(`request ${ghp.secret}`, { path: `/api/kv/${pg.line}`, [aws.secret]: { error: ghp.text } });
    const text = fs.readFileSync(logFile(dataDir), "utf8");
    for (const v of [ghp, pg, aws]) expect(text).not.toContain(v.secret);
    expect(JSON.parse(text.trim().split("\n").at(-1)!)).toMatchObject({ msg: "request [REDACTED:github_token]" });
    expect(redact(text)).toBe(text);
  });
});
