/** Whether a bare value after a label is code rather than a secret. */
/**
 * A bare value that is code, not a secret: `password = getPassword()`, `token: string`,
 * `key = process.env.KEY`, `password = user.password`, `$VAR`, `${VAR}`. (A quoted value is always
 * taken.) It must read as code: a path of identifiers (`a.b`, `a?.b`, `$a->b`, `A::b`) followed by
 * a call or an index, or a path that names a program's object (`config.db.password`, `self._pw`,
 * `TokenType.ACCESS`), or a variable. Identifiers spelled as passwords (`Passw0rd(2024)`,
 * `$uperS3cret!`) and dotted words (`correct.horse.battery`) are values.
 */
export const CODE_WORDS =
  /^(?:await|new|null|nil|none|true|false|undefined|this|self|function|async|yield|typeof|string|number|boolean|bool|str|int|bytes|any|unknown|object|optional|required|enabled|disabled)$/i;
const IDENTIFIER = /[A-Za-z_][\w$]*/y;
/** A mixed-case word with a digit inside a word (`Passw0rd`, `S3cret`): a password's spelling, not an identifier's (`b64encode`, `oauth2Client`). */
const passwordSpelling = (word: string) => /[A-Z]/.test(word) && /[a-z]/.test(word) && /\d[a-z]/.test(word);
/** A path part that says the path is a program's: it names a secret (`user.password`) or is spelled as code (`DB_PASSWORD`, `cleaned_data`, `fromEnv`). */
export const SECRET_PART = /pass|pwd|pw|secret|token|key|auth|cred/i;
const CODE_PART = /_|[a-z][A-Z]|^[A-Z][A-Z0-9]+$/;
const CODE_ROOTS = new Set(
  "process os env environ self this cls config conf cfg settings options opts args argv params props state ctx context req request res response resp data body form input window document global globalthis import secrets vars values app user account auth credentials creds client session db module sys obj item row record entry payload result json".split(
    " ",
  ),
);
export function looksLikeCode(v: string): boolean {
  if (v.length > 256) return false; // no expression is that long without a space
  if (CODE_WORDS.test(v)) return true;
  const first = v.charCodeAt(0);
  if (first === 91 || first === 40 || first === 123) return true; // a literal or an expression: [a, b], (await x), {password}
  let i = 0;
  const dollar = v.charCodeAt(0) === 36;
  if (dollar) {
    const c = v.charCodeAt(1);
    if (c === 123 || c === 40) return true; // ${VAR}, ${{ secrets.X }}, $(cat file)
    i = 1;
  }
  const parts: string[] = [];
  for (;;) {
    IDENTIFIER.lastIndex = i;
    const m = IDENTIFIER.exec(v);
    if (!m) return false;
    parts.push(m[0]);
    i += m[0].length;
    if (v.startsWith("?.", i) || v.startsWith("->", i) || v.startsWith("::", i) || v.startsWith("!.", i)) i += 2;
    else if (v.charCodeAt(i) === 46) i += 1;
    else break;
    const d = v.charCodeAt(i);
    if (d === 123 || d === 91) break; // Perl's `$cfg->{password}`, `$a->[0]`
  }
  if (parts.some(passwordSpelling)) return false;
  const c = v.charCodeAt(i);
  if (c === 40 || c === 91 || (c === 123 && dollar)) return true; // a call or an index: getPassword(), os.getenv(, parts[1], $_POST[, $h{pw}
  // Only closing punctuation may follow (`user.password;`, `config.token)`, `user.password!` in TypeScript).
  for (let k = i; k < v.length; k++) {
    const d = v.charCodeAt(k);
    if (!(d === 59 || d === 41 || (d === 33 && !dollar))) return false;
  }
  if (dollar) return true; // $VAR, $this->password
  if (parts.length < 2) return false; // a lone word is a value: PASSWORD=hunter2xyz
  const root = parts[0];
  return CODE_ROOTS.has(root.toLowerCase()) || root.length === 1 || parts.some((p) => SECRET_PART.test(p) || CODE_PART.test(p));
}
