/** Next.js calls this once when the server starts: create the data dir, token and database first. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("./lib/boot");
    boot();
  }
}
