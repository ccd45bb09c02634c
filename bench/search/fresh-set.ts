import { readFileSync } from "node:fs";
import path from "node:path";
import type { UnseenQuery } from "./unseen-set";

/**
 * The second issue-42 paraphrase set ("fresh"), written before any rule of this round was changed
 * and committed before anything was run on it (see git history): 333 coding memories taken from two
 * public style guides pinned by commit (bench/search/fresh-build.ts: airbnb/javascript @ 8ed19247,
 * goldbergyoni/nodebestpractices @ dc3d60c2) and paraphrase questions written for them by hand, the
 * label (the memory's key) first, each without a content word in common with its answer (checked
 * by `checkFreshSet` with lib's tokenizer). bench/search/unseen-split.ts's hash splits the questions
 * into a tuning half and a frozen half; the frozen half is the headline.
 *
 * Lines of QUESTIONS: `key | paraphrase question`.
 */
const QUESTIONS = `
f003 | should bindings that never change be declared with the old keyword from ES5?
f004 | which keyword do I pick when a name will be rebound later?
f005 | how far does visibility reach for the modern declarations compared with the legacy one?
f006 | how should I make an empty dictionary-like value, curly braces or a constructor call?
f007 | how do I build a map whose keys are only known at runtime?
f008 | where do abbreviated key-value pairs go when writing a literal?
f009 | when do key names in a literal need to be wrapped in quotation marks?
f010 | may I invoke inherited helpers like the key-presence check straight on a value?
f011 | what is the recommended way to clone a record shallowly and drop some fields?
f013 | how do I append an element to a list?
f014 | how do I duplicate a list?
f017 | what should I reach for when transforming each entry of a collection without building a temporary list?
f018 | do handlers given to map or filter need an explicit result?
f021 | when a routine hands back several results, should callers unpack them by position or by name?
f022 | which quotation mark do plain text literals get?
f023 | should a long piece of text be split with plus signs over several rows of source?
f024 | how do I assemble text from variables, interpolation or gluing with plus?
f025 | is it ok to run code held in a text value at runtime?
f026 | should I put backslashes before symbols that need none?
f027 | which style of routine definition is recommended, the hoisted kind or one stored in a binding?
f028 | how do I write a self-calling routine that runs right away?
f029 | can I define a routine inside an if or while body?
f031 | may an input be called like the implicit list of passed values?
f033 | how do I give an input a fallback value instead of reassigning it inside the body?
f035 | where in the signature do optional inputs with fallbacks go?
f036 | may I build a callable from a string through the global ctor?
f038 | how should I invoke something that accepts any number of inputs with a list of values?
f040 | what syntax should short unnamed handlers given to map take?
f043 | should a single input of a lambda be wrapped in parens?
f046 | should I edit inheritance by hand or declare a proper type?
f047 | how can instance routines allow invocations to be strung together?
f049 | is a blank ctor that only invokes super required?
f051 | should I rely on require or on the ES syntax for sharing code between files?
f052 | may I pull in everything from a file with a star?
f054 | can the same specifier appear in two separate lines at the top?
f055 | can I share a let that other files may reassign?
f056 | when a file exposes only one thing, which style of exposing it is recommended?
f057 | where do the lines that bring in dependencies sit in a file?
f059 | may I put bundler prefixes with exclamation marks in specifiers?
f060 | should the .js suffix be written in paths I pull dependencies from?
f061 | should I write classic for statements or favour map, reduce and filter?
f062 | is it fine to write yield-based routines?
f064 | how should I read a field whose key is fixed in source?
f065 | how do I read a field whose key is held in a let?
f066 | how do I raise a number to a power, Math.pow or **?
f067 | what happens if I assign to a name that was never introduced with a keyword?
f068 | may I introduce several names in a single statement separated by commas?
f069 | in what order should constants and reassignable names be introduced?
f071 | may I write x++ to bump a counter?
f074 | what part of an unnamed lambda stored in a binding is lifted to the top of scope?
f076 | what gets lifted for a classic routine written with the keyword first?
f077 | can I reference something before the place where it is introduced?
f079 | should I write loose or strict checks with triple signs?
f081 | when testing a flag, should I compare with true, and what about text?
f083 | when does a switch branch need its own curly brackets?
f084 | may conditional ?: be placed inside one another?
f085 | how should I make evaluation order obvious when combining && with other symbols?
f086 | what does ?? give back?
f087 | should a body spanning several rows always be wrapped in curly brackets?
f088 | where does the keyword for the alternative branch go relative to the final curly bracket?
f089 | is an alternative branch needed after an if that exits early every time?
f090 | how should I break a very wide test in an if, and where do && go?
f091 | may I write a && doSomething() as a shortcut for an if?
f092 | what syntax do remarks spanning several rows take?
f093 | where should a short remark sit relative to the code it describes?
f094 | should text after // begin right after the slashes?
f096 | how do I mark a known bug in code so others notice it?
f098 | how wide is indentation and with what keystrokes?
f099 | how many blanks go before an opening curly bracket?
f102 | how should a source document terminate?
f103 | how do I lay out many calls strung one after another, like with jQuery?
f105 | may I add empty rows right at the start and end of a body in curly brackets?
f107 | are there blanks just after ( and before )?
f109 | are there blanks just after { and before } of a literal?
f110 | what is the maximum width of a row of source?
f112 | where go the blanks around a separator between list items?
f116 | may rows finish with invisible blanks?
f119 | how do I turn text into an integer safely?
f121 | what surprises come from bitwise shifting big numerals?
f122 | are one-character identifiers acceptable?
f123 | what capitalisation do ordinary identifiers get?
f124 | which capitalisation is reserved for types?
f125 | may identifiers start or end with _ to mark privacy?
f126 | should I store self = this to reach the outer context?
f127 | how should a module be called relative to the main thing it hands out?
f130 | how do I capitalise abbreviations like HTTP or URL in identifiers?
f131 | when is SCREAMING_SNAKE_CASE allowed?
f133 | why avoid get and the property hook keywords on classes?
f134 | how should predicates on a value be named?
f136 | what should accompany a dispatched signal, a bare primitive or a dictionary?
f137 | how do I mark that a binding holds a wrapped DOM collection?
f142 | may we adopt language additions still early in the committee process?
f143 | which not-a-numeral check is safer?
f144 | how do I test that a value is not infinite without coercion?
f176 | how many UI widgets may a single module declare?
f177 | when is calling h() by hand acceptable instead of markup?
f179 | a widget with its own data: ES6 syntax or the legacy factory?
f180 | which suffix do files holding UI parts get?
f181 | how are modules holding UI parts capitalised?
f185 | may I reuse standard HTML attribute identifiers like style to mean something else on my widgets?
f186 | how should a widget get its label, through a static property?
f188 | which kind of quotation marks do markup props get versus the rest?
f189 | how many blanks go before the slash in <Foo />?
f190 | should there be blanks inside the {} around embedded values in markup?
f192 | how do I pass a boolean flag that is on?
f193 | what must every picture carry for screen readers?
f194 | should descriptive text on an img say what kind of visual it is?
f196 | may I give nodes keyboard shortcut attributes?
f197 | what should identify items rendered from a list, their position?
f198 | what must optional inputs of a widget declare?
f201 | how do I lay out markup taking several rows?
f202 | how should nodes with nothing inside be written?
f205 | where should click callbacks be attached to the instance?
f206 | may private helpers of a widget start with _?
f207 | must the drawing routine of a widget always give something back?
f210 | what capitalisation do style rule identifiers get?
f214 | how should screen-size thresholds be called?
f215 | where should CSS definitions appear relative to the widget?
f217 | when is putting CSS right on the node appropriate?
f219 | where should palette values be declared?
f220 | where are typefaces declared?
f225 | how many look-and-feel variants should a product have?
f227 | how should the top of a big codebase be organised?
f228 | should route handlers hold business rules?
f229 | where do shared helpers go in a monorepo?
f230 | how should settings be loaded, with credentials protected?
f232 | how much static checking of shapes should we adopt?
f233 | how should asynchronous failures be dealt with instead of nested continuation passing?
f234 | what should be raised when something fails?
f235 | how do I tell an expected failure from a bug?
f236 | where does the failure treatment live?
f238 | what should happen after a surprising fatal failure?
f239 | which library should record diagnostics instead of writing to the terminal?
f242 | what happens to a failed async result nobody awaits?
f244 | why wait right before handing back an async result?
f245 | will a surrounding guard notice failures from readable pipes?
f246 | which linter is the norm for spotting mistakes in JS?
f248 | where does the { after an if go?
f250 | should inner routines passed as arguments stay unnamed?
f252 | which declaration keyword is recommended for bindings?
f253 | where should other packages be pulled in?
f254 | how should a package expose what outsiders may touch?
f255 | which comparison avoids conversion surprises?
f256 | how should promise-based steps be written instead of nesting?
f258 | why should a module not hit the database when it is loaded?
f259 | what kind of checks should every codebase have at minimum?
f262 | how do we keep every teammate on the same runtime release?
f263 | should specs share prepared entries in a common store?
f264 | how can we pick only some categories of specs to execute?
f268 | how do I fake third-party endpoints in specs?
f270 | which listening address should a spec's app use?
f274 | should the JS runtime do compression and TLS itself?
f275 | how do we keep installed modules the same on every machine?
f277 | how do we make use of every processor on the host?
f278 | how do we give ops a protected view into heap and a console?
f281 | how do we find heap growth in production?
f282 | where should images, stylesheets and bundles be delivered from?
f283 | where should login state and sent documents live?
f285 | how do we tie together every record of one HTTP call in our diagnostics?
f286 | which process knob turns on optimisations in Express?
f288 | which line of the runtime should we run?
f289 | where should diagnostic output go?
f290 | how should modules be fetched in the pipeline?
f291 | how can linting spot holes as they are typed?
f292 | how do we protect the API against too many calls?
f293 | where should credentials be kept?
f294 | how do we stop hostile statements being smuggled into a relational store?
f296 | which replies harden a web app against framing tricks?
f298 | how should login credentials be kept?
f299 | how do we stop injected markup running in rendered pages?
f300 | how should the shape of POST contents be checked?
f301 | how can a JWT be invalidated before it expires?
f302 | how do we slow down people guessing logins?
f303 | should the server process have superuser privileges?
f304 | how do we stop huge uploads from exhausting the backend?
f305 | why is evaluating strings as JS dangerous?
f306 | what patterns can freeze the server with catastrophic backtracking?
f307 | is pulling in a dependency whose specifier comes from the request dangerous?
f308 | how do we host third-party extensions safely?
f309 | how do we spawn OS programs safely?
f310 | should stack traces be sent to browsers?
f311 | how should the registry accounts of maintainers be secured?
f313 | when should the server stop on purpose?
f314 | how do we stop visitors being forwarded to fraudulent sites?
f315 | how do we stop leaking keys when we release a library?
f316 | how do we find dependencies with newer versions?
f317 | how should fs or path be loaded?
f318 | why keep heavy computation off the main JS worker?
f319 | should we pull in helper packages for simple array operations?
f320 | how do we make container pictures smaller by splitting compilation from runtime?
f321 | which entry should launch the container?
f322 | should a supervisor live inside pods?
f323 | should tooling for local hacking end up in the released container?
f324 | what should happen when the container is asked to stop?
f325 | how do we cap heap size when deploying with Kubernetes pods?
f326 | how should the container recipe be ordered so that repeated builds are quick?
f327 | what should FROM point at, the newest floating pointer?
f328 | which starting layer is recommended for containers?
f329 | how do we keep tokens out of container compile arguments?
f330 | how do we find known CVEs in the released container?
f331 | should the npm download store remain in the shipped artefact?
f333 | how do we find mistakes in a container recipe?
`;

export interface FreshMemory {
  key: string;
  source: string;
  content: string;
}

const dir = path.dirname(new URL(import.meta.url).pathname);
export const FRESH_MEMORIES: FreshMemory[] = JSON.parse(readFileSync(path.join(dir, "fresh-memories.json"), "utf8"));

export const FRESH_QUERIES: UnseenQuery[] = QUESTIONS.split("\n")
  .map((l) => l.trim())
  .filter(Boolean)
  .map((l) => {
    const [expect, q] = l.split("|").map((c) => c.trim());
    return { q, kind: "paraphrase" as const, expect };
  });
