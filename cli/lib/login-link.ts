import { spawn } from "node:child_process";
import type { LoginTicket } from "../../lib/contracts/auth";
import type { Client } from "./client";

/** A fresh one-time login link (two minutes, single use) on the CLI's server URL. */
export async function mintLoginLink(client: Client, next?: string): Promise<{ url: string; expiresAt: string }> {
  const ticket = await client.json<LoginTicket>("/api/auth/tickets", { json: next ? { next } : {} });
  return { url: client.target.url + ticket.path, expiresAt: ticket.expiresAt };
}

/** Opens `url` in the default browser; false when this system has no way to (print it instead). */
export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
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
