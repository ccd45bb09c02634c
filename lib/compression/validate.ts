import { compressInput } from "../contracts/compress";
import { badRequest } from "../errors";
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

function quickCheck(body: unknown): body is ValidInput {
  if (!isObj(body)) return false;
  for (const k of Object.keys(body)) if (!BODY_KEYS.has(k)) return false;
  if (typeof body.sessionID !== "string" || body.sessionID.length < 1 || body.sessionID.length > 200) return false;
  const cl = body.contextLimit;
  if (cl !== undefined && !(typeof cl === "number" && Number.isInteger(cl) && cl > 0)) return false;
  if (!Array.isArray(body.messages)) return false;
  for (const m of body.messages) {
    if (!isObj(m) || !isObj(m.info) || !Array.isArray(m.parts)) return false;
    const info = m.info;
    if (!name(info.id) || (info.role !== "user" && info.role !== "assistant") || !optName(info.sessionID)) return false;
    for (const p of m.parts) if (!partOk(p)) return false;
  }
  return true;
}

export function validateCompressInput(body: unknown): ValidInput {
  if (quickCheck(body)) return body;
  compressInput.parse(body); // throws the ZodError naming the first bad field
  throw badRequest("body: not a valid compress request");
}
