import { describe, expect, it } from "vitest";
import { agePhrase, memoryBlock, memoryDetail } from "../../cli/lib/format";
import type { MemoryDto } from "../../lib/contracts/memories";
import { formatAge } from "../../lib/memories/dto";

const memory = (age: string): MemoryDto => ({
  id: "m1",
  title: null,
  category: "fact",
  scope: "global",
  projectId: null,
  sessionId: null,
  tags: [],
  source: "cli",
  status: "active",
  pinned: false,
  priority: 0,
  metadata: {},
  createdAt: "2026-11-28T08:00:00.000Z",
  updatedAt: "2026-11-28T08:00:00.000Z",
  lastAccessedAt: null,
  accessCount: 0,
  age,
  content: "the memory",
});

/** How `list`, `search` and `show` word a memory's age. */
describe("age wording", () => {
  it("says 'just now', never 'just now old' or '(just now ago)'", () => {
    const now = formatAge(Date.now());
    expect(now).toBe("just now");
    expect(memoryBlock(memory(now))).toContain("(fact, global, just now)");
    expect(memoryDetail(memory(now)).join("\n")).toContain("(just now); updated");
    expect(agePhrase(now, "old")).toBe("just now");
  });

  it("puts 'old' after an age in lists and 'ago' in the detail", () => {
    expect(memoryBlock(memory("3d"))).toContain("(fact, global, 3d old)");
    expect(memoryDetail(memory("5mo")).join("\n")).toContain("(5mo ago); updated");
  });
});
