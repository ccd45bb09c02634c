import { BILINGUAL_TERMS } from "./bilingual-terms";
import { hasCjk, queryTerms } from "./tokenizer";
import { withoutNames } from "./vector-text";

/**
 * Query translation by dictionary (issue 42): a Chinese question for an English memory, or the
 * reverse, shares no term with it, and the default embedding model (English MiniLM) does not map
 * one language onto the other. The question's known software words are looked up in a small
 * Chinese ↔ English dictionary (bilingual-terms.ts) and their renderings are searched too.
 */
export interface QueryTranslation {
  /** English renderings of the question's Chinese words (empty for an English question). */
  english: string[];
  /** Chinese renderings of the question's English words (empty for a Chinese question). */
  chinese: string[];
  /** The question's English terms that have no Chinese rendering (names, identifiers, rare words). */
  untranslated: string[];
}

interface Dictionary {
  /** Chinese word -> English renderings (the first is the usual one). */
  zhToEn: Map<string, string[]>;
  /** English term (tokenizer's stem) -> Chinese words. */
  enToZh: Map<string, string[]>;
  longestZh: number;
}

let dictionary: Dictionary | null = null;

function load(): Dictionary {
  if (dictionary) return dictionary;
  const zhToEn = new Map<string, string[]>();
  const enToZh = new Map<string, string[]>();
  let longestZh = 1;
  for (const line of BILINGUAL_TERMS.split("\n")) {
    const at = line.indexOf("=");
    if (at < 0) continue;
    const zh = line.slice(0, at).trim();
    const renderings = line
      .slice(at + 1)
      .split("/")
      .map((w) => w.trim())
      .filter(Boolean);
    if (!zh || renderings.length === 0) continue;
    zhToEn.set(zh, renderings);
    longestZh = Math.max(longestZh, [...zh].length);
    for (const english of renderings) {
      // Only one-term renderings map back: a phrase's single words are too loose alone.
      const terms = queryTerms(english);
      if (terms.length !== 1) continue;
      const list = enToZh.get(terms[0]) ?? enToZh.set(terms[0], []).get(terms[0])!;
      if (!list.includes(zh)) list.push(zh);
    }
  }
  dictionary = { zhToEn, enToZh, longestZh };
  return dictionary;
}

/**
 * The question's known words in the other language. Chinese text is read by longest match from
 * each position (so 连接池 wins over 连接); English words are matched by the tokenizer's stem.
 */
export function translateQuery(query: string): QueryTranslation {
  const { zhToEn, enToZh, longestZh } = load();
  const english: string[] = [];
  const chinese: string[] = [];
  if (hasCjk(query)) {
    const chars = [...query];
    for (let i = 0; i < chars.length; ) {
      let matched = 0;
      for (let len = Math.min(longestZh, chars.length - i); len >= 1; len--) {
        const renderings = zhToEn.get(chars.slice(i, i + len).join(""));
        if (!renderings) continue;
        if (!english.includes(renderings[0])) english.push(renderings[0]);
        matched = len;
        break;
      }
      i += matched || 1;
    }
  }
  const untranslated: string[] = [];
  for (const term of queryTerms(query.replace(/[\p{Script=Han}]+/gu, " "))) {
    const renderings = enToZh.get(term);
    if (!renderings) untranslated.push(term);
    for (const zh of renderings ?? []) if (!chinese.includes(zh)) chinese.push(zh);
  }
  return { english, chinese, untranslated };
}

/** `dictionary`: questions are also searched in the other language's words; `off`: as asked. */
export type QueryTranslationSetting = "dictionary" | "off";

/**
 * What a question is searched with: its lexical terms (its own, then its translations') and the
 * text whose embedding the vector list uses (the question, plus the English renderings of its
 * Chinese words, since the default model reads English). The embedded text leaves out the
 * names `isLabel` says label memories (vector-text.ts); without it, the question as asked.
 */
export function searchQuery(
  query: string,
  setting: QueryTranslationSetting,
  isLabel?: (name: string) => boolean,
): { terms: string[]; ownTerms: string[]; translatedTerms: string[]; embedText: string } {
  const own = queryTerms(query);
  const vectorText = isLabel ? withoutNames(query, isLabel) : query;
  if (setting === "off") return { terms: own, ownTerms: own, translatedTerms: [], embedText: vectorText };
  const { english, chinese, untranslated } = translateQuery(query);
  if (!english.length && !chinese.length) return { terms: own, ownTerms: own, translatedTerms: [], embedText: vectorText };
  // The translation's coverage (lexical.ts) is measured on its own, as the whole question in the
  // other language: the translated words' renderings plus the words that stay as they are (API,
  // Redis, names). A Chinese question's bigrams are absent from an English memory by nature.
  const translatedTerms = [...new Set([...queryTerms(english.join(" ")), ...queryTerms(chinese.join(" ")), ...untranslated])];
  return {
    terms: [...new Set([...own, ...translatedTerms])],
    ownTerms: own,
    translatedTerms,
    embedText: english.length ? `${vectorText} (${english.join(", ")})` : vectorText,
  };
}
