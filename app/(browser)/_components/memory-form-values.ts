import type { MemoryDto } from "@/lib/contracts/memories";
import { MEMORY_LIMITS } from "@/lib/vocabulary";

/** The memory form's fields as typed, their checks before a round trip, and a stored memory's values. */
export interface MemoryFormValues {
  title: string;
  content: string;
  category: string;
  tags: string;
  pinned: boolean;
  priority: string;
  status: string;
  scope: string;
  project: string;
  sessionId: string;
}

export type Errors = Partial<Record<keyof MemoryFormValues | "form", string>>;

export const { contentChars, titleChars, tags: maxTags, tagChars, priorityMin, priorityMax } = MEMORY_LIMITS;

/** Checks what the API would refuse, so the user sees it next to the field before a round trip. */
export function validate(v: MemoryFormValues, mode: "create" | "edit"): Errors {
  const e: Errors = {};
  if (!v.content.trim()) e.content = "Content must not be empty.";
  else if (v.content.length > contentChars)
    e.content = `Content is ${v.content.length.toLocaleString("en-US")} characters; the limit is ${contentChars.toLocaleString("en-US")}.`;
  if (v.title.trim().length > titleChars) e.title = `Title must be at most ${titleChars} characters.`;
  const tags = splitTags(v.tags);
  if (tags.length > maxTags) e.tags = `At most ${maxTags} tags.`;
  else if (tags.some((t) => t.length > tagChars)) e.tags = `Each tag must be at most ${tagChars} characters.`;
  const n = Number(v.priority);
  if (v.priority.trim() === "" || !Number.isInteger(n) || n < priorityMin || n > priorityMax)
    e.priority = `Priority must be a whole number from ${priorityMin} to ${priorityMax}.`;
  if (mode === "create" && v.scope === "project" && !v.project) e.project = "Choose the project this memory belongs to.";
  if (mode === "create" && v.scope === "session" && !v.sessionId.trim()) e.sessionId = "A session memory needs a session id.";
  return e;
}

/** The form's fields of a stored memory (the fields this form edits). */
export const valuesOf = (m: MemoryDto) => ({
  title: m.title ?? "",
  content: m.content,
  category: m.category,
  tags: m.tags.join(", "),
  pinned: m.pinned,
  priority: String(m.priority),
  status: m.status,
});

export const splitTags = (s: string) =>
  s
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
