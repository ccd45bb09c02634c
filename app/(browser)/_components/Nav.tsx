"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Dashboard", key: "d" },
  { href: "/memories", label: "Memories", key: "m" },
  { href: "/memories/new", label: "New memory", key: "n" },
  { href: "/inbox", label: "Review inbox", key: "i" },
  { href: "/constraints", label: "Constraints", key: "c" },
  { href: "/checkpoints", label: "Checkpoints", key: "p" },
  { href: "/sessions", label: "Sessions", key: "s" },
  { href: "/kv", label: "KV", key: "k" },
  { href: "/loops", label: "Loops", key: "l" },
  { href: "/projects", label: "Projects", key: "j" },
  { href: "/team", label: "Team", key: "t" },
  { href: "/export", label: "Export & import", key: "e" },
  { href: "/settings", label: "Settings", key: "," },
] as const;

export const NAV_LINKS = LINKS;

/** `inboxCount`: items waiting for review, shown beside the inbox link. */
export function Nav({ inboxCount = 0 }: { inboxCount?: number }) {
  const path = usePathname();
  const current = (href: string) =>
    href === "/"
      ? path === "/"
      : href === "/memories"
        ? path === "/memories" || (path.startsWith("/memories/") && path !== "/memories/new")
        : path.startsWith(href);
  return (
    <nav aria-label="Main">
      {/* Wraps on a phone: every page stays in view instead of scrolling off the side. */}
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              data-testid={`nav-${l.href === "/" ? "dashboard" : l.href.slice(1).replace("/", "-")}`}
              aria-current={current(l.href) ? "page" : undefined}
              aria-keyshortcuts={`g ${l.key}`}
              className="block whitespace-nowrap rounded-md px-2 py-1.5 md:px-3 text-sm text-zinc-700 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=page]:bg-indigo-100 aria-[current=page]:font-medium aria-[current=page]:text-indigo-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-indigo-950 dark:aria-[current=page]:text-indigo-200"
            >
              {l.label}
              {l.href === "/inbox" && inboxCount > 0 ? (
                <>
                  <span data-testid="nav-inbox-count" className="ml-2 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-medium text-white">
                    {inboxCount > 999 ? "999+" : inboxCount}
                  </span>
                  <span className="sr-only"> to review</span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
