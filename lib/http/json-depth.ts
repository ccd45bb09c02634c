/**
 * Nesting depth of parsed JSON, measured without recursion (an explicit stack), so no input can
 * overflow the call stack here. Validators (zod), redaction and JSON.stringify recurse, and a body
 * nested a few thousand levels deep overflows them: bodies are refused before they get there.
 */
export const MAX_JSON_DEPTH = 64;

export interface TooDeep {
  /** Dotted path of the first value found below the limit (`metadata.a.b.0`). */
  path: string;
  /** The same path as keys, below `prefix`. */
  keys: (string | number)[];
  message: string;
}

/**
 * Null when `value` nests at most `maxDepth` objects/arrays deep (a scalar is depth 0, `{}` is 1);
 * otherwise where it goes deeper. `prefix` names the value itself (`metadata`).
 */
export function findTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH, prefix?: string): TooDeep | null {
  if (value === null || typeof value !== "object") return null;
  // Each container with its depth and a link to its parent (for the path, built only on failure).
  const stack: Frame[] = [{ node: value, depth: 1, key: null, parent: null }];
  while (stack.length) {
    const frame = stack.pop()!;
    if (frame.depth > maxDepth) {
      const keys: (string | number)[] = [];
      for (let f: Frame | null = frame; f; f = f.parent) if (f.key !== null) keys.push(f.key);
      const path = [...(prefix === undefined ? [] : [prefix]), ...keys.reverse()].join(".") || "body";
      return { path, keys, message: `${path}: nested deeper than ${maxDepth} levels` };
    }
    const node = frame.node;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (child !== null && typeof child === "object") stack.push({ node: child, depth: frame.depth + 1, key: i, parent: frame });
      }
    } else {
      for (const key in node) {
        const child: unknown = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") stack.push({ node: child, depth: frame.depth + 1, key, parent: frame });
      }
    }
  }
  return null;
}

interface Frame {
  node: object;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}
