import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The memory browser's panels share one toolkit (issue 43, point 5): `useApiAction` and
 * `usePreviewApply` (app/(browser)/_components/use-api-action.ts) hold the pending and error state
 * of a call to the API, `ConfirmAction` and `ActionErrorText` (ActionParts.tsx) ask first and show
 * the error. A panel that runs its own `useTransition`, `setError` or `setBusy` is refused (the
 * list of exceptions is empty and only shrinks); a check of the panel's own before any request
 * goes through the toolkit's `fail`. Components are kept small enough to read in one sitting.
 */
const ROOT = path.resolve(__dirname, "../../..");
const BROWSER = "app/(browser)";
const TOOLKIT = `${BROWSER}/_components/use-api-action.ts`;

/** Panels not moved to the toolkit yet: none are left, and none may come back. */
const OWN_PENDING_STATE: string[] = [];

const MAX_LINES = 320;
/** Over MAX_LINES, not split yet (InboxQueue, MemoryForm, MemoryTable and the memory page were split). */
const NOT_SPLIT_YET: string[] = [];

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return files(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}
const sources = files(BROWSER).map((file) => ({ file, short: file.slice(BROWSER.length + 1), text: fs.readFileSync(path.join(ROOT, file), "utf8") }));

describe("the browser's panels", () => {
  it("take their pending and error state from the toolkit (the list of the others only shrinks)", () => {
    const own = sources.filter((s) => s.file !== TOOLKIT && /\buseTransition\b|\bsetError\(|\bsetBusy\(/.test(s.text)).map((s) => s.short);
    expect(own.filter((f) => !OWN_PENDING_STATE.includes(f))).toEqual([]);
    expect(OWN_PENDING_STATE.filter((f) => !own.includes(f))).toEqual([]);
    const users = sources.filter((s) => /\buse(ApiAction|PreviewApply)\(|<ConfirmAction\b/.test(s.text) && s.file !== TOOLKIT).map((s) => s.short);
    expect(users.length).toBeGreaterThanOrEqual(20);
  });

  it(`are at most ${MAX_LINES} lines a file, but for the ones not split yet`, () => {
    const long = sources.filter((s) => s.text.split("\n").length > MAX_LINES).map((s) => s.short);
    expect(long.filter((f) => !NOT_SPLIT_YET.includes(f))).toEqual([]);
    expect(NOT_SPLIT_YET.filter((f) => !long.includes(f))).toEqual([]);
  });
});
