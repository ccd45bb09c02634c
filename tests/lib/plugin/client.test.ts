import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PROBE_MAX_MS } from "../../../plugin/client";
import { systemTransform } from "../../../plugin/hooks/system";
import { resolveSettings } from "../../../plugin/options";
import { createRuntime, type Runtime } from "../../../plugin/runtime";
import { SHAPES } from "../../../plugin/shapes";
import { tempDir } from "../../helpers/server";

/**
 * The plugin's client against a real HTTP server on loopback whose answers the test scripts (the
 * Recollect server's faults are what is under test: an empty or cut-short 200, a wrong shape, an
 * outage). No token file: the client sends no token, so no challenge either.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Scripted {
  url: string;
  port: number;
  seen: string[];
  handle: (h: Handler) => void;
  close: () => Promise<void>;
}

async function scriptedServer(port = 0): Promise<Scripted> {
  let handler: Handler = (_req, res) => res.end("{}");
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    seen,
    handle: (h) => void (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: http.ServerResponse, body: unknown) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
};

let open: Scripted[] = [];
let runtimes: Runtime[] = [];
afterEach(async () => {
  for (const rt of runtimes) rt.client.stopProbing();
  await Promise.all(open.map((s) => s.close()));
  open = [];
  runtimes = [];
});

async function setup() {
  const server = await scriptedServer();
  open.push(server);
  const rt = createRuntime(resolveSettings({ url: server.url, dataDir: tempDir(), autoStart: false, timeoutMs: 20_000 }, {}), "/project", undefined);
  runtimes.push(rt);
  return { server, rt };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

describe("RecollectClient: ok always carries a whole answer of the expected shape", () => {
  it("fails an empty 200, a cut-short body, a body that is not JSON and an answer of the wrong shape", async () => {
    const { server, rt } = await setup();
    server.handle((_req, res) => res.end(""));
    const empty = await rt.client.get("/api/context/resume", { expect: SHAPES.resume });
    expect(empty).toMatchObject({ ok: false, status: 200, error: "empty answer" });

    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "200" });
      res.write('{"block":"## Resum');
      res.destroy();
    });
    const cut = await rt.client.get("/api/context/resume", { expect: SHAPES.resume });
    expect(cut.ok).toBe(false);

    // Each counts as a failure in the breaker (three open it): closed again for the next cases.
    expect(rt.client.breaker.state).toBe("closed");
    rt.client.breaker.reset();
    server.handle((_req, res) => res.end("<html>proxy error</html>"));
    expect(await rt.client.get("/api/context/stable")).toMatchObject({ ok: false, error: "answer is not JSON" });

    rt.client.breaker.reset();
    server.handle((_req, res) => json(res, { block: "x" }));
    expect(await rt.client.get("/api/context/stable", { expect: SHAPES.stable })).toMatchObject({ ok: false, error: "answer of an unexpected shape" });

    server.handle((_req, res) => json(res, { block: "<pinned>", hash: "h1", memoryIds: ["m1"], tokens: 3 }));
    const good = await rt.client.get<{ block: string }>("/api/context/stable", { expect: SHAPES.stable });
    expect(good.ok && good.data.block).toBe("<pinned>");
  });

  it("retries a failed stable and resume block on the next transform (the empty 200 of issue 40)", async () => {
    const { server, rt } = await setup();
    const calls = { stable: 0, resume: [] as string[] };
    server.handle((req, res) => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/api/context/stable") {
        if (calls.stable++ === 0) return res.end("");
        return json(res, { block: "<pinned>", hash: "h1", memoryIds: ["m1"], tokens: 3 });
      }
      if (url.pathname === "/api/context/resume") {
        calls.resume.push(url.searchParams.get("again") ?? "");
        // The first answer is lost on the way although the server recorded the delivery.
        if (calls.resume.length === 1) return res.end("");
        return json(res, { block: "## Resuming", tokens: 3, checkpointId: "cp_1" });
      }
      json(res, {});
    });
    const s = rt.sessions.get("ses_1");
    s.isNew = true;
    const transform = systemTransform(rt);
    const first = { system: ["agent prompt"] };
    await transform({ sessionID: "ses_1" }, first);
    expect(first.system).toEqual(["agent prompt"]);
    expect(s.resumePending).toBeUndefined();

    const second = { system: ["agent prompt"] };
    await transform({ sessionID: "ses_1" }, second);
    expect(second.system).toEqual(["agent prompt", "<pinned>", "## Resuming"]);
    // The retry asks for the block delivered before (the server counted the lost answer as delivered).
    expect(calls.resume).toEqual(["", "true"]);
  });
});

describe("RecollectClient: the breaker probes the server's health after an outage", () => {
  it("closes the circuit within seconds of the server's return, not after the 30 s cooldown", async () => {
    const { server, rt } = await setup();
    server.handle((_req, res) => json(res, { status: "ok" }));
    expect((await rt.client.get("/api/health")).ok).toBe(true);
    const port = server.port;
    await server.close();
    open = [];
    expect((await rt.client.get("/api/context/stable")).ok).toBe(false);
    expect(rt.client.breaker.state).toBe("open");
    const refused = await rt.client.get("/api/context/stable");
    expect(refused.ok ? "" : refused.error).toMatch(/circuit open/);

    const back = await scriptedServer(port);
    open.push(back);
    back.handle((_req, res) => json(res, { status: "ok" }));
    // The probe backs off to PROBE_MAX_MS at most; the cooldown is 30 s.
    expect(await until(() => rt.client.breaker.state === "closed", PROBE_MAX_MS * 2)).toBe(true);
    expect(back.seen).toContain("GET /api/health");
    expect((await rt.client.get("/api/health")).ok).toBe(true);
  });
});
