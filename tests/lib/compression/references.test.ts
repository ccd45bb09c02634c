import { describe, expect, it } from "vitest";
import { compressMessages, expandCompressedOriginal } from "../../../lib/compression";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, History, SESSION } from "./history";

/**
 * Issue 39: a "same output as above" reference always resolves in one step. Replays a session turn
 * by turn (the copies age and get compressed, a pressure threshold is crossed) and, at every turn,
 * expands every reference once: the expand gives the part's own output, byte for byte.
 */
const contexts = contextsPerTest({ RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "0" });

const read = excerpt("read-marshmallow-fields").output;
const header = Array.from({ length: 14 }, (_, i) => `collected test_module_${i}.py::test_case_${i} ran with a fairly long line of output`);

function session(): History {
  const h = new History().user("Fix the TimeDelta test");
  for (let i = 0; i < 12; i++) {
    h.step({ name: `r${i}`, tools: [{ name: `read${i}`, tool: "read", input: { filePath: "src/fields.py" }, output: read }] });
    h.step({ name: `t${i}`, tools: [{ name: `test${i}`, tool: "bash", input: { command: "pytest" }, output: [...header, `${i} failed`].join("\n") }] });
    h.step({ tools: [{ tool: "bash", input: { command: `make ${i}` }, output: Array.from({ length: 80 }, (_, j) => `build ${i} step ${j}`).join("\n") }] });
  }
  return h;
}

const REFERENCE = /^\[recollect: (?:unchanged, the same output|\d+ lines as in)/m;

describe("references", () => {
  it("resolve in one expand at every turn of a replayed history, copies compressed or not", () => {
    const h = session();
    const originals = new Map<string, string>();
    for (const m of h.messages) for (const p of m.parts) if (p.type === "tool") originals.set(p.id, (p.state as { output: string }).output);
    for (const pressure of ["[50000, 150000]", "[3000, 6000]"]) {
      const ctx = contexts({ env: { RECOLLECT_COMPRESSION_PRESSURE_TOKENS: pressure } });
      let references = 0;
      for (let end = 2; end <= h.messages.length; end++) {
        const out = compressMessages(ctx, { sessionID: SESSION, messages: structuredClone(h.messages.slice(0, end)) }).messages;
        for (const m of out)
          for (const p of m.parts) {
            if (p.type !== "tool") continue;
            const shown = String((p.state as { output?: string }).output ?? "");
            if (!REFERENCE.test(shown)) continue;
            references++;
            const hashes = [...shown.matchAll(/memory_expand\("([0-9a-f]{16})"\)/g)].map((x) => x[1]);
            // One handle, and it gives back this part's output.
            expect(hashes.length).toBe(1);
            expect(expandCompressedOriginal(ctx, hashes[0]).content).toBe(originals.get(p.id as string));
          }
      }
      expect(references).toBeGreaterThan(20);
    }
  });
});
