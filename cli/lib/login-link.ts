import { spawn } from "node:child_process";
import type { LoginTicket } from "../../lib/contracts/auth";
import type { Client } from "./client";

/**
 * A fresh one-time login link (two minutes, single use) on the browser's own origin
 * (`http://recollect.localhost:<port>`, which the server names: lib/security/browser-host.ts).
 */
export async function mintLoginLink(client: Client, next?: string): Promise<{ url: string; expiresAt: string }> {
  const ticket = await client.json<LoginTicket>("/api/auth/tickets", { json: next ? { next } : {} });
  return { url: ticket.url, expiresAt: ticket.expiresAt };
}

/**
 * The program that opens `url` in the default browser, the URL one argument of its own. On Windows
 * not `cmd /c start`: cmd would read the `&` of a query string as the end of the command.
 */
export function browserCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  if (platform === "win32") return ["rundll32", ["url.dll,FileProtocolHandler", url]];
  return ["xdg-open", [url]];
}

/** Opens `url` in the default browser; false when this system has no way to (print it instead). */
export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] = browserCommand(url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
