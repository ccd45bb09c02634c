import type { Category } from "../vocabulary";

/** One memory bootstrap would propose, before it is compared with the store. */
export interface Proposal {
  /** Stable identity of what the memory says, across runs (`package.json#scripts.test`). */
  key: string;
  category: Category;
  title: string;
  content: string;
  /** Relative to the project directory, `/`-separated. */
  file: string;
  line: number;
  tags: string[];
}

/** What a source family reads: the project's files, found once. */
export interface ProjectFiles {
  root: string;
  /** Every file kept by the walk, relative and sorted. */
  files: readonly string[];
  /** Reads a file (bounded size); undefined when unreadable or too large. */
  read(file: string): string | undefined;
}

/** The 1-based line of the first `needle` at or after `from` (or 1 when absent). */
export function lineOf(text: string, needle: string | RegExp, from = 0): number {
  let index: number;
  if (typeof needle === "string") index = text.indexOf(needle, from);
  else {
    const re = new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : `${needle.flags}g`);
    re.lastIndex = from;
    index = re.exec(text)?.index ?? -1;
  }
  if (index < 0) return 1;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** A file's folder for titles: "" at the root, else "packages/api: ". */
export function where(file: string): string {
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
  return dir ? `${dir}: ` : "";
}
