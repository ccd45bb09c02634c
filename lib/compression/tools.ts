/** What kind of tool a part is, by OpenCode's tool names (and common aliases from other agents). */
const READ = new Set(["read", "view", "open", "cat", "read_file"]);
const COMMAND = new Set(["bash", "shell", "run", "execute_bash", "exec", "terminal"]);
const SEARCH = new Set(["grep", "glob", "list", "ls", "codesearch", "find", "search", "find_file", "search_dir", "search_file", "rg"]);
/** Tools that change a file: a read of that file before one of them is outdated. */
const EDIT = new Set(["edit", "write", "patch", "multiedit", "apply_patch", "create", "str_replace", "insert"]);

export const isReadTool = (tool: string) => READ.has(tool.toLowerCase());
export const isCommandTool = (tool: string) => COMMAND.has(tool.toLowerCase());
export const isSearchTool = (tool: string) => SEARCH.has(tool.toLowerCase());
export const isEditTool = (tool: string) => EDIT.has(tool.toLowerCase());

/** Recollect's own tools are always protected (compressing memory_expand's output would undo it). */
export const isProtectedTool = (tool: string, configured: readonly string[]) => tool.startsWith("memory_") || configured.includes(tool);

const PATH_KEYS = ["filePath", "file_path", "path", "file", "filename"];

/** The file paths a tool call names (edit/read inputs, or the files of an apply_patch text). */
export function filePaths(tool: string, input: Record<string, unknown> | undefined): string[] {
  if (!input) return [];
  const out: string[] = [];
  for (const k of PATH_KEYS) if (typeof input[k] === "string" && input[k]) out.push(normalizePath(input[k] as string));
  const patch = input.patchText ?? input.patch;
  if (typeof patch === "string") {
    for (const m of patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) out.push(normalizePath(m[1].trim()));
    for (const m of patch.matchAll(/^\+\+\+ (?:b\/)?(.+)$/gm)) out.push(normalizePath(m[1].trim()));
  }
  if (Array.isArray(input.edits) && tool === "multiedit") {
    for (const e of input.edits)
      if (e && typeof e === "object" && typeof (e as { filePath?: unknown }).filePath === "string")
        out.push(normalizePath((e as { filePath: string }).filePath));
  }
  return out;
}

export const normalizePath = (p: string) =>
  p
    .replace(/\\/g, "/")
    .replace(/\/+/g, "/")
    .replace(/\/\.\//g, "/")
    .replace(/\/$/, "");
