import type { ExtractedCategory } from "../contracts/extraction";
import { type ClassifierWeights, classifySentence } from "./classifier";
import { isDecisionPhrase } from "./decision-phrases";
import defaultWeights from "./classifier-weights.json" with { type: "json" };
import type { Sentence } from "./sentences";

/**
 * Deterministic detectors of things worth remembering, English and Chinese. Precision first: a
 * sentence is rejected outright when it is a question, a hypothetical, a quotation or reported
 * speech, or code; only then are category rules tried, most specific first.
 */
export interface Detection {
  category: ExtractedCategory;
  rule: string;
  confidence: number;
}

export type RejectReason = "code" | "question" | "hypothetical" | "quote" | "idiom" | "negated" | "length" | "instruction" | "log" | "narration";

interface Rule {
  id: string;
  category: ExtractedCategory;
  re: RegExp;
  confidence: number;
}

// ---------- rejections ----------

const EN_QUESTION_START =
  /^(?:should|shall|must|can|could|would|will|is|are|was|were|does|did|do(?!\s+not\b|n't))\s+(?:we|i|you|it|they|he|she|the|this|that|these|those|there|our|my)\b/i;
const EN_HYPOTHETICAL =
  /\b(?:if|what if|suppose|supposing|assuming|maybe|perhaps|might|could|would(?!\s+(?:prefer|rather|like\s+you))|wonder|not sure|unsure|haven't decided|have not decided|undecided|yet to decide|one option|another option|alternatively|in theory|let me think|thinking about|considering|it seems|seems to|seems like|looks like|apparently|probably|presumably|likely|i guess|i think)\b/i;
const EN_QUOTE =
  /^>|\b(?:said|says|say that|claim(?:s|ed)? that|according to|the (?:docs|documentation|readme|manual|spec) (?:says?|said|states?|claims?|mentions?|recommends?)|the error (?:message )?(?:says|reads)|wrote|told me|was told|mentioned(?: that)?|pointed out|suggested that)\b|"[^"]{8,}"|“[^”“]{4,}”/i;
const EN_IDIOM =
  /\bmust(?:'ve| have)\b|\bmust be (?:the|a|an|it|that|this|right|wrong|tired|something|somewhere|broken|related|because|why|joking|kidding)\b|\bnever mind\b|\bdon'?t worry\b|\b(?:i|we) (?:don'?t|do not) (?:know|think|see|understand|remember)\b|\b(?:i|we) can(?:'t|not) (?:see|find|reproduce|tell|remember)\b|^never (?:seen|heard|had|been|thought|used|mind)\b|^(?:don'?t|do not) (?:know|think|care|remember|worry|see|understand|get it)\b|^always (?:happy|glad|good|nice|fun|a pleasure)\b|\b(?:don'?t|do not|doesn'?t|does not|won'?t) (?:have|need) to\b|\bno need to\b/i;
/** Off-topic personal plans are not project decisions. */
const EN_OFF_TOPIC = /\b(?:lunch|dinner|breakfast|coffee|a break|go home|sleep|vacation|holiday|weekend|call it a day|eat|eating|drink|snack)\b/i;
const ZH_OFF_TOPIC = /午饭|晚饭|早饭|吃饭|咖啡|休息一下|睡觉|下班|回家|放假|度假|吃点/;

/** A decision said not to exist is not one ("that's not what we decided", "还没定"). */
const EN_NEGATED_DECISION =
  /\bnot what (?:we|i|you) (?:decided|agreed|chose)\b|\b(?:haven'?t|have not|hasn'?t|didn'?t|did not|never) (?:yet )?(?:decided|agreed|chosen|settled)\b|\bno decision\b|\bnot (?:yet )?(?:decided|settled|final)\b|\bstill (?:open|undecided|up for debate)\b/i;
const ZH_NEGATED_DECISION = /还没(?:有)?(?:决定|定|选|拍板)|没(?:有)?(?:达成一致|定下来|拍板)|未定|没(?:这么|那么)定过|还在(?:讨论|投票|考虑)|没有选/;
/**
 * A request for work now ("Next: fix the parser", "let's proceed with block 2", "change X to emit
 * Y"): the task of the turn, not a rule to remember. An imperative task verb opens the sentence
 * (after "next:", "now", "please", "can you"...) and names one thing ("the", "this", "a", an
 * identifier): "Please write commit messages in the imperative" names none and stays a rule. The
 * verbs that open lasting rules ("use", "always", "never", "keep", "put", "make sure") are not in
 * the list, and a word that makes it lasting ("always", "from now on", "every time", "in this
 * repo") keeps it a candidate.
 */
const EN_TASK_REQUEST =
  /^(?:(?:next|now|then|ok(?:ay)?|alright|so|first|also|and|yes|great|good|cool)\b[\s:,.!-]*)*(?:(?:please|pls|kindly|can you|could you|would you|will you)\s+)?(?:(?:let'?s|let us)\s+(?:now\s+)?(?:proceed|continue|start|begin|move on|tackle|work on)\b|(?:let'?s|let us)\s+(?:now\s+)?(?:finish|wrap up|pick up|get back to|resume|fix|look at|review|debug)\s+(?:the|this|that|these|those|it|them|what|where|our|my|\S*[_./`]\S*)\b|(?:start|begin)\s+(?:by|with|off)\b|(?:fix|add|implement|create|write|update|change|remove|delete|rename|refactor|move|replace|convert|modify|apply|check|look (?:at|into)|investigate|try|continue|proceed|start|clean up|tie|show|give|tell|explain|debug|help|finish|generate|install|set up|open|review|split|rewrite|restore|revert|bump|upgrade|run)\s+(?:(?:the|this|that|these|those|a|an|my|it|them|some|all|everything|what|how|why|where|me|us|with|on|together)\b|\S*[_./`]\S*))/i;
const EN_LASTING =
  /\b(?:always|never|every time|each time|whenever|from now on|going forward|in (?:this|the|our) (?:repo|repository|project|codebase|team)|by default|for all|for every|on every|before (?:each|every|any)|after (?:each|every|any)|as a rule|convention)\b/i;
/** A pasted tool or compiler line: a position ("Line 8:62"), a level word first, a test id. */
const EN_LOG_LINE = /^(?:line \d+:\d+|(?:error|warning|failed|fail|info|debug|traceback)\b[\s:[]|\S+\.\w+:\d+)|\b\S+::\S+ - \w+Error\b/i;
/** A line of code pasted as prose: an assignment or a call the way code writes it. */
const CODE_LINE =
  /^[\w.[\]"']+(?:\s*:\s*[\w.[\]|]+)?\s*=\s*\S|^(?:def|class|return|raise|import|from \S+ import|if not|const|let|var|function)\b.*[(:=]|#\s*type:\s*ignore\b/;

/** What the user wants of this turn, anywhere in the sentence ("do not modify any text, i only want formatting done"). */
const EN_TURN_SCOPE = /\bi (?:only|just) (?:want|need)\b/i;
export const isTaskRequest = (t: string) => (EN_TASK_REQUEST.test(t) || EN_TURN_SCOPE.test(t)) && !EN_LASTING.test(t);
/**
 * Narration, not a memory: the project or the work described ("We're building slugkit, a small
 * library"), or what a change does ("This sets the foundation for...", "It keeps the API usable").
 * A lasting rule said this way keeps its word that makes it one ("We're building everything in
 * TypeScript from now on" stays a candidate).
 */
const EN_NARRATION =
  /^(?:we(?:'re| are)|i(?:'m| am)) (?:currently |now )?(?:building|writing|making|developing|creating|working on)\b|^(?:this|that|it|which) (?:\w+ly )?(?:sets|keeps|makes|gives|lets|allows|means|ensures|provides|adds|removes|fixes|handles)\b/i;

const ZH_QUESTION = /[？?]\s*$|[吗呢][。.!！]?\s*$|要不要|是不是|是否|能不能|可不可以|为什么|怎么|为啥|啥时候|哪个|哪种/;
const ZH_HYPOTHETICAL = /如果|假如|假设|要是|也许|或许|可能|大概|不确定|还没决定|还没定|尚未决定|考虑一下|不知道/;
const ZH_QUOTE = /^>|(?:他|她|他们|有人|老板|同事|大家)(?:总|总是|一直|常|经常|也)?说|说过|文档里?说|文档写|据说|报错信息|写着|“[^”“]{2,}”|「[^」「]{2,}」/;
const ZH_IDIOM = /喜欢(?:这|那)(?:个|种|样)?|别担心|不用担心/;

/**
 * Chinese words that make a sentence a lasting rule rather than this turn's work ("每次", "以后",
 * "一律", "必须", "不要"...): "把配置都放在 config 里" stays a candidate, "把 X 改成 Y" does not.
 */
const ZH_LASTING =
  /每次|每个|所有|一律|统一|以后|今后|往后|从现在起|总是|始终|永远|一直|都(?:要|用|放|在|以|得|必须)|必须|不要|不能|不准|不许|禁止|不允许|务必|一定要|之前|前要|前先|约定|规范|惯例/;
/**
 * A request for work now (issue 40, Chinese): a step of the session's plan ("先…", "然后…", "接着…",
 * "现在…"), the disposal or benefactive form of a command ("把 X 改成 Y", "给 X 加…", "帮我…", "请把…"),
 * a task verb first ("改用" is a choice, not one), or a one-off "…一下" / "…一遍" / "…吧" at the end. Not a memory unless a word of
 * ZH_LASTING makes it one.
 */
const ZH_TASK_REQUEST =
  /^(?:(?:好的?|嗯|OK|ok|那|那就|行)[，,\s]*)?(?:先|然后|接着|接下来|现在|再)|^(?:(?:好的?|嗯|那|那就)[，,\s]*)?(?:请|麻烦(?:你)?|你)?(?:帮我|帮忙|把|给|将)|^(?:请|麻烦(?:你)?)?(?:修|修复|改(?!用)|修改|看|看看|查|查一下|跑|运行|启动|重启|生成|补|补全|补上|写|加|添加|删|删除|去掉|实现|重命名|打开|检查|提交|更新|继续|重构|拆|解释|渲染|部署|升级|试试|试一下)(?!信息|记录|日志|时|环境|脚本|项|的|规范|流程|方式|者)|(?:一下|一遍|吧)[。！!.]?\s*$/;
/**
 * Narration (Chinese): the project or the user's role described ("我们在做 X，一个…", "这是 X 的…",
 * "X 支持…", "我负责…"): context, not a decision or a gotcha. "这是因为…" stays (a cause).
 */
const ZH_NARRATION =
  /^(?:我们|我|咱们)(?:公司|团队)?(?:现在|目前|正在|在|正)(?:做|写|开发|维护|搞|给|负责|用)|我(?:主要)?负责|^(?:这|这个|本)(?:是|个(?:项目|仓库|库|模块|插件)(?:是|主要))(?!因为|由于)|^[A-Z][\w.-]*\s*(?:是一个|是个|支持|提供|包含|主要)/;
/**
 * A cause or fix told ("更新代码后 SQL 报错，是因为…", "把版本固定住就修好了") or a liking stated ("解释尽量简短，我喜欢…")
 * is a memory even when it opens like a task.
 */
const ZH_TOLD = /是因为|原因是|原来是|导致|问题出在|就修好了|才修好|就好了|就不再|尽量|喜欢|希望|偏好|倾向|习惯/;
/** "When X, …" ("写测试时用表驱动") states a habit, not this turn's work. */
const ZH_WHEN = /^[^，。,]{1,15}(?:时|的时候)/;
export const isZhTaskRequest = (t: string) => ZH_TASK_REQUEST.test(t) && !ZH_LASTING.test(t) && !ZH_TOLD.test(t) && !ZH_WHEN.test(t);

export function rejectReason(s: Sentence): RejectReason | null {
  const t = s.text.trim();
  if (s.code) return "code";
  if (s.lang === "zh") {
    if (t.length < 4 || t.length > 200) return "length";
    if (ZH_QUOTE.test(t)) return "quote";
    if (ZH_QUESTION.test(t)) return "question";
    if (ZH_HYPOTHETICAL.test(t)) return "hypothetical";
    if (ZH_NEGATED_DECISION.test(t)) return "negated";
    if (ZH_IDIOM.test(t)) return "idiom";
    if (isZhTaskRequest(t)) return "instruction";
    if (ZH_NARRATION.test(t) && !ZH_LASTING.test(t)) return "narration";
    return null;
  }
  // Three words are enough for an imperative rule ("Don't retry forever.", "Never touch prod.").
  const minWords = /^(?:don'?t|do not|never|avoid|always|only)\b/i.test(t) ? 3 : 4;
  if (t.length < 12 || t.length > 400 || t.split(/\s+/).length < minWords) return "length";
  if (CODE_LINE.test(t)) return "code";
  if (EN_LOG_LINE.test(t)) return "log";
  if (EN_QUOTE.test(t)) return "quote";
  // `t` is trimmed: one run of spaces to test (two, around an optional quote, backtracked).
  if (/[?？](?:\s*["')\]])?$/.test(t) || EN_QUESTION_START.test(t)) return "question";
  if (EN_HYPOTHETICAL.test(t)) return "hypothetical";
  if (EN_NEGATED_DECISION.test(t)) return "negated";
  if (EN_IDIOM.test(t)) return "idiom";
  if (isTaskRequest(t)) return "instruction";
  if (EN_NARRATION.test(t) && !EN_LASTING.test(t)) return "narration";
  return null;
}

// ---------- English ----------

const EN_RULES: Rule[] = [
  // gotchas and fixes
  {
    id: "en.fix-was",
    category: "gotcha",
    re: /\bthe (?:fix|solution|workaround|trick|answer) (?:was|is|turned out)\b(?!\s+(?:correct|verified|working|done|applied|in place|good|ready|complete|fine|ok|right|wrong|not)\b)/i,
    confidence: 0.9,
  },
  { id: "en.turns-out", category: "gotcha", re: /\bturn(?:s|ed) out\b/i, confidence: 0.85 },
  { id: "en.root-cause", category: "gotcha", re: /\broot cause\b/i, confidence: 0.9 },
  {
    id: "en.watch-out",
    category: "gotcha",
    re: /^(?:watch out|be careful|careful|gotcha|caveat|heads[- ]up|pitfall|warning|note that|important)\b\s*[:,-]?/i,
    confidence: 0.85,
  },
  {
    id: "en.problem-was",
    category: "gotcha",
    re: /\bthe (?:problem|issue|bug|error|failure|crash) (?:was|is) (?:that|caused|due|because)\b/i,
    confidence: 0.9,
  },
  { id: "en.caused-by", category: "gotcha", re: /\b(?:was|were|is|are) caused by\b/i, confidence: 0.85 },
  { id: "en.fixed-by", category: "gotcha", re: /\b(?:fixed|solved|resolved|worked around) (?:it |this |that |the \w+ )?by\b/i, confidence: 0.85 },
  {
    id: "en.fyi",
    category: "gotcha",
    re: /^(?:fyi|pro tip|tip|til)\b\s*[:,-]?|\btook (?:me|us) (?:an hour|hours|a while|ages|a day|forever)\b/i,
    confidence: 0.75,
  },
  {
    id: "en.was-from",
    category: "gotcha",
    re: /\bthe (?:flakiness|crash|failure|error|bug|problem|issue|hang|leak|slowness|timeout) (?:was|came) (?:from|due to)\b|\bwas due to\b/i,
    confidence: 0.8,
  },
  { id: "en.culprit", category: "gotcha", re: /\bthe culprit\b|\bthe reason (?:\w+ ){0,4}(?:is|was) that\b|\blesson learned\b/i, confidence: 0.85 },
  {
    id: "en.came-from",
    category: "gotcha",
    re: /\bthe (?:crash|error|bug|failure|problem|issue|leak|hang|slowdown|flakiness) (?:came|comes|was coming) from\b/i,
    confidence: 0.85,
  },
  {
    id: "en.failed-because",
    category: "gotcha",
    re: /\b(?:hung|crashed|failed|broke|timed out|hangs|crashes|fails|breaks|times out|stalled|deadlocked) because\b/i,
    confidence: 0.8,
  },
  { id: "en.gerund-fixed", category: "gotcha", re: /^\w+ing\b.*\b(?:fixed|solved|resolved|cured)\b/i, confidence: 0.75 },
  { id: "en.because-failure", category: "gotcha", re: /\b(?:was|were|is|are) (?:flaky|failing|broken|slow|hanging|crashing) because\b/i, confidence: 0.8 },
  // decisions
  { id: "en.decided", category: "decision", re: /\b(?:we|i)(?:'ve| have)? decided\b|\bdecided to\b/i, confidence: 0.9 },
  { id: "en.decision-is", category: "decision", re: /^decision\s*:|\bthe decision (?:is|was)\b/i, confidence: 0.9 },
  {
    id: "en.lets-go-with",
    category: "decision",
    re: /\blet'?s (?:go with|use|stick with|keep|switch to|adopt|move to)\b(?!(?:\s+\S+){1,3}\s+to\s+(?:see|find|check|look|search|open|run|view|locate|inspect|test|verify|confirm|reproduce|print|get|step|debug|trace|dig))/i,
    confidence: 0.8,
  },
  {
    id: "en.we-will-use",
    category: "decision",
    re: /\bwe(?:'ll| will|'re going to| are going to|'re| are) (?:go(?:ing)? with|use|switch(?:ing)?|adopt|stick with|move to|keep using|migrate)\b/i,
    confidence: 0.8,
  },
  {
    id: "en.we-chose",
    category: "decision",
    re: /\b(?:we|i) (?:chose|picked|selected|opted for|settled on|went with)\b|\bopted for\b|\bagreed (?:to|on|that)\b|\bstandardi[sz]ing on\b|\bthe plan is\b/i,
    confidence: 0.85,
  },
  { id: "en.we-are-moving", category: "decision", re: /\bwe(?:'re| are) (?:moving|migrating|switching|dropping|replacing)\b/i, confidence: 0.75 },
  {
    id: "en.it-is",
    category: "decision",
    re: /^(?:alright|ok(?:ay)?|right|so|fine),? [\w.-]+(?: [\w.-]+)? it is[.!]?$|\bmade up (?:my|our) mind\b|^going with\b|,\s*final[.!]?$|\bwe(?:'re| are) going to (?:keep|skip|drop|use|go with)\b/i,
    confidence: 0.75,
  },
  { id: "en.going-forward", category: "decision", re: /^(?:going forward|from now on),? we\b/i, confidence: 0.85 },
  // preferences
  { id: "en.prefer", category: "preference", re: /\bi(?:'d| would)? (?:really |much |strongly )?(?:prefer|rather)\b/i, confidence: 0.85 },
  { id: "en.my-preference", category: "preference", re: /\bmy preference\b/i, confidence: 0.9 },
  { id: "en.i-want-you", category: "preference", re: /\bi(?:'d| would)? (?:want|like) you to\b/i, confidence: 0.8 },
  {
    id: "en.i-like",
    category: "preference",
    re: /\bi (?:really )?(?:like|love|hate|dislike|don'?t like|do not like) (?!this\b|that\b|it\b|the way\b|the idea\b|how\b)\w+/i,
    confidence: 0.75,
  },
  {
    id: "en.love-if",
    category: "preference",
    re: /\bi'?d (?:love|like) (?:it )?if you\b|^personally\b|\bi find .{2,60}\b(?:easier|harder|clearer|more readable|better)\b/i,
    confidence: 0.75,
  },
  {
    id: "en.fan-of",
    category: "preference",
    re: /\bi'?m (?:a (?:big )?fan of|not a fan of)\b|\bi (?:really )?(?:don'?t|do not) want\b|\bthat'?s how i like it\b|^less \w+.*\bmore \w+/i,
    confidence: 0.75,
  },
  { id: "en.trailing-please", category: "preference", re: /,\s*please[.!]?$/i, confidence: 0.75 },
  {
    id: "en.please",
    category: "preference",
    re: /^please (?:always|never|don'?t|do not|keep|use|avoid|answer|reply|respond|write|make sure|ask)\b/i,
    confidence: 0.8,
  },
  // imperatives at the start decide between constraint and convention
  { id: "en.never", category: "constraint", re: /^(?:never|don'?t|do not|avoid|only)\b/i, confidence: 0.85 },
  { id: "en.always", category: "convention", re: /^always\s+\w+/i, confidence: 0.8 },
  { id: "en.use-for", category: "convention", re: /^use\s+\S.*\b(?:for|in|when|instead of)\b/i, confidence: 0.75 },
  // constraints
  { id: "en.must", category: "constraint", re: /\b(?:must|mustn't|shall not|is required to|are required to|has to|have to)\b/i, confidence: 0.85 },
  { id: "en.not-allowed", category: "constraint", re: /\b(?:not allowed|forbidden|prohibited|under no circumstances)\b/i, confidence: 0.9 },
  {
    id: "en.cannot",
    category: "constraint",
    re: /\b(?:we|you) (?:can't|cannot|can not) (?:use|add|change|touch|call|import|depend|rely|ship|deploy|push|commit|break|remove|delete|upgrade|downgrade|modify|rename)\b/i,
    confidence: 0.85,
  },
  {
    id: "en.keep-under",
    category: "constraint",
    re: /^keep\b.*\b(?:under|below|within|at most|less than|compatible|stable|green|passing)\b/i,
    confidence: 0.8,
  },
  {
    id: "en.nothing-may",
    category: "constraint",
    re: /^(?:nothing|no one|nobody|no code|no file)\b.*\b(?:may|can|should|must|is allowed to)\b/i,
    confidence: 0.8,
  },
  { id: "en.no-x", category: "constraint", re: /^no [\w.-]+(?: [\w.-]+)? (?:in|from|on|to|inside|outside|without|before|after|until)\b/i, confidence: 0.8 },
  {
    id: "en.is-never",
    category: "constraint",
    re: /\b(?:is|are|gets?|should be|must be) never\b|^make sure\b|\bthere (?:should|must) be no\b/i,
    confidence: 0.8,
  },
  { id: "en.should-never", category: "constraint", re: /\bshould (?:never|not)\b/i, confidence: 0.8 },
  // conventions
  {
    id: "en.by-convention",
    category: "convention",
    re: /\bby convention\b|\bour convention\b|\bthe convention (?:is|here)\b|^convention\s*:/i,
    confidence: 0.9,
  },
  { id: "en.we-always", category: "convention", re: /\bwe (?:always|usually|typically|generally|normally) \w+/i, confidence: 0.8 },
  { id: "en.in-this-repo", category: "convention", re: /^in this (?:repo|repository|project|codebase|monorepo|team)\b/i, confidence: 0.8 },
  {
    id: "en.lives-in",
    category: "convention",
    re: /\b(?:tests?|files?|components?|migrations?|fixtures?|helpers?|types?|routes?|pages?|handlers?|docs?|scripts?|assets?|styles?) (?:live|lives|go|goes|belong|belongs|are kept|are stored|are placed) (?:in|under|next to)\b/i,
    confidence: 0.8,
  },
  {
    id: "en.all-every",
    category: "convention",
    re: /^(?!every time|each time|all right|all the time)(?:all|every|each) [\w ]{2,40}\b(?:are|is|use|uses|follow|follows|start|starts|wrap|wraps|return|returns|returned|named|go|goes|exports?|contains?|has|have|lives?|gets?|needs?|calls?|takes?|keeps?|holds?|throws?|imports?|extends?|implements?|defines?|owns?|comes?|ships?|includes?|requires?)\b/i,
    confidence: 0.75,
  },
  {
    id: "en.naming",
    category: "convention",
    re: /^(?:commit messages|branch names|file ?names|config keys|column names|table names|env(?:ironment)? vars?|environment variables|variable names|function names|test names)\b.*\b(?:start|starts|follow|follows|are|use|must|should|end|ends)\b/i,
    confidence: 0.8,
  },
  { id: "en.we-use-for", category: "convention", re: /\bwe use \S+(?: \S+)? (?:for|in|as)\b/i, confidence: 0.75 },
  { id: "en.we-name", category: "convention", re: /\bwe (?:name|prefix|suffix|format|structure|organi[sz]e|put|store|keep) \w+/i, confidence: 0.75 },
  {
    id: "en.passive-rule",
    category: "convention",
    re: /\b(?:are|is) (?:always )?(?:thrown|named|stored|kept|written|generated|formatted|prefixed|suffixed|placed|exported|validated|logged|versioned|created) (?:as|in|with|under|by|using|via|through|after|like)\b/i,
    confidence: 0.7,
  },
  // A step tied to a moment of the workflow ("Before you open the pull request, run tox"): a procedure kept as a convention.
  {
    id: "en.before-doing",
    category: "convention",
    re: /^(?:before|after|once|whenever) (?:you|we|i) [^,]{3,60}, (?:always )?(?:run|check|update|rebase|squash|format|lint|test|build|bump|regenerate|sign|tag)\b/i,
    confidence: 0.75,
  },
  { id: "en.only-ever", category: "convention", re: /\bonly ever\b/i, confidence: 0.75 },
  { id: "en.follow-pattern", category: "convention", re: /\bfollows? the (?:pattern|convention|format|style)\b/i, confidence: 0.8 },
];

// ---------- Chinese ----------

const ZH_RULES: Rule[] = [
  { id: "zh.cause", category: "gotcha", re: /原因是|根本原因|问题出在|原来是|罪魁祸首/, confidence: 0.85 },
  {
    id: "zh.fix",
    category: "gotcha",
    re: /解决办法|解决方法|解决方案是|修复方法|修复办法|就修好了|才修好|就好了|就不再|绕过去|规避|是因为|才导致|导致的|才(?:会|能)?生效|不会生效|感知不到/,
    confidence: 0.85,
  },
  { id: "zh.pitfall", category: "gotcha", re: /坑|踩过|^注意\s*[:：]|^小心|^警告\s*[:：]|教训|^提醒一下|折腾了/, confidence: 0.85 },
  // A step tied to a moment of the workflow ("改完依赖以后要运行 go mod tidy"): a procedure kept as a convention.
  {
    id: "zh.before-doing",
    category: "convention",
    re: /(?:改完|修改|提交|合并|发布|推送|每次).{0,20}(?:以后|之后|后|前|之前)(?:都)?(?:要|需要|得|必须)?(?:先)?(?:运行|执行|跑|检查|更新|格式化)/,
    confidence: 0.8,
  },
  {
    id: "zh.decided",
    category: "decision",
    re: /决定|定下来|定了|定为|最终方案|最终选|拍板|最后(?:还是)?(?:选|用)|就按|(?:以后|今后|往后)(?:统一|都|一律)|不(?:再)?用.{1,20}了|继续用|就(?:存|写|改|做)成/,
    confidence: 0.9,
  },
  { id: "zh.use", category: "decision", re: /就用|改用|采用|选了|选择了|选用|换成了/, confidence: 0.8 },
  {
    id: "zh.prefer",
    category: "preference",
    re: /我(?:更|比较|很|最|还是)?喜欢|我(?:更)?偏好|我(?:更)?倾向|我不(?:太)?喜欢|我讨厌|我希望|我(?:比较|更)?习惯|比较好[。！!]?$|更好[。！!]?$|我不?想要|少一点.{0,20}多一点/,
    confidence: 0.85,
  },
  { id: "zh.please", category: "preference", re: /请(?:始终|总是|每次|一直|永远|尽量|务必|用|使用|保持)|尽量/, confidence: 0.8 },
  {
    id: "zh.must",
    category: "constraint",
    re: /必须|禁止|不允许|不准|不许|不得|要在.{1,12}(?:内|以内|之内)|要保持|务必|一定要|只能|只(?:跑|用|允许)|不可以|严禁|绝对不|绝不|千万不要|不能|不要|别(?:再|改|动|碰|删|用|升级|提交|推送|加|装)/,
    confidence: 0.85,
  },
  {
    id: "zh.convention",
    category: "convention",
    re: /约定|规范|惯例|一律|只做一件事|(?:要|需要|得)先(?:开|提|跑|运行|讨论|确认)|统一(?:用|放|使用|返回|采用|命名)|都(?:放|用|在|要)|(?:一般|通常|习惯)(?:用|都|把|会)|我们(?:习惯|一般|通常)|都以|以.{1,24}开头|^(?:每个|所有|全部)[^，。]{1,15}(?:都|只|统一|一律)/,
    confidence: 0.8,
  },
  { id: "zh.naming", category: "convention", re: /命名/, confidence: 0.7 },
];

/** The phrase rules alone (after the rejections). */
export function detectByRules(s: Sentence): Detection | null {
  if (rejectReason(s)) return null;
  const rules = s.lang === "zh" ? ZH_RULES : EN_RULES;
  for (const r of rules) {
    if (!r.re.test(s.text)) continue;
    if ((s.lang === "zh" ? ZH_OFF_TOPIC : EN_OFF_TOPIC).test(s.text)) return null;
    return { category: r.category, rule: r.id, confidence: r.confidence };
  }
  return null;
}

/**
 * Rules first (they name the phrase that matched), then the decision phrases; what none matched
 * goes to the n-gram classifier, behind the same rejections (questions, hypotheticals, quotes, code, idioms).
 */
export function detectSentence(s: Sentence, model: ClassifierWeights = defaultWeights as ClassifierWeights): Detection | null {
  const byRule = detectByRules(s);
  if (byRule || rejectReason(s)) return byRule;
  if ((s.lang === "zh" ? ZH_OFF_TOPIC : EN_OFF_TOPIC).test(s.text)) return null;
  // Decisions in their many phrasings (shared with the checkpoint extractor).
  if (isDecisionPhrase(s.text, s.lang)) return { category: "decision", rule: `${s.lang}.decision-phrase`, confidence: 0.8 };
  const found = classifySentence(s.text, s.lang, model);
  return found ? { category: found.category, rule: `${s.lang}.model`, confidence: found.confidence } : null;
}

export const RULE_IDS = [...EN_RULES, ...ZH_RULES].map((r) => r.id);
