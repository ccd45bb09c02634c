import path from "node:path";
import { categoryFromHeading, categoryFromPath } from "../markdown/categories";
import { markdownSectionsSteps } from "../markdown/sections";
import { runAll, type Steps } from "../slices";
import type { Category } from "../vocabulary";

/** One memory a Markdown note file holds. */
export interface NoteCandidate {
  /** Identity across re-ingests: file, heading path, position (`#3`) or `#text` for a section's prose. */
  key: string;
  title: string;
  content: string;
  category: Category;
  line: number;
  tags: string[];
}

/** Cline's memory bank: what each of its core files is about. */
const MEMORY_BANK: Record<string, Category> = {
  projectbrief: "context",
  productcontext: "context",
  activecontext: "context",
  systempatterns: "convention",
  techcontext: "fact",
  progress: "plan",
};

/** The category a file's name gives its notes when their headings name none. */
export function categoryOfFile(file: string): Category | undefined {
  const base = path.basename(file).replace(/\.(md|markdown)$/i, "");
  return MEMORY_BANK[base.toLowerCase()] ?? categoryFromHeading(base.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2"));
}

/** Tags naming the layout a file comes from. */
export function layoutTags(file: string): string[] {
  if (/(^|\/)\.serena\/memories\//.test(file)) return ["notes", "serena"];
  if (/(^|\/)memory-bank\//.test(file) || MEMORY_BANK[path.basename(file).replace(/\.md$/i, "").toLowerCase()]) return ["notes", "memory-bank"];
  return ["notes"];
}

/**
 * A Markdown note file -> memories: each list item on its own, the rest of a section's text
 * (paragraphs, code, tables) as one memory; the heading is the title, and the category comes from
 * the headings ("Decisions", "约束", ...), else from the file's name, else `note`.
 */
export function splitNotes(file: string, text: string, tags = layoutTags(file)): NoteCandidate[] {
  return runAll(splitNotesSteps(file, text, tags));
}

/** `splitNotes` as steps: one a block of the file (lib/slices.ts). */
export function* splitNotesSteps(file: string, text: string, tags = layoutTags(file)): Steps<NoteCandidate[]> {
  const fileTitle = path
    .basename(file)
    .replace(/\.(md|markdown)$/i, "")
    .replace(/[_-]+/g, " ");
  const fileCategory = categoryOfFile(file);
  const out: NoteCandidate[] = [];
  for (const section of yield* markdownSectionsSteps(text)) {
    const trail = section.path.join(" > ");
    const title = section.heading ?? fileTitle;
    const category = categoryFromPath(section.path) ?? fileCategory ?? "note";
    const prose = section.blocks.filter((b) => b.kind !== "item");
    let ordinal = 0;
    for (const block of section.blocks) {
      if (block.kind !== "item") continue;
      out.push({ key: `${file}#${trail}#${ordinal++}`, title, content: block.text, category, line: block.line, tags });
    }
    if (prose.length) {
      const content = prose.map((b) => (b.kind === "code" ? `\`\`\`${b.lang}\n${b.text}\n\`\`\`` : b.text)).join("\n\n");
      out.push({ key: `${file}#${trail}#text`, title, content, category, line: prose[0].line, tags });
    }
  }
  return out;
}
