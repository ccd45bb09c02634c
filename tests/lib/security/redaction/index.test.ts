/** The public API: redactAsync and redactDeepAsync give what redact gives. */
import { describe, expect, it } from "vitest";
import { REDACT_SLICE_CHARS, redact, redactAsync, redactDeep, redactDeepAsync } from "../../../../lib/security/redaction";
import { b64, pemBody, r } from "./helpers";

describe("redactAsync / redactDeepAsync", () => {
  const secret = `ghp_${r(b64, 36, 3)}`;
  const line = (i: number) => `${i} INFO request ok; token ${secret} used, key -----BEGIN PRIVATE KEY-----\n${pemBody(2)}\n-----END PRIVATE KEY-----\n`;
  const big = Array.from({ length: 4000 }, (_, i) => line(i)).join("");

  it("gives what redact gives, a secret on every slice boundary included", async () => {
    expect(big.length).toBeGreaterThan(REDACT_SLICE_CHARS * 3);
    const slices: number[] = [];
    const out = await redactAsync(big, (ms) => slices.push(ms));
    expect(slices.length).toBeGreaterThan(3);
    expect(out).toBe(redact(big));
    expect(out).not.toContain(secret);
    // Cut in the middle of a token and of a key whatever the slice length: a long single line.
    const oneLine = `${"x ".repeat(REDACT_SLICE_CHARS / 2 - 10)}${secret} ${"y ".repeat(REDACT_SLICE_CHARS)}`;
    expect(await redactAsync(oneLine)).toBe(redact(oneLine));
    expect(await redactAsync(oneLine)).not.toContain(secret);
  });

  it("a span that starts before its anchor is merged whole across a slice boundary", async () => {
    // `echo ghp_... | docker login --password-stdin`: the token ends before the boundary, the flag
    // that makes the echoed word a password comes after it; a Telegram bot id before its `:AA`.
    const tg = `5${r("0123456789", 9, 52)}:AA${r(b64, 33, 52)}`;
    for (const [line, tags] of [
      [`echo ${secret} | docker login -u me --password-stdin`, "echo [REDACTED:github_token] | docker login -u me --password-stdin"],
      [`echo Sup3rS3cretPw | docker login -u me --password-stdin`, "echo [REDACTED:cli_password] | docker login -u me --password-stdin"],
      [`bot ${tg} ok`, "bot [REDACTED:telegram_bot_token] ok"],
    ]) {
      for (let off = -70; off <= 5; off += 3) {
        const head = `${"y ".repeat((REDACT_SLICE_CHARS + off) / 2 + 1).slice(0, REDACT_SLICE_CHARS + off - 1)} `;
        const text = `${head}${line} ${"z ".repeat(1000)}`;
        const want = `${head}${tags} ${"z ".repeat(1000)}`;
        expect(redact(text)).toBe(want);
        expect(await redactAsync(text, () => {})).toBe(want);
      }
    }
  });

  it("lets the event loop run while it works on a big text", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await redactAsync(big + big + big);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("small texts and deep values", async () => {
    expect(await redactAsync(`use ${secret}`)).toBe("use [REDACTED:github_token]");
    expect(await redactAsync("")).toBe("");
    const value = { a: [`x ${secret}`, 1, null, { b: big }], [secret.slice(0, 3)]: true };
    expect(await redactDeepAsync(value)).toEqual(redactDeep(value));
  });
});
