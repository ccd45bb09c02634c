import { compressInput } from "../contracts/compress";
import { badRequest } from "../errors";
import { runAll, type Steps } from "../slices";
import { MAX_NAME_CHARS, type OcMessage } from "./schema";

/**
 * The hot path's check of a compress request: the same rules as the zod contract
 * (`compressInput`), without copying a history of tens of megabytes. When it finds a problem, the
 * zod contract parses the body to produce the usual 400 naming the first bad field.
 */
export interface ValidInput {
  sessionID: string;
  messages: OcMessage[];
  contextLimit?: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optStr = (v: unknown) => v === undefined || typeof v === "string";
const nonEmpty = (v: unknown) => typeof v === "string" && v.length > 0;
/** A name or id: 1 to MAX_NAME_CHARS characters (`max` for types and states). */
const name = (v: unknown, max = MAX_NAME_CHARS) => nonEmpty(v) && (v as string).length <= max;
const optName = (v: unknown) => v === undefined || (typeof v === "string" && v.length <= MAX_NAME_CHARS);
const BODY_KEYS = new Set(["sessionID", "messages", "contextLimit"]);

function partOk(p: unknown): boolean {
  if (!isObj(p) || !name(p.id) || !name(p.type, 64) || !optStr(p.text) || !optName(p.tool)) return false;
  const s = p.state;
  if (s !== undefined) {
    if (!isObj(s) || !name(s.status, 64) || !optStr(s.output) || !optStr(s.error)) return false;
    if (s.input !== undefined && !isObj(s.input)) return false;
  }
  if ((p.type === "text" || p.type === "reasoning") && typeof p.text !== "string") return false;
  if (p.type === "tool") {
    if (!nonEmpty(p.tool) || !isObj(s)) return false;
    if (s.status === "completed" && typeof s.output !== "string") return false;
    if (s.status === "error" && typeof s.error !== "string") return false;
  }
  return true;
}

/**
 * Messages that passed the check, by object: the delta exchange hands the pipeline the previous
 * call's own message objects for what the plugin left out (`keep`: lib/compression/delta.ts), and
 * the pipeline never changes its input, so those are not walked again on every turn.
 */
const checkedMessages = new WeakSet<object>();

/**
 * True when the body is valid; else the index of the first bad message, or -1 when the problem is
 * outside the messages. Yields after every message: a history of 100,000 messages is checked in
 * slices on the server.
 */
function* quickCheck(body: unknown): Steps<true | number> {
  if (!isObj(body)) return -1;
  for (const k of Object.keys(body)) if (!BODY_KEYS.has(k)) return -1;
  if (typeof body.sessionID !== "string" || body.sessionID.length < 1 || body.sessionID.length > 200) return -1;
  const cl = body.contextLimit;
  if (cl !== undefined && !(typeof cl === "number" && Number.isInteger(cl) && cl > 0)) return -1;
  if (!Array.isArray(body.messages)) return -1;
  for (let i = 0; i < body.messages.length; i++) {
    const m: unknown = body.messages[i];
    if (isObj(m) && checkedMessages.has(m)) continue;
    if (!isObj(m) || !isObj(m.info) || !Array.isArray(m.parts)) return i;
    const info = m.info;
    if (!name(info.id) || (info.role !== "user" && info.role !== "assistant") || !optName(info.sessionID)) return i;
    for (const p of m.parts) if (!partOk(p)) return i;
    checkedMessages.add(m);
    yield;
  }
  return true;
}

export function validateCompressInput(body: unknown): ValidInput {
  return runAll(validateSteps(body));
}

/** `validateCompressInput` as steps (lib/slices.ts). */
export function* validateSteps(body: unknown): Steps<ValidInput> {
  const bad = yield* quickCheck(body);
  if (bad === true) return body as ValidInput;
  // The zod contract names the first bad field. Only the bad message is parsed (a whole history of
  // 40 MB would hold the event loop for seconds), its index put back into the path.
  const messages = (body as { messages?: unknown } | null)?.messages;
  const rest = Array.isArray(messages) ? { ...(body as object), messages: bad >= 0 ? [messages[bad]] : [] } : body;
  const checked = compressInput.safeParse(rest);
  if (!checked.success) {
    if (bad >= 0) for (const issue of checked.error.issues) if (issue.path[0] === "messages" && issue.path[1] === 0) issue.path[1] = bad;
    throw checked.error;
  }
  throw badRequest("body: not a valid compress request");
}
