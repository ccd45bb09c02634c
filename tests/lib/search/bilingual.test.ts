import { describe, expect, it } from "vitest";
import { searchQuery, translateQuery } from "../../../lib/search/bilingual";
import { queryTerms } from "../../../lib/search/tokenizer";

describe("query translation by dictionary", () => {
  it("renders a Chinese question's software words in English, longest word first", () => {
    expect(translateQuery("每个API副本的数据库连接池有多大？").english).toEqual(expect.arrayContaining(["database", "connection pool", "replica"]));
    // 连接池 is one word, not 连接 + 池.
    expect(translateQuery("连接池").english).toEqual(["connection pool"]);
  });

  it("renders an English question's words in Chinese, and keeps the words it cannot render", () => {
    const t = translateQuery("how long are Kafka consumer offsets kept in the cache?");
    expect(t.chinese).toEqual(expect.arrayContaining(["消费者", "偏移量", "缓存"]));
    expect(t.untranslated).toContain("kafka");
  });

  it("off: the question as asked; dictionary: its own terms plus the translation's, embedded with the English renderings", () => {
    const off = searchQuery("数据库连接超时", "off");
    expect(off).toEqual({ terms: queryTerms("数据库连接超时"), ownTerms: queryTerms("数据库连接超时"), translatedTerms: [], embedText: "数据库连接超时" });
    const on = searchQuery("数据库连接超时", "dictionary");
    expect(on.ownTerms).toEqual(queryTerms("数据库连接超时"));
    expect(on.translatedTerms).toEqual(expect.arrayContaining(queryTerms("database connection timeout")));
    expect(on.terms).toEqual(expect.arrayContaining([...on.ownTerms, ...on.translatedTerms]));
    expect(on.embedText).toBe("数据库连接超时 (database, connection, timeout)");
  });

  it("a question with no known word is searched as asked", () => {
    expect(searchQuery("Caroline's painting", "dictionary").translatedTerms).toEqual([]);
  });
});
