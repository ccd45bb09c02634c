import { createComponent, createElement, effect, insert, setProp, type Node } from "@opentui/solid";

/**
 * A small `h()` over the TUI's Solid renderer (what its JSX compiles to): a prop given as a
 * function is reactive, a child given as a function is re-rendered when what it reads changes.
 */
type Child = Node | string | number | (() => unknown) | null | undefined | false;

export function h(tag: string, props: Record<string, unknown> = {}, ...children: Child[]): Node {
  const el = createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === "function" && !name.startsWith("on")) effect<unknown>((prev) => setProp(el, name, (value as () => unknown)(), prev));
    else setProp(el, name, value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) insert(el, child, null);
  return el;
}

export { createComponent };
