import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressMessages, expandCompressedOriginal } from "../../../lib/compression";
import { LEVELS } from "../../../lib/compression/pressure";
import { listings } from "../../../lib/compression/strategies/listings";
import type { PartView, StrategyContext } from "../../../lib/compression/types";
import { testCtx } from "../../helpers/ctx";
import { fieldOf, hashIn, History } from "./history";
import { LINEAR } from "../../helpers/linear";

/** Long-format directory listings (lib/compression/strategies/listings.ts): every name stays, the columns go. */
const view: PartView = { messageIndex: 1, partIndex: 0, role: "assistant", kind: "tool", tool: "bash", field: "output", original: "" };
const sc = (level: 0 | 1 | 2 = 0): StrategyContext => ({
  level,
  p: LEVELS[level],
  ref: () => "0123456789abcdef",
  hasLaterDuplicate: () => false,
  hasLaterEdit: () => false,
  previousLines: () => new Set(),
});
const condense = (text: string, level: 0 | 1 | 2 = 0) => listings.apply(text, view, sc(level))?.text;

const GNU = [
  "total 296",
  "drwxr-xr-x  6 root root   4096 Apr 30 09:56 .",
  "drwxr-xr-x  3 root root   4096 Apr 30 09:50 ..",
  "-rw-r--r--  1 root root   9336 Apr 30 09:56 BUILD.md",
  "-rw-r--r--  1 root root 106489 Apr 30  2023 CHANGELOG.md",
  "-rwxr-xr-x  1 root root   1350 Apr 30 09:56 configure",
  "lrwxrwxrwx  1 root root     11 Apr 30 09:56 latest -> build/v1.2",
  "drwxr-xr-x 34 root root   4096 Apr 30 09:56 packages",
  "-rw-r--r--  1 root root      0 Apr 30 09:56 my notes.txt",
  "crw-rw-rw-  1 root tty  5,   0 Apr 30 09:56 tty",
].join("\n");

