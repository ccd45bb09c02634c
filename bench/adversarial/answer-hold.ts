/**
 * The CPU of the compress answer's last step, for a 100,000-message answer (56.8 MB, the history of
 * `--route compress`), in process (issue #37, session eight). Before: the answer was one buffer (a
 * small buffer per message, encoded in slices), then in one turn of the event loop `Buffer.concat`,
 * the copy `new Response(bytes)` makes, and the direct path's `response.arrayBuffer()`; those three
 * are timed here as the old code ran them. Now: `compressAnswerResponse` computes the answer's length
 * before the head (a message a step), then encodes each ~256 KB chunk when the writer asks for it, in
 * slices of at most 10 ms (both printed: the length pass, and the total with the stream read; no step
 * is longer than one message or one chunk's `Buffer.from`).
 *
 * Run: npx tsx bench/adversarial/answer-hold.ts
 */
import { compressAnswerResponse } from "../../app/api/_lib/compress-body";
import { History } from "../../tests/lib/compression/history";
const h = new History("ses_bench_routes_compress");
for (let i = 0; i < 100_000; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
const result = { messages: h.messages, stats: { tokensBefore: 1, tokensAfter: 1, byStrategy: {} }, nudges: [] } as never;
const cpuMs = (f: () => void) => {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
};
for (let round = 0; round < 3; round++) {
  const parts: Buffer[] = [Buffer.from('{"messages":[', "latin1")];
  // Old: one Buffer per message (the sliced steps), then in one turn: concat, new Response(bytes) (copies), the direct path's arrayBuffer (copies).
  (result as { messages: unknown[] }).messages.forEach((m, i) => {
    if (i) parts.push(Buffer.from(","));
    parts.push(Buffer.from(JSON.stringify(m), "latin1"));
  });
  let bytes!: Buffer;
  let res!: Response;
  const concat = cpuMs(() => {
    bytes = Buffer.concat(parts);
  });
  const response = cpuMs(() => {
    res = new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength));
  });
  const c0 = process.cpuUsage();
  Buffer.from(await res.arrayBuffer());
  const d = process.cpuUsage(c0);
  // New: the length before the head, then each chunk as the reader asks; the largest step is one
  // chunk's Buffer.from. Timed: the length pass and the whole stream read.
  const c1 = process.cpuUsage();
  const r2 = await compressAnswerResponse(result, {});
  const head = process.cpuUsage(c1);
  const reader = r2.body!.getReader();
  while (!(await reader.read()).done);
  const enc = process.cpuUsage(c1);
  console.log(
    JSON.stringify({
      MB: bytes.length / 1e6,
      oldConcatCpuMs: concat,
      oldResponseCopyCpuMs: response,
      oldReadBackCpuMs: (d.user + d.system) / 1000,
      newLengthBeforeHeadCpuMs: (head.user + head.system) / 1000,
      newEncodeTotalCpuMs: (enc.user + enc.system) / 1000,
      newLength: r2.headers.get("content-length"),
    }),
  );
}
