import type http from "node:http";
import { DIRECT_BODY_BYTES, type DirectHandler, type DirectRequestInit, giveBody, rememberedBody } from "../lib/http/direct-routes";
import { LOCAL_ADDRESS_HEADER } from "../lib/security/server-proof";

/**
 * Answers a request with a route handler registered in lib/http/direct-routes.ts: the node:http
 * request as a standard Request (headers as sent; a body of up to DIRECT_BODY_BYTES read whole and
 * handed over as bytes, a larger one streamed: the handler enforces its own size limit), the
 * handler's Response written back. The gate (server/gate.ts) has checked the
 * request line and Host; the handler does the rest, as it does behind Next.js.
 *
 * The URL is the request-target against a fixed origin, never text pasted after the Host header: a
 * Host is checked from the headers (lib/security/guard.ts), and one that is not a plain name could
 * otherwise move the path the guard sees.
 */
export async function answerDirect(handler: DirectHandler, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i].toLowerCase() !== LOCAL_ADDRESS_HEADER) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  // Set by the gate from the socket (server/serve.ts), never taken from the client.
  const local = req.headers[LOCAL_ADDRESS_HEADER];
  if (typeof local === "string") headers.set(LOCAL_ADDRESS_HEADER, local);
  // As behind Next.js: a client that goes away aborts the request's signal.
  const abort = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A small body of a declared length is read whole here and handed over as bytes; any other streams.
  const whole = hasBody && handler.takesGivenBody ? await smallBodyOf(req) : undefined;
  const body = hasBody && whole === undefined ? bodyOf(req) : undefined;
  const RequestClass = handler.requestClass ?? Request;
  const request = new RequestClass(new URL(req.url ?? "/", "http://localhost"), {
    method: req.method,
    headers,
    body: body?.stream,
    duplex: "half",
    signal: abort.signal,
  } as DirectRequestInit);
  if (whole !== undefined) giveBody(request, whole);
  const response = await handler(request);
  // Answered before the body was read (401, 413...): what is left of it is read and dropped, as
  // node:http does for a handler that never reads, so the client finishes sending and gets the
  // answer, and the connection can carry the next request.
  if (!req.complete) body?.drop();
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") out[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  // A route's JSON answer, or a compress answer of one chunk, is written from what it was built
  // with (lib/http/direct-routes.ts): no stream to read back.
  const remembered = rememberedBody(response);
  if (remembered === undefined && response.body && response.headers.has("content-length")) {
    // A streamed answer of a known length (the compress answer, tens of MB): written a chunk at a
    // time as the socket takes it. Reading it into one buffer first copied it whole on the event
    // loop (issue #37).
    res.writeHead(response.status, out);
    await writeStreamed(response.body, res);
    return;
  }
  const answer = typeof remembered === "string" ? Buffer.from(remembered) : remembered !== undefined ? remembered : Buffer.from(await response.arrayBuffer());
  out["content-length"] = String(answer.byteLength);
  res.writeHead(response.status, out);
  res.end(answer);
}

/**
 * The whole body of a request that declares a Content-Length of at most DIRECT_BODY_BYTES (and is
 * not chunked), read from node:http as it arrives; undefined for any other (it streams to the
 * handler, which counts it against its limit). A client that goes away before the body is whole
 * gets the error the stream would have given, thrown when the route reads the body.
 */
function smallBodyOf(req: http.IncomingMessage): Promise<Buffer | Error> | undefined {
  if (req.headers["transfer-encoding"] !== undefined) return undefined;
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared >= 0 && declared <= DIRECT_BODY_BYTES)) return undefined;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = (result: Buffer | Error) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    const onError = (error: Error) => done(error);
    // Closed before its end without an error event: the body never came whole.
    const onClose = () => done(req.complete ? Buffer.concat(chunks) : Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("close", onClose);
  });
}

/** Writes `body` to `res`, waiting for `drain` when the socket is full; a closed connection cancels the rest. */
async function writeStreamed(body: ReadableStream<Uint8Array>, res: http.ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (!res.write(value)) await drainedOrClosed(res);
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    res.destroy(error as Error);
  }
}

const drainedOrClosed = (res: http.ServerResponse) =>
  new Promise<void>((resolve) => {
    const go = () => {
      res.off("drain", go);
      res.off("close", go);
      resolve();
    };
    res.on("drain", go);
    res.on("close", go);
  });

/**
 * The request body as a web stream, read as the handler asks for it. `drop()` (a handler that
 * stopped at the size limit, or answered before reading) reads the rest and throws it away as it
 * arrives, instead of closing the socket under a client that is still sending.
 */
function bodyOf(req: http.IncomingMessage): { stream: ReadableStream<Uint8Array>; drop: () => void } {
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    req.removeAllListeners("data");
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => dropped || controller.close());
      req.once("error", (error) => dropped || controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel: drop,
  });
  return { stream, drop };
}
