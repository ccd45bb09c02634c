/**
 * Secret redaction, applied before anything is written (memories, checkpoints, CCR entries, KV).
 * Each detector replaces the secret with `[REDACTED:<kind>]`; where a secret sits after a label
 * (`Bearer `, `PASSWORD=`, `user:` in a URL) the label is kept so the text still reads.
 */
interface Detector {
  kind: string;
  pattern: RegExp;
  /** Index of the capture group holding the secret; 0 (the default) replaces the whole match. */
  group?: number;
}

// Order matters: specific formats first, generic assignments last.
const DETECTORS: Detector[] = [
  { kind: "private_key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g },
  { kind: "anthropic_key", pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{20,}|\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: "openai_key", pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "stripe_key", pattern: /\b(?:sk|rk|pk|whsec)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})/g },
  { kind: "gitlab_token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { kind: "slack_token", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: "slack_webhook", pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9_/-]{20,}/g },
  { kind: "aws_access_key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g },
  { kind: "aws_secret_key", pattern: /(aws_?secret_?(?:access_?)?key\s*["']?\s*[:=]\s*["']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi, group: 2 },
  { kind: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: "npm_token", pattern: /(_authToken\s*=\s*)([^\s"']+)/g, group: 2 },
  { kind: "huggingface_token", pattern: /\bhf_[A-Za-z0-9]{30,}\b/g },
  { kind: "sendgrid_key", pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g },
  { kind: "digitalocean_token", pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "url_password", pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:)([^@\s/]+)(?=@)/gi, group: 2 },
  { kind: "bearer_token", pattern: /(\b(?:Bearer|Token)\s+)([A-Za-z0-9._~+/-]{16,}=*)/g, group: 2 },
  { kind: "azure_key", pattern: /((?:AccountKey|SharedAccessKey)\s*=\s*)([A-Za-z0-9+/]{20,}=*)/g, group: 2 },
  {
    kind: "env_secret",
    // NAME=value or NAME: value where NAME ends in a secret-ish word (API_KEY, *_SECRET, *_TOKEN, PASSWORD...).
    pattern:
      /(\b[A-Za-z0-9_.-]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)\b["']?\s*[:=]\s*)("[^"\n]{4,}"|'[^'\n]{4,}'|[^\s"',;]{4,})/gi,
    group: 2,
  },
];

const REDACTED = /^\[REDACTED:[a-z_]+\]$/;

export function redact(text: string): string {
  if (!text) return text;
  let out = text;
  for (const { kind, pattern, group = 0 } of DETECTORS) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, (match: string, ...rest: unknown[]) => {
      const tag = `[REDACTED:${kind}]`;
      if (group === 0) return tag;
      // replace() passes the groups, then the match offset (the first number).
      const groups = rest.slice(0, rest.findIndex((v) => typeof v === "number")) as (string | undefined)[];
      const secret = groups[group - 1];
      if (!secret || REDACTED.test(secret.replace(/^["']|["']$/g, ""))) return match;
      const at = match.lastIndexOf(secret);
      return match.slice(0, at) + tag + match.slice(at + secret.length);
    });
  }
  return out;
}

/** Redacts every string inside a JSON-like value (object keys are kept). */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
    return out as T;
  }
  return value;
}

export const REDACTION_KINDS = [...new Set(DETECTORS.map((d) => d.kind))];
