import { describe, expect, it } from "vitest";
import { claimOf, mergeHolds, supersedeHolds } from "../../../lib/consolidation/claim-check";

describe("the claim-level check of a proposed merge", () => {
  it("keeps one claim told twice", () => {
    expect(mergeHolds("Commit messages are written in English.", "Write every commit message in English.")).toBe(true);
    expect(mergeHolds("Never commit the .env file.", "The .env file must never be committed.")).toBe(true);
  });

  it("withholds another value, another polarity, or a replacement", () => {
    expect(mergeHolds("The API listens on port 8000.", "The API listens on port 9000.")).toBe(false);
    expect(mergeHolds("Run the linter before committing.", "Never run the linter before committing.")).toBe(false);
    expect(mergeHolds("Sessions are stored in Redis.", "Sessions are stored in Postgres; Redis was removed.")).toBe(false);
  });

  it("withholds a memory that adds a step or an item to all the other says", () => {
    expect(mergeHolds("Before committing, run pnpm lint.", "Before committing, run pnpm lint, pnpm build and pnpm test.")).toBe(false);
    expect(mergeHolds("Supported locales are en, de and nl.", "Supported locales are en, de, nl and fr.")).toBe(false);
  });

  it("withholds one frame with another word in its slot", () => {
    expect(mergeHolds("pnpm --filter server dev starts only the server.", "pnpm --filter client dev starts only the client.")).toBe(false);
  });
});

describe("the claim-level check of a proposed supersession (newer first)", () => {
  it("keeps a changed value of one setting, also stated twice", () => {
    expect(supersedeHolds("A session expires after 7 days of inactivity.", "A session expires after 30 days of inactivity.")).toBe(true);
    expect(supersedeHolds("The repository requires Node.js 20; .nvmrc pins 20.11.1.", "The repository requires Node.js 18; .nvmrc pins 18.19.0.")).toBe(true);
  });

  it("keeps an explicit replacement of what the older states", () => {
    expect(supersedeHolds("PDF signatures are built with pkijs; node-forge was removed.", "PDF signatures are built with node-forge.")).toBe(true);
  });

  it("withholds a replacement that only names a word of an unrelated memory", () => {
    expect(supersedeHolds("Database access goes through Drizzle ORM; Prisma was removed.", "Create a migration with pnpm prisma migrate dev.")).toBe(false);
  });

  it("withholds another subject's setting: a path changed with a number", () => {
    expect(supersedeHolds("Line coverage of packages/client must stay above 60%.", "Line coverage of packages/server must stay above 80%.")).toBe(false);
  });

  it("withholds two memories that differ in more than one setting", () => {
    expect(supersedeHolds("Tickets can be transferred once.", "Refunds are possible until 48 hours before the event.")).toBe(false);
  });

  it("reads Chinese claims by their characters", () => {
    expect(claimOf("接口服务监听 8000 端口。").values.has("8000")).toBe(true);
    expect(supersedeHolds("接口服务监听 9000 端口。", "接口服务监听 8000 端口。")).toBe(true);
    expect(mergeHolds("接口服务监听 9000 端口。", "接口服务监听 8000 端口。")).toBe(false);
  });
});
