"use client";

import dynamic from "next/dynamic";

/**
 * The charts render in the browser only: server-rendering SVG charts costs more page time than
 * everything else on the dashboard, and their size depends on the window anyway.
 */
const placeholder = (label: string) =>
  // biome-ignore lint/correctness/noComponentHookFactories: next/dynamic's loading option takes a component; this one uses no hooks.
  function ChartLoading() {
    return (
      <div role="status" className="h-[17.5rem] animate-pulse rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <span className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">{label}</span>
      </div>
    );
  };

export const MemoriesOverTime = dynamic(() => import("./Charts").then((m) => m.MemoriesOverTime), {
  ssr: false,
  loading: placeholder("Memories created per day"),
});
export const SearchesAndInjections = dynamic(() => import("./Charts").then((m) => m.SearchesAndInjections), {
  ssr: false,
  loading: placeholder("Agent searches, deliveries and recalls per day"),
});
export const TokensSavedPerDay = dynamic(() => import("./Charts").then((m) => m.TokensSavedPerDay), {
  ssr: false,
  loading: placeholder("Tokens saved by compression per day"),
});
export const TokensSavedPerSession = dynamic(() => import("./Charts").then((m) => m.TokensSavedPerSession), {
  ssr: false,
  loading: placeholder("Tokens saved per session (top 10)"),
});
