/** prefix-token.ts: fixed-prefix tokens wrapped across a line break. */
import { describe, expect, it } from "vitest";
import { redact } from "../../../../../lib/security/redaction";
import { AZ09, b64, r } from "../helpers";

describe("redact: tokens split across a line break", () => {
  const token = `ghp_${r(b64, 36, 3)}`;
  it("joins a fixed-prefix token wrapped onto the next line", () => {
    for (const cut of [4, 10, 20, 39]) {
      const out = redact(`$ cat token.txt\n${token.slice(0, cut)}\n${token.slice(cut)}\n$ next`);
      expect(out).toBe("$ cat token.txt\n[REDACTED:github_token]\n$ next");
    }
    const aws = `AKIA${r(AZ09, 16, 1)}`;
    expect(redact(`${aws.slice(0, 12)}\r\n${aws.slice(12)} x`)).toBe("[REDACTED:aws_access_key] x");
    const ant = `sk-ant-api03-${r(b64, 95, 6)}`; // a real key's length
    const wrapped = ant.match(/.{1,40}/g)!.join("\n");
    expect(redact(`key:\n${wrapped}\nend`)).toBe("key:\n[REDACTED:anthropic_key]\nend");
  });

  it("does not pull the next line into a token that is already complete", () => {
    expect(redact(`${token}\nnext line`)).toBe("[REDACTED:github_token]\nnext line");
    expect(redact(`${token} \nnext`)).toBe("[REDACTED:github_token] \nnext");
  });
});
