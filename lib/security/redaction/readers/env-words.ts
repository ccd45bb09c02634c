/** The secret-ish words a label's name may end in (`API_KEY`, `*_SECRET`, `DB_PASS`) and the look back that finds them. */
import { PAIR_NAME, WORD, isLowerOrDigit, isUpper, lower } from "./chars";

interface EnvWord {
  w: string;
  /**
   * A short word that must be a part of the name of its own, after `_` `-` `.` or at a camelCase
   * hump (`DB_PASS`, `smtp-pass`, `dbPwd`): not inside a word (`BYPASS`, `COMPASS`, `OLDPWD`), nor
   * the whole name (`PWD=/home/me` of `env`, "First pass: ..." in prose).
   */
  part?: boolean;
  /** A number may be the secret (`DB_PASSWORD=12345678`); after `MAX_TOKEN=`, `first_pass =` it is none. */
  numbers?: boolean;
}
const ENV_WORDS: EnvWord[] = [
  ...["secret", "token", "credential", "credentials", "auth"].map((w) => ({ w })),
  ...["password", "passwd", "passphrase"].map((w) => ({ w, numbers: true })),
  { w: "pwd", part: true, numbers: true },
  { w: "pass", part: true },
  { w: "pw", part: true },
  // Keys that are secrets by what they do: API and access keys, private and secret keys, the keys
  // that encrypt or sign (Django's SECRET_KEY, Rails' SECRET_KEY_BASE and master key, Laravel's APP_KEY).
  ...["api", "access", "private", "secret", "encryption", "signing", "master", "hmac", "license"].flatMap((p) =>
    [`${p}key`, `${p}_key`, `${p}-key`].map((w) => ({ w })),
  ),
  { w: "app_key" },
  { w: "key_base", part: true },
  { w: "key-base", part: true },
];
/** Whether a name part starts at `start`: after `_` `-` `.`, or at a camelCase hump (`dbPass`). */
export function partAt(text: string, start: number): boolean {
  const before = text.charCodeAt(start - 1);
  return before === 95 || before === 45 || before === 46 || (isUpper(text.charCodeAt(start)) && isLowerOrDigit(before));
}
/** The words by their last character. */
const ENV_LAST: EnvWord[][] = Array.from({ length: 128 }, () => []);
for (const word of ENV_WORDS) ENV_LAST[word.w.charCodeAt(word.w.length - 1)].push(word);
/** The secret-ish word ending at `j` (any case), if any. */
export function envWordBefore(text: string, j: number): EnvWord | undefined {
  const last = lower(text.charCodeAt(j - 1));
  if (!(last < 128)) return undefined;
  next: for (const word of ENV_LAST[last]) {
    const w = word.w;
    if (j < w.length) continue;
    const start = j - w.length;
    for (let k = 0; k < w.length - 1; k++) if (lower(text.charCodeAt(start + k)) !== w.charCodeAt(k)) continue next;
    if (word.part && !partAt(text, start)) {
      const before = text.charCodeAt(start - 1);
      if (WORD.has(before)) continue; // BYPASS, COMPASS, OLDPWD
      // The whole name: `Pwd=` only in a connection string (`...;Pwd=secret;`); `pass` as envSecret allows.
      if (!(w === "pass" || (w === "pwd" && text.charCodeAt(before === 32 ? start - 2 : start - 1) === 59))) continue;
    }
    return word;
  }
  return undefined;
}

/** The name that ends at `j` (letters, digits, `_` `-` `.`, at most 64): whole, and its last dotted part. */
export function nameBefore(text: string, j: number): string[] {
  let s = j;
  while (s > 0 && j - s < 64 && PAIR_NAME.has(text.charCodeAt(s - 1))) s--;
  const name = text.slice(s, j).toLowerCase();
  return [name, name.slice(name.lastIndexOf(".") + 1)].map((n) => n.replace(/[_.-]/g, ""));
}
/** A variable named after a secret (`hashed_password`, `newPassword`, `access_token`): code, where a password is rarely spelled so. */
export const SECRET_VARIABLE = /^[a-z_$][A-Za-z_$]*(?:_|[a-z][A-Z])/;
