import type { Metadata } from "next";
import { headers } from "next/headers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Recollect", template: "%s · Recollect" },
  description: "What your coding agent remembers",
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

/** Applies the saved theme (or the system's) before the first paint, so dark mode never flashes. */
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("recollect-theme");var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The CSP nonce proxy.ts made for this request: inline scripts run only with it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, run before paint so the theme does not flash. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">{children}</body>
    </html>
  );
}
