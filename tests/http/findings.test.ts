import { describe, expect, it } from "vitest";
import { RecollectClient } from "../../plugin/client";
import { type FindingStore, findingLine, listFindings, recordAudit, reportFinding, resolveFinding } from "../../plugin/findings";
import { resolveSettings } from "../../plugin/options";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

/** plugin/findings.ts, the one module `/review`'s auditor and a loop's auditor write findings with. */
const server = sharedServer();

function store(): FindingStore {
  const settings = resolveSettings({ url: server.url, dataDir: server.dataDir, autoStart: false }, {});
  return { client: new RecollectClient(settings), directory: tempDir("recollect-findings-"), timeoutMs: 5000 };
}
const kv = async (s: FindingStore) =>
  (await (await server.api(`/api/kv?directory=${encodeURIComponent(s.directory)}&prefix=review-finding:`)).json()).items as { key: string; value: any }[];

describe("review findings in KV (one module for /review and loops)", () => {
  it("a loop's finding, reported again, is carried forward; a whole audit then resolves what it did not report", async () => {
    const s = store();
    const first = await reportFinding(s, { file: "src/a:b.ts", line: 12, severity: "major", description: "unchecked input" }, "loop_1");
    expect(first).toMatchObject({ ok: true, data: { carried: false } });
    const firstSeen = (await kv(s))[0]!.value.firstSeen;
    const again = await reportFinding(s, { file: "src/a:b.ts", line: 12, severity: "critical", description: "unchecked input, still" }, "loop_1");
    expect(again).toMatchObject({ ok: true, data: { carried: true } });
    let items = await kv(s);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: "review-finding:src/a:b.ts:12",
      value: { severity: "critical", status: "open", audits: 2, firstSeen, loopId: "loop_1" },
    });

    // The same key format read back by /review's audit: carried with its count, the other resolved.
    const open = await listFindings(s);
    expect(open.ok && open.data).toEqual([expect.objectContaining({ file: "src/a:b.ts", line: 12, audits: 2, loopId: "loop_1" })]);
    expect(open.ok && findingLine(open.data[0]!)).toBe("- src/a:b.ts:12 [critical, 2 audit(s)] unchecked input, still");
    const audit = await recordAudit(s, [{ file: "src/c.ts", line: 3, severity: "minor", description: "naming" }]);
    expect(audit).toMatchObject({ ok: true, data: { added: ["review-finding:src/c.ts:3"], carried: [], resolved: ["review-finding:src/a:b.ts:12"] } });
    items = await kv(s);
    expect(items.map((i) => [i.key, i.value.audits])).toEqual([["review-finding:src/c.ts:3", 1]]);

    const again2 = await recordAudit(s, [{ file: "src/c.ts", line: 3, severity: "minor", description: "naming" }], ["src/c.ts"]);
    expect(again2).toMatchObject({ ok: true, data: { added: [], carried: ["review-finding:src/c.ts:3"], resolved: [] } });
    expect(await resolveFinding(s, "src/c.ts", 3)).toMatchObject({ ok: true, data: { deleted: true } });
    expect(await listFindings(s)).toMatchObject({ ok: true, data: [] });
  });

  it("a value an older writer left as resolved is not open", async () => {
    const s = store();
    const key = encodeURIComponent("review-finding:old.ts:1");
    const put = await server.api(`/api/kv/${key}`, {
      method: "PUT",
      json: { directory: s.directory, value: { severity: "minor", description: "x", status: "resolved" } },
    });
    expect(put.status).toBeLessThan(300);
    expect(await listFindings(s)).toMatchObject({ ok: true, data: [] });
  });
});
