"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { NAV_LINKS } from "./Nav";

/**
 * Keyboard paths: `/` focuses the page's search box, `g` then a letter goes to a page
 * (`g m` memories, `g n` new memory, ...), `?` lists them. Ignored while typing in a field.
 */
export function Shortcuts() {
  const router = useRouter();
  useEffect(() => {
    let pendingG = 0;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.metaKey || e.ctrlKey || e.altKey || (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
      if (e.key === "/") {
        const box = document.querySelector<HTMLInputElement>("[data-search-box]");
        if (box) {
          e.preventDefault();
          box.focus();
          box.select();
        }
        return;
      }
      if (e.key === "?") {
        document.getElementById("shortcuts-help")?.toggleAttribute("hidden");
        return;
      }
      if (e.key === "Escape") {
        document.getElementById("shortcuts-help")?.setAttribute("hidden", "");
        return;
      }
      if (e.key === "g") {
        pendingG = Date.now();
        return;
      }
      if (Date.now() - pendingG < 1500) {
        const link = NAV_LINKS.find((l) => l.key === e.key);
        pendingG = 0;
        if (link) {
          e.preventDefault();
          router.push(link.href);
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
  return (
    // Over the page, not in the sidebar: the sidebar is as tall as the window and would cut the list off.
    <div
      id="shortcuts-help"
      hidden
      role="dialog"
      aria-label="Keyboard shortcuts"
      data-testid="shortcuts-help"
      className="fixed right-4 top-4 z-50 max-h-[calc(100vh-2rem)] w-64 overflow-y-auto rounded-md border border-zinc-300 bg-white p-3 text-sm text-zinc-700 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <p className="mb-1 font-medium">Keyboard (? or Esc closes)</p>
      <ul className="space-y-0.5">
        <li>
          <kbd>/</kbd> search
        </li>
        {NAV_LINKS.map((l) => (
          <li key={l.href}>
            <kbd>g {l.key}</kbd> {l.label}
          </li>
        ))}
        <li>
          <kbd>?</kbd> toggle this help
        </li>
      </ul>
    </div>
  );
}
