import { defineConfig } from "drizzle-kit";

// Migrations are generated from lib/db/schema.ts (`npm run db:generate`), committed, and applied
// automatically when the server opens the database. Never edit a migration that has shipped.
export default defineConfig({
  dialect: "sqlite",
  schema: "./lib/db/schema.ts",
  out: "./drizzle",
});
