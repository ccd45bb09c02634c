import { defineConfig } from "drizzle-kit";

// The team hub's PostgreSQL schema (docs/team.md): generated from lib/team/hub/schema.ts with
// `npm run db:generate:hub`, committed, applied when a hub opens (lib/team/hub/open.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/team/hub/schema.ts",
  out: "./drizzle-hub",
});
