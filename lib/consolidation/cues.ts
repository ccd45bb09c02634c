import { tokenize } from "../search/tokenizer";

/**
 * The words that say a memory replaces or contradicts an earlier one, in English and Chinese.
 * Each replacement cue captures what was replaced ("switched from REST to tRPC" -> REST,
 * "不再使用 Redis，改用 Postgres" -> Redis), so the older memory must mention it.
 */
const W = String.raw`[\w.+#/@-]+`;
const EN_REPLACED: RegExp[] = [
  new RegExp(String.raw`\bswitch(?:ed|es|ing)?\s+(?:over\s+|back\s+)?from\s+(${W}(?:\s+${W})?)\s+to\b`, "gi"),
  // "moved from X", "moved the build targets from the Makefile to …" (what moved may be named first).
  new RegExp(String.raw`\b(?:migrat|mov)(?:e|es|ed|ing)\s+(?:away\s+)?(?:(?:the|our|all)\s+)?(?:[a-z]+\s+){0,2}?(?:off\s+|from\s+(?:the\s+)?)(${W})`, "gi"),
  new RegExp(String.raw`\breplac(?:e|es|ed|ing)\s+(?:the\s+)?(${W}(?:\s+${W})?)\s+(?:with|by)\b`, "gi"),
  // "were removed" is done; "jobs are dropped" says what happens, it replaces nothing.
  new RegExp(
    String.raw`\b(${W})\s+(?:is|was|were|has\s+been|have\s+been|got)\s+(?:now\s+|being\s+)?(?:replaced|deprecated|removed|dropped|retired|phased\s+out|sunset)\b`,
    "gi",
  ),
  // Done, not a rule: "Atlantis was shut down", "the lock table was deleted", "the workers are gone"
  // ("data is deleted after 400 days" is a retention rule).
  new RegExp(
    String.raw`\b(${W}(?:\s+${W})?)\s+(?:(?:was|were|has\s+been|have\s+been)\s+(?:deleted|shut\s+down|turned\s+off|decommissioned)|(?:is|are)\s+(?:now\s+)?gone)\b`,
    "gi",
  ),
  new RegExp(String.raw`\binstead\s+of\s+(?:using\s+)?(?:the\s+)?(${W}(?:\s+${W})?)`, "gi"),
  new RegExp(String.raw`\brather\s+than\s+(?:using\s+)?(?:the\s+)?(${W})`, "gi"),
  // A name said no to after a comma ("… Palantir Java Format, not Google Java Format"): a name
  // only (a capital or code), so "…, not the root one" names nothing.
  /[,;]\s*not\s+((?:[A-Z][\w.+#/@-]*|[\w+#@]+[-./][\w.+#/@-]+)(?:\s+[A-Z][\w.+#/@-]*){0,2})/g,
  new RegExp(String.raw`\bno\s+longer\s+(?:use|uses|using|need|needs|run|runs|rely\s+on|support|supports|call|calls)\s+(?:the\s+)?(${W}(?:\s+${W})?)`, "gi"),
  // "We no longer vendor dependencies": the practice itself stopped (its verb is what the older says).
  /\b(?:we|it|they|CI)\s+no\s+longer\s+(?!use\b|uses\b|using\b|need|run\b|runs\b|rely|support|call)([a-z]+\s+[a-z]+)/gi,
  new RegExp(
    String.raw`\b(?:stop(?:ped)?\s+using|don'?t\s+use|do\s+not\s+use|never\s+use|dropped|abandoned|got\s+rid\s+of|ditched)\s+(?:the\s+)?(${W}(?:\s+${W})?)`,
    "gi",
  ),
  new RegExp(String.raw`\bnot\s+(${W})\s+any\s?more\b`, "gi"),
  // A value changed: "raised from 50 EUR to 75 EUR", "bumped the limit from 5 to 10".
  new RegExp(
    String.raw`\b(?:rais|lower|increas|decreas|reduc|bump|chang|cut|extend|shorten|upgrad|downgrad)(?:e|es|ed|ing)?\s+(?:${W}\s+){0,3}?from\s+(${W}(?:\s+${W})?)\s+to\b`,
    "gi",
  ),
];
/** What a Chinese cue names: a Latin name of up to three words ("Element Plus", "Swagger 2"), or a run without spaces. */
const ZH_OBJ = String.raw`\s*([A-Za-z][\w.+#-]*(?: [A-Za-z0-9][\w.+#-]*){1,2}(?=\s*[\u4e00-\u9fff])|[^\s，。,.;；、：:！!？?()（）]{1,16}?)`;
const ZH_END = String.raw`(?=[\s，。,.;；、：:！!？?()（）]|$|了|改|换|转|迁|切|而)`;
const ZH_REPLACED: RegExp[] = [
  new RegExp(`不再(?:使用|用|采用|依赖|需要|运行|调用|手写|新增)?${ZH_OBJ}${ZH_END}`, "g"),
  // A step no longer needed: "不用再写 v := v", "不要再调用 rand.Seed" (the rest of the clause, at most 24 characters).
  /(?:不用再|不需要再|不必再|无需再|无须再|不要再)(?:写|调用|使用|用|加|配置|设置)?([^，。,;；！!？?\n]{1,24})/g,
  new RegExp(String.raw`(?:从|由)${ZH_OBJ}\s*(?:迁移|切换|改|换|转|调|提高|提升|降低|降|升|增加|减少|上调|下调)`, "g"),
  new RegExp(`(?:弃用|废弃|停用|停止使用|去掉|移除|放弃|淘汰)(?:了)?${ZH_OBJ}${ZH_END}`, "g"),
  new RegExp(`(?:替换掉?|取代|代替)(?:了)?${ZH_OBJ}${ZH_END}`, "g"),
  new RegExp(`而不是(?:用|使用)?${ZH_OBJ}${ZH_END}`, "g"),
  new RegExp(String.raw`${ZH_OBJ}\s*(?:已|已经|被)(?:弃用|废弃|替换|取代|淘汰|移除)`, "g"),
];

const ALL_REPLACED = [...EN_REPLACED, ...ZH_REPLACED];

export interface Replaced {
  /** As written ("REST"). */
  raw: string;
  /** Its content words, as the tokenizer makes them. */
  tokens: string[];
  /** The tokens joined: two cues name the same thing when their keys are equal. */
  key: string;
}

/** Any of the cues' words: most texts have none, and then no cue expression is run. */
const ANY_CUE =
  /switch|migrat|mov(?:e|ed|es|ing)\b|replac|rais|lower|increas|decreas|reduc|bump|chang|cut|extend|shorten|upgrad|downgrad|deprecat|remov|dropp|retir|delet|shut|turned|decommission|gone|instead|rather|longer|stop|use|abandon|rid\b|ditch|more\b|\bnot\b|不再|不用再|不需要再|不必再|无需再|无须再|不要再|从|由|弃用|废弃|停用|停止|去掉|移除|放弃|淘汰|替换|取代|代替|而不是|被/i;

/** "… is no longer needed": the thing is the two words before it in its clause (found in code: a pattern starting with a run of words backtracks). */
const NO_LONGER_NEEDED = /\s(?:is|are)\s+no\s+longer\s+(?:used|needed|required)\b/gi;

/** The things a text says are no longer needed or used ("so the rustup step is no longer needed", "priv/plts is no longer used"). */
function noLongerNeeded(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(NO_LONGER_NEEDED)) {
    const clause =
      text
        .slice(Math.max(0, m.index - 80), m.index)
        .split(/[,;:.!?，。；：]\s/)
        .pop() ?? "";
    const words = clause.trim().split(/\s+/).slice(-2).join(" ");
    if (words) out.push(words);
  }
  return out;
}

/** What a text says was replaced (empty when it says nothing was). */
export function replacedObjects(text: string): Replaced[] {
  const out: Replaced[] = [];
  if (!ANY_CUE.test(text)) return out;
  const found = [...ALL_REPLACED.flatMap((re) => [...text.matchAll(re)].map((m) => m[1] ?? "")), ...noLongerNeeded(text)];
  for (const raw of found) {
    // "RSA-PSS was dropped to keep key files small": a purpose, not what was dropped.
    if (/^to\s/i.test(raw)) continue;
    const named = tokenize(raw, "query").filter((t) => !CUE_WORDS.has(t));
    // A holder word is dropped when a name is left ("Terratest suite" -> Terratest).
    const tokens = named.length > 1 && named.some((t) => !HOLDER_WORDS.has(t)) ? named.filter((t) => !HOLDER_WORDS.has(t)) : named;
    if (tokens.length) out.push({ raw: raw.trim(), tokens, key: tokens.join(" ") });
  }
  return out;
}

/** Stems of the cue words themselves (never the replaced thing; "Bark 不再使用" names Bark, not 使用). */
const CUE_WORDS = new Set(["use", "using", "the", "it", "our", "old", "this", "that", "使用", "采用"]);
/** Words that name what holds the replaced thing, not the thing ("the Terratest [suite] was deleted"). */
const HOLDER_WORDS = new Set(["suit", "config", "configur", "setup", "file", "folder", "directori", "job", "step"]);

const EN_NEGATION = /\b(?:not|never|no|don'?t|doesn'?t|didn'?t|shouldn'?t|mustn'?t|can'?t|cannot|avoid|disable|disabled)\b/gi;
const ZH_NEGATION = /(?:不要|不能|不得|不可|不用|不再|不会|不|没有|没|别|勿|禁止|避免|无需|无须|关闭)/g;
/** Words with 不 or 没 that negate nothing. */
const ZH_NOT_NEGATION = /(?:不同|不过|不断|不少|不仅|不但|不错|不管|不论|差不多|没关系)/g;
/** "不设置的" ("those not set"), "没配置的话" ("if not configured"): a condition, it does not negate the claim. */
const ZH_CONDITION = /(?:不|没有|没)[\u4e00-\u9fff]{1,3}的(?:话)?/g;

/** Whether a text says no (an odd number of negations: "never X" against "X"). */
export function isNegative(text: string): boolean {
  // "not even", "not only": they stress or extend a claim, they do not negate it.
  const en = text.replace(/\bnot\s+(?:even|only|just)\b/gi, " ").match(EN_NEGATION)?.length ?? 0;
  const zh = text.replace(ZH_NOT_NEGATION, " ").replace(ZH_CONDITION, " ").match(ZH_NEGATION)?.length ?? 0;
  return (en + zh) % 2 === 1;
}

/** Categories that state a choice, so one about the same subject replaces another. */
export const CHOICE_CATEGORIES = new Set(["decision", "convention", "preference", "directive", "constraint", "procedure"]);

/** Verbs of choosing (as the tokenizer stems them): two sentences sharing one state a choice. */
export const CHOICE_VERBS = new Set([
  "use",
  "prefer",
  "choos",
  "chose",
  "adopt",
  "pick",
  "switch",
  "run",
  "instal",
  "deploy",
  "host",
  "使用",
  "采用",
  "选择",
  "选用",
  "改用",
  "统一",
  "用于",
]);

export const isNumberToken = (t: string) => /^\d[\d.]*[a-z]{0,3}$/.test(t);
