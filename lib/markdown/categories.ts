import type { Category } from "../vocabulary";

/**
 * The category a heading names ("Decisions", "Constraints", "Gotchas", "约束", "决策", ...).
 * The first rule that matches wins; a heading that names none gives undefined.
 */
const HEADING_RULES: [RegExp, Category][] = [
  [/\b(decisions?|decided|adr|architecture decisions?)\b|决策|决定/i, "decision"],
  [/\b(constraints?|rules?|requirements?|must|restrictions?|limits?|don'?ts?|never)\b|约束|规则|限制|要求|禁止/i, "constraint"],
  [/\b(gotchas?|pitfalls?|caveats?|pain points?|known issues?|quirks?|lessons? learned|troubleshooting)\b|坑|注意事项|陷阱|已知问题/i, "gotcha"],
  [/\b(preferences?|prefer|likes?)\b|偏好|喜好/i, "preference"],
  [/\b(conventions?|style|guidelines?|patterns?|code style|coding standards?|best practices?|system ?patterns?)\b|约定|规范|风格|模式/i, "convention"],
  [
    /\b(how to|procedures?|setup|set up|install(ation)?|getting started|quick ?start|build|test(ing)?|deploy(ment)?|run(ning)?|commands?|workflow|usage|development)\b|步骤|流程|安装|构建|测试|部署|命令|运行/i,
    "procedure",
  ],
  [/\b(blockers?|blocked)\b|阻塞/i, "blocker"],
  [/\b(plans?|next steps?|roadmap|todo|progress)\b|计划|下一步|进度|待办/i, "plan"],
  [/\b(ideas?)\b|想法|点子/i, "idea"],
  [/\b(facts?|tech(nical)? context|tech stack|stack|glossary|architecture|dependencies)\b|事实|技术栈|架构|依赖/i, "fact"],
  [/\b(context|active context|current (focus|work)|background|overview|brief|product context|project ?brief)\b|上下文|背景|概述|简介/i, "context"],
];

export function categoryFromHeading(heading: string | null | undefined): Category | undefined {
  if (!heading) return undefined;
  for (const [re, category] of HEADING_RULES) if (re.test(heading)) return category;
  return undefined;
}

/** The innermost heading of a path that names a category. */
export function categoryFromPath(path: readonly string[]): Category | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const c = categoryFromHeading(path[i]);
    if (c) return c;
  }
  return undefined;
}

/**
 * What an instruction line asks, from its wording: a prohibition or an obligation is a constraint,
 * a leaning a preference, anything else a convention. The line itself is kept verbatim.
 */
export function categoryFromImperative(text: string): Category {
  const t = text.toLowerCase();
  if (/\b(never|must|must not|do not|don't|shall|required|forbidden|always|only)\b|禁止|必须|不要|不得|务必|一律/.test(t)) return "constraint";
  if (/\b(prefer|avoid|should|try to|rather than|instead of|favou?r)\b|尽量|优先|避免|建议/.test(t)) return "preference";
  return "convention";
}
