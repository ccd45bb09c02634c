/**
 * The parts of the TUI's own modules the TUI plugin uses. OpenCode provides `@opentui/solid` and
 * `solid-js` to TUI plugins at run time (from its binary); they are not dependencies of Recollect,
 * so their few signatures are declared here for the type checker.
 */
declare module "@opentui/solid" {
  export type Node = unknown;
  export function createElement(tag: string): Node;
  export function createTextNode(text: string): Node;
  export function insert(parent: Node, value: unknown, marker?: Node | null): void;
  export function setProp<T>(node: Node, name: string, value: T, prev?: T): T;
  export function effect<T>(fn: (prev?: T) => T, init?: T): void;
  export function createComponent<P>(component: (props: P) => unknown, props: P): unknown;
}

declare module "solid-js" {
  export function createSignal<T>(value: T): [() => T, (v: T) => T];
  export function onCleanup(fn: () => void): void;
  export function Show(props: { when: unknown; children: unknown; fallback?: unknown }): unknown;
}
