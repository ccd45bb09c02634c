"use client";

import { useEffect, useState } from "react";

/** Light / dark / system. "System" follows prefers-color-scheme live. */
export function ThemeToggle() {
  const [mode, setMode] = useState<"light" | "dark" | "system">("system");
  useEffect(() => {
    const saved = localStorage.getItem("recollect-theme");
    setMode(saved === "light" || saved === "dark" ? saved : "system");
  }, []);
  useEffect(() => {
    const mq = matchMedia("(prefers-color-scheme: dark)");
    const apply = () => document.documentElement.classList.toggle("dark", mode === "dark" || (mode === "system" && mq.matches));
    apply();
    if (mode !== "system") return;
    mq.addEventListener("change", apply);
    return () => mq.removeEventListener("change", apply);
  }, [mode]);
  const choose = (m: typeof mode) => {
    setMode(m);
    if (m === "system") localStorage.removeItem("recollect-theme");
    else localStorage.setItem("recollect-theme", m);
  };
  return (
    <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      Theme
      <select
        data-testid="theme-select"
        value={mode}
        onChange={(e) => choose(e.target.value as typeof mode)}
        className="rounded border border-zinc-300 bg-white px-1.5 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
