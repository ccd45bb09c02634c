import { describe, expect, it } from "vitest";
import { queryTerms, tokenize } from "../../../lib/search/tokenizer";

describe("tokenizer", () => {
  it("applies NFKC and case folding", () => {
    expect(tokenize("Ｆｕｌｌｗｉｄｔｈ ＡＢＣ")).toEqual(["fullwidth", "abc"]);
    expect(tokenize("DATABASE")).toEqual(tokenize("database"));
  });

  it("stems English words and drops stopwords", () => {
    expect(tokenize("The running dogs were configured")).toEqual(["run", "dog", "configur"]);
    expect(queryTerms("What did Caroline research?")).toEqual(["carolin", "research"]);
  });

  it("relates irregular forms to their base", () => {
    expect(tokenize("she drew it")).toContain("draw");
    expect(tokenize("we went home")).toEqual(tokenize("we go home"));
  });

  it("stems with Porter2 (Snowball English), not the original Porter", () => {
    // Porter: "gener" / "gener", which merges unrelated words; Porter2 keeps them apart.
    expect(tokenize("generously")).toEqual(["generous"]);
    expect(tokenize("general")).toEqual(["general"]);
    expect(tokenize("painting painted paints")).toEqual(["paint", "paint", "paint"]);
    expect(tokenize("skies dying")).toEqual(["sky", "die"]);
  });

  it("drops the clitic of contractions: no 'win' in won't, no 'hadn' term", () => {
    expect(tokenize("I won't quit")).toEqual(["quit"]);
    expect(tokenize("she hadn't received it, they didn’t either")).toEqual(["receiv", "either"]);
    expect(tokenize("Caroline's kids")).toEqual(tokenize("Caroline kids"));
    expect(tokenize("I've known them, we'll see, I'd go, you're late")).toEqual(["know", "see", "go", "late"]);
    expect(queryTerms("What won't Jon do?")).toEqual(["jon"]);
  });

  it("maps informal short forms and number words to one term", () => {
    expect(tokenize("my kids")).toEqual(tokenize("my children"));
    expect(tokenize("mom and dad")).toEqual(tokenize("mother and father"));
    expect(tokenize("a pic of the fam")).toEqual(tokenize("a photo of the family"));
    expect(tokenize("my fave biz")).toEqual(tokenize("my favorite business"));
    expect(tokenize("for four years")).toEqual(["4", "year"]);
    expect(queryTerms("known for 4 years")).toEqual(tokenize("known them for four years"));
  });

  it("splits camelCase, PascalCase and Error names, keeping the whole identifier", () => {
    expect(tokenize("getUserName")).toEqual(["user", "name", "getusername"]);
    expect(tokenize("TypeError")).toEqual(["type", "error", "typeerror"]);
    expect(tokenize("HTTPServer")).toEqual(["http", "server", "httpserver"]);
  });

  it("splits snake_case and kebab-case", () => {
    expect(tokenize("max_retry_count")).toEqual(["max", "retri", "count", "maxretrycount"]);
    expect(tokenize("kebab-case-name")).toEqual(["kebab", "case", "name", "kebabcasename"]);
  });

  it("splits paths and file:line references, also naming the file", () => {
    const t = tokenize("lib/search/sync.ts:42");
    expect(t).toEqual(expect.arrayContaining(["lib", "search", "sync", "ts", "42", "syncts"]));
    // The query `sync.ts` meets the indexed path.
    expect(t).toEqual(expect.arrayContaining(queryTerms("sync.ts")));
  });

  it("makes overlapping CJK bigrams, and single characters for one-character runs", () => {
    expect(queryTerms("数据库")).toEqual(["数据", "据库"]);
    expect(tokenize("数据库")).toEqual(expect.arrayContaining(["数据", "据库", "数", "据", "库"]));
    expect(queryTerms("库")).toEqual(["库"]);
    expect(tokenize("使用 SQLite 数据库")).toEqual(expect.arrayContaining(["使用", "sqlite", "数据"]));
  });

  it("emits only letters and digits (safe inside an FTS5 string)", () => {
    for (const t of tokenize(`a "quoted" (x) [y] {z} NEAR/3 foo* ^bar col:val -not +plus`)) expect(t).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it("drops question frames from queries only, keeping the words in indexed text and elsewhere", () => {
    expect(tokenize("What kind of pot did Mel make?", "query")).toEqual(["pot", "mel"]);
    expect(tokenize("What did Jon say about the store?", "query")).toEqual(["jon", "store"]);
    expect(tokenize("which return type of parser", "query")).toEqual(["parser"]);
    expect(tokenize("the kind of pot", "index")).toContain("kind");
    expect(tokenize("fix the return type", "query")).toContain("type");
  });

  it("keeps words that name an object's own members as words", () => {
    const words = Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase());
    for (const word of words) for (const t of tokenize(`the ${word} call`)) expect(typeof t).toBe("string");
    expect(tokenize("call the constructor")).toEqual(["call", "constructor"]);
    expect(queryTerms("constructor")).toEqual(["constructor"]);
  });
});
