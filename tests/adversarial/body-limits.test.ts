import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

/**
 * Finding 2 of issue #37: 450 MB POSTs to `/login` without a credential were answered 403 after
 * the server had buffered them (2.2 GB resident). The front gate answers a page body over 64 KB and
 * an API body without a credential before reading any of it, and closes the connection.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.stop());

/** Sends a request head only (no body byte) and resolves with the status the server answers. */
function answerBeforeBody(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(s.port, "127.0.0.1", () => socket.write(head));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
      const end = data.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      if (end !== -1 && length !== undefined && data.length >= end + 4 + Number(length)) {
        socket.destroy();
        resolve({ status: Number(data.split(" ")[1]), text: data.slice(end + 4) });
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`closed without a full answer: ${data.slice(0, 200)}`)));
  });
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

/** Streams `bytes` of body after `head` until the server closes the connection; resolves with how much it took. */
function streamBody(head: string, bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(s.port, "127.0.0.1");
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once("drain", pump);
      }
    };
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => resolve(sent));
  });
}

describe("bodies are refused before they are read", () => {
  const host = () => `127.0.0.1:${s.port}`;

  it("a page with a 450 MB body: 413 before one byte of it is sent", async () => {
    const res = await answerBeforeBody(
      `POST /login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 471859200\r\n\r\n`,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error.code).toBe("payload_too_large");
  });

  it("an API write without a credential: 401 before the body, declared or chunked", async () => {
    const declared = await answerBeforeBody(
      `POST /api/memories HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 471859200\r\n\r\n`,
    );
    expect(declared.status).toBe(401);
    const chunked = await answerBeforeBody(
      `POST /api/compress HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    expect(chunked.status).toBe(401);
    const wrongToken = await answerBeforeBody(
      `POST /api/import HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer not-the-token\r\nContent-Type: application/json\r\nContent-Length: 60000000\r\n\r\n`,
    );
    expect(wrongToken.status).toBe(401);
    // The login form is held to its 4 KB.
    const form = await answerBeforeBody(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000000\r\n\r\n`,
    );
    expect(form.status).toBe(413);
  });

  it("with the token, the route's own limit applies (the body is read)", async () => {
    const res = await s.api("/api/memories", { method: "POST", json: { content: "Bodies with the token still work." } });
    expect(res.status).toBe(201);
  });

  it("four parallel 64 MB unauthenticated bodies do not grow the server by their size", async () => {
    const pid = s.child.pid!;
    const before = rssBytes(pid);
    const size = 64 * 1024 * 1024;
    await Promise.all([
      streamBody(`POST /login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`, size),
      streamBody(`POST /login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`, size),
      streamBody(`POST /api/memories HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`, size),
      streamBody(`POST /memories HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`, size),
    ]);
    // The server still answers, and grew by far less than one body.
    expect((await s.api("/api/health")).status).toBe(200);
    expect(rssBytes(pid) - before).toBeLessThan(size / 2);
  });
});
