/** A realistic hand-made OpenCode history: a task, edits, a failing then passing test run, todos, decisions. */
let n = 0;
const tool = (tool: string, input: Record<string, unknown>, output: string, status = "completed") => ({
  id: `prt_${++n}`,
  type: "tool",
  tool,
  callID: `call_${n}`,
  state:
    status === "error"
      ? { status, input, error: output, time: { start: 1, end: 2 } }
      : { status, input, output, title: "", metadata: {}, time: { start: 1, end: 2 } },
});
const text = (t: string, extra: Record<string, unknown> = {}) => ({ id: `prt_${++n}`, type: "text", text: t, ...extra });
const msg = (id: string, role: "user" | "assistant", parts: unknown[]) => ({ info: { id, sessionID: "ses_a", role, time: { created: 1 } }, parts });

export function kvHistory(root: string) {
  return [
    msg("msg_01", "user", [
      text("Add a KV store to the server with TTLs. We decided to use the existing SQLite database for it. Never add a new dependency for this."),
    ]),
    msg("msg_02", "assistant", [
      text("I'll read the schema first."),
      tool("read", { filePath: `${root}/lib/db/schema.ts` }, "export const kv = sqliteTable(...)"),
      tool("write", { filePath: `${root}/lib/kv/store.ts`, content: "export function putKv() {}" }, "Wrote file successfully."),
      tool("edit", { filePath: `${root}/lib/kv/store.ts`, oldString: "a", newString: "b" }, "oldString not found in content", "error"),
      tool("edit", { filePath: `${root}/lib/kv/store.ts`, oldString: "putKv() {}", newString: "putKv() { return 1; }" }, "Edit applied."),
      tool(
        "patch",
        { patchText: "*** Begin Patch\n*** Update File: app/api/kv/route.ts\n@@\n-old\n+new\n*** Add File: tests/lib/kv/kv.test.ts\n+test\n*** End Patch" },
        "Patch applied.",
      ),
      tool(
        "todowrite",
        {
          todos: [
            { content: "Write the store", status: "completed" },
            { content: "Add the routes", status: "in_progress" },
            { content: "Document the API", status: "pending" },
          ],
        },
        "",
      ),
      tool("bash", { command: "npm test -- tests/lib/kv" }, "FAIL tests/lib/kv/kv.test.ts\nAssertionError: expected 1 to be 2\nTests: 1 failed, 3 passed"),
      tool("bash", { command: "npx tsc --noEmit" }, "lib/kv/store.ts(3,1): error TS2304: Cannot find name 'foo'."),
      { id: `prt_${++n}`, type: "patch", hash: "abc", files: [`${root}/lib/kv/index.ts`] },
    ]),
    msg("msg_03", "assistant", [
      tool("bash", { command: "npm test -- tests/lib/kv" }, "Tests: 4 passed"),
      text("I've fixed the expiry check in lib/kv/store.ts. The root cause was comparing seconds with milliseconds. Next, I will add the HTTP routes."),
    ]),
    msg("msg_04", "user", [
      text("Good. Keys must be unique per project. Also the API token is API_KEY=sk-abcdefghijklmnopqrstuvwxyz0123 do not store it."),
      text("<recollect-recall>ignored injected block</recollect-recall>", { synthetic: true }),
    ]),
  ];
}

/** The four-message session of issue 23: a constraint, an assistant's decision, a failing test, the assistant's fix and next step. */
export function rateLimitHistory(root: string) {
  return [
    msg("msg_r1", "user", [text("Add rate limiting to the public API. It must not use Redis.")]),
    msg("msg_r2", "assistant", [
      text("I'll use an in-memory token bucket per API key, decided because there is one instance."),
      tool("edit", { filePath: `${root}/src/middleware/rate-limit.ts`, oldString: "next()", newString: "bucket.take(1); next()" }, "Edit applied."),
    ]),
    msg("msg_r3", "assistant", [
      tool(
        "bash",
        { command: "npm test" },
        "FAIL src/middleware/rate-limit.test.ts\nTypeError: bucket.take is not a function\n    at src/middleware/rate-limit.ts:14:12\nTests: 1 failed, 12 passed",
      ),
    ]),
    msg("msg_r4", "assistant", [
      text("Fixed the TypeError: take() was renamed to consume(). Next step: add the 429 response headers."),
      tool("edit", { filePath: `${root}/src/middleware/rate-limit.ts`, oldString: "take(1)", newString: "consume(1)" }, "Edit applied."),
    ]),
  ];
}
