import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REDACTION_KINDS } from "../../lib/security/redaction";
import { sharedServer } from "../helpers/shared-server";

/**
 * One test per kind: store a memory carrying the secret, then scan the raw bytes of every file in
 * the data dir (database, WAL, shm) for it. Fake secrets are assembled at run time so that no
 * secret-looking literal sits in the repository.
 */
const r = (alphabet: string, n: number, seed: number) => Array.from({ length: n }, (_, i) => alphabet[(i * 7 + seed * 13) % alphabet.length]).join("");
const AZ09 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const az09 = "abcdefghijklmnopqrstuvwxyz0123456789";
const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

const CASES: { kind: string; secret: string; text: (s: string) => string }[] = [
  { kind: "aws_access_key", secret: "AKIA" + r(AZ09, 16, 1), text: (s) => `aws key ${s} in ~/.aws` },
  { kind: "aws_secret_key", secret: r(b64, 40, 2), text: (s) => `aws_secret_access_key = ${s}` },
  { kind: "github_token", secret: "ghp_" + r(b64, 36, 3), text: (s) => `export GH=${s}`.replace("export GH=", "gh auth with ") },
  { kind: "gitlab_token", secret: "glpat-" + r(b64, 20, 4), text: (s) => `gitlab ${s}` },
  { kind: "openai_key", secret: "sk-proj-" + r(b64, 40, 5), text: (s) => `OpenAI client with ${s}` },
  { kind: "anthropic_key", secret: "sk-ant-api03-" + r(b64, 40, 6), text: (s) => `claude via ${s}` },
  { kind: "slack_token", secret: "xoxb-" + r("0123456789", 12, 7) + "-" + r(b64, 24, 7), text: (s) => `slack bot ${s}` },
  {
    kind: "slack_webhook",
    secret: "https://hooks.slack.com/services/T" + r(AZ09, 8, 8) + "/B" + r(AZ09, 8, 8) + "/" + r(b64, 24, 8),
    text: (s) => `post to ${s}`,
  },
  { kind: "stripe_key", secret: "sk_live_" + r(b64, 24, 9), text: (s) => `stripe ${s}` },
  { kind: "google_api_key", secret: "AIza" + r(b64, 35, 10), text: (s) => `maps key ${s}` },
  { kind: "npm_token", secret: "npm_" + r(b64, 36, 11), text: (s) => `publish with ${s}` },
  { kind: "huggingface_token", secret: "hf_" + r(b64, 34, 12), text: (s) => `hub token ${s}` },
  { kind: "sendgrid_key", secret: "SG." + r(b64, 22, 13) + "." + r(b64, 43, 13), text: (s) => `mail ${s}` },
  { kind: "digitalocean_token", secret: "dop_v1_" + r("0123456789abcdef", 64, 14), text: (s) => `doctl ${s}` },
  { kind: "jwt", secret: "eyJ" + r(b64, 20, 15) + ".eyJ" + r(b64, 30, 15) + "." + r(b64, 43, 15), text: (s) => `session cookie ${s}` },
  {
    kind: "private_key",
    secret: r(b64, 64, 16),
    text: (s) => `-----BEGIN OPENSSH PRIVATE KEY-----\n${s}\n${r(b64, 64, 17)}\n-----END OPENSSH PRIVATE KEY-----`,
  },
  { kind: "url_password", secret: "pw" + r(az09, 14, 18), text: (s) => `DATABASE at postgres://app:${s}@db.internal:5432/prod` },
  { kind: "bearer_token", secret: r(b64, 32, 19), text: (s) => `curl -H "Authorization: Bearer ${s}" https://api.example` },
  { kind: "azure_key", secret: r(b64, 44, 20) + "==", text: (s) => `DefaultEndpointsProtocol=https;AccountName=x;AccountKey=${s};` },
  { kind: "env_secret", secret: "val" + r(az09, 13, 21), text: (s) => `in .env: STRIPE_WEBHOOK_SECRET=${s}` },
  { kind: "env_secret", secret: "pw" + r(az09, 12, 22), text: (s) => `PASSWORD="${s}"` },
  { kind: "env_secret", secret: "tk" + r(az09, 12, 23), text: (s) => `GITHUB_TOKEN: ${s}` },
];

const server = sharedServer();

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(Buffer.from(needle))) hits.push(file);
  }
  return hits;
}

describe("secrets never reach the data dir", () => {
  it("covers at least 15 kinds", () => {
    expect(new Set(CASES.map((c) => c.kind)).size).toBeGreaterThanOrEqual(15);
    expect(REDACTION_KINDS.length).toBeGreaterThanOrEqual(15);
  });

  for (const [i, c] of CASES.entries()) {
    it(`${c.kind} (#${i})`, async () => {
      const res = await server.api("/api/memories", {
        method: "POST",
        json: {
          content: `note ${i}: ${c.text(c.secret)}`,
          title: c.text(c.secret).length < 190 ? `about ${c.text(c.secret)}` : `about #${i}`,
          metadata: { raw: c.text(c.secret) },
        },
      });
      expect(res.status).toBe(201);
      const memory = (await res.json()) as { id: string; content: string; title: string; metadata: { raw: string } };
      expect(memory.content).toContain(`[REDACTED:${c.kind}]`);
      expect(JSON.stringify(memory)).not.toContain(c.secret);
      // And through an update as well.
      const patched = await server.api(`/api/memories/${memory.id}`, { method: "PATCH", json: { content: `edited ${i}: ${c.text(c.secret)}` } });
      expect(patched.status).toBe(200);
      expect(filesContaining(server.dataDir, c.secret)).toEqual([]);
    });
  }
});