describe("listings", () => {
  it("keeps every name of an ls -la in ls -F style and drops the columns", () => {
    const out = condense(GNU)!;
    expect(out.split("\n").slice(0, -1).join("\n")).toBe("./ ../ BUILD.md CHANGELOG.md configure* latest -> build/v1.2 packages/ 'my notes.txt' tty");
    expect(out).toMatch(/\n\[recollect: 9 entries; modes, owners, sizes and dates dropped; memory_expand\("0123456789abcdef"\)\]$/);
  });

  it("reads ls -lh sizes, ISO dates, one owner column (ls -o), macOS extended-attribute marks and localized dates", () => {
    const lines = [
      "-rw-r--r--@ 1 ana  staff   4.0K Mar  3 11:02 Package.swift",
      "drwxr-xr-x+ 5 ana  staff   160B Mar  3 11:02 Sources",
      "-rw-r--r--  1 ana  1.2M 2024-03-03 11:02 data.bin",
      "-rw-r--r--  1 ana staff 12 2024-03-03 11:02:07.123456789 +0100 notes.md",
      "-rw-r--r--  1 ana staff 12 3. Mär 11:02 liesmich.txt",
      "-rw-r--r--  1 ana staff 12 mars 3 2023 lisez-moi.txt",
      "-rw-r--r--  1 ana staff 12 03-03 11:02 iso.txt",
    ];
    expect(condense(lines.join("\n"))?.split("\n")[0]).toBe("Package.swift Sources/ data.bin notes.md liesmich.txt lisez-moi.txt iso.txt");
  });

  it("marks setuid and sticky executables, fifos and sockets, quotes both sides of a link, and reads CRLF lines", () => {
    const lines = [
      "-rwsr-xr-x 1 root root 100 Jan  1 10:00 sudo",
      "-rwxr-xr-t 1 root root 100 Jan  1 10:00 sticky-run",
      "prw-r--r-- 1 root root   0 Jan  1 10:00 events",
      "srw-rw---- 1 root root   0 Jan  1 10:00 docker.sock",
      "lrwxrwxrwx 1 root root   9 Jan  1 10:00 my link -> a target",
      "-rw-r--r-- 1 root root  12 Jan  1 10:00 plain.txt",
    ];
    expect(condense(lines.join("\r\n"))?.split("\n")[0]).toBe("sudo* sticky-run* events| docker.sock= 'my link' -> 'a target' plain.txt");
  });

  it("keeps the directory headers and blank lines of ls -lR and an error line, and wraps long rows", () => {
    const entry = (name: string) => `-rw-r--r-- 1 u g 10 Jan  1 10:00 ${name}`;
    const text = [
      "src:",
      "total 8",
      ...Array.from({ length: 30 }, (_, i) => entry(`module_number_${i}.ts`)),
      "",
      "src/lib:",
      entry("a.ts"),
      "ls: cannot open directory 'src/private': Permission denied",
    ].join("\n");
    const out = condense(text)!;
    const lines = out.split("\n");
    expect(lines[0]).toBe("src:");
    expect(lines.every((l) => l.length <= 100 || l.startsWith("[recollect"))).toBe(true);
    for (let i = 0; i < 30; i++) expect(out).toContain(`module_number_${i}.ts`);
    expect(out).toContain("\n\nsrc/lib:\na.ts\nls: cannot open directory 'src/private': Permission denied\n");
    expect(out).not.toContain("total 8");
  });

  it("shows at most the level's number of names, says how many more there were, and no header left without names", () => {
    const cap = LEVELS[2].listingNames;
    const entry = (i: number) => `-rw-r--r-- 1 u g 10 Jan  1 10:00 f${i}.txt`;
    const text = ["a:", ...Array.from({ length: 300 }, (_, i) => entry(i)), "", "b:", entry(1000)].join("\n");
    const out = condense(text, 2)!;
    expect(out).toContain(`f${cap - 1}.txt`);
    expect(out).not.toContain(`f${cap}.txt`);
    expect(out).not.toContain("b:");
    expect(out).toContain(`… ${301 - cap} more entries not shown\n[recollect: 301 entries, ${cap} names shown;`);
  });

  it("leaves outputs that are not listings to the other strategies", () => {
    const few = GNU.split("\n").slice(0, 4).join("\n");
    expect(condense(few)).toBeUndefined();
    const mixed = [...GNU.split("\n").slice(3, 9), ...Array.from({ length: 6 }, (_, i) => `line ${i} of a build log`)].join("\n");
    expect(condense(mixed)).toBeUndefined();
    const ps = Array.from({ length: 10 }, (_, i) => `root ${100 + i} 0.0 0.1 1234 567 ? S 09:56 0:00 /usr/bin/worker --id ${i}`).join("\n");
    expect(condense(ps)).toBeUndefined();
  });

  // No timing assertion: the per-test timeout is the guard (the backtracking patterns took seconds).
  it("is linear on long hostile lines", LINEAR, () => {
    const hostile = [`-rw-r--r-- 1 ${"a ".repeat(990)}`, `drwxr-xr-x 1 u g 1${"0,".repeat(990)}`, `-rw-r--r-- 1 u g 10 Jan ${"1 ".repeat(990)}`];
    expect(condense(Array.from({ length: 2000 }, (_, i) => hostile[i % 3]).join("\n"))).toBeUndefined();
  });
});

describe("listings in the pipeline", () => {
  let ctx: ReturnType<typeof testCtx>;
  beforeEach(() => {
    ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
  });
  afterEach(() => ctx.close());

  it("condenses an aged ls -l, keeps the names a later step opens, and expands to the original", () => {
    const output = [
      "total 96",
      ...Array.from({ length: 24 }, (_, i) => `-rw-r--r--  1 root root  ${1000 + i} Apr 30 09:56 file_${i}.c`),
      "drwxr-xr-x  4 root root   4096 Apr 30 09:56 test",
    ].join("\n");
    const h = new History().user("look around").step({ tools: [{ name: "ls", tool: "bash", input: { command: "ls -l" }, output }] });
    h.filler(2);
    const out = fieldOf(compressMessages(ctx, h.body()).messages, h.ids.ls);
    for (let i = 0; i < 24; i++) expect(out).toContain(`file_${i}.c`);
    expect(out).toContain("test/");
    expect(out).not.toContain("root");
    expect(out.length).toBeLessThan(output.length / 3);
    expect(expandCompressedOriginal(ctx, hashIn(out)).content).toBe(output);
  });
});
