/** Passwords on a command line (`cli_password`): options of known commands, and `echo PASS | ... --password-stdin`. */
import type { Detector } from "../detector";
import { SPACE, isTag, lineBreak, wordBefore } from "../readers/chars";

/**
 * Passwords on a command line: `mysql -pPASS` (and mysqldump, mariadb...), `sshpass -p PASS`,
 * `curl -u user:PASS` / `--user=user:PASS`, `docker login -p PASS`, `openssl ... -passin pass:PASS`,
 * `redis-cli -a PASS`, `keytool -storepass PASS`,
 * `.netrc`'s `machine h login u password PASS`.
 * The rest of the line is read once as shell words; a command word met on the way switches the
 * rules (`cd x && curl -u a:b`). `-p 8080`, `mysql -p` (prompt) and `$VARIABLES` are left alone.
 * Only the first 16 KB after a command word are read (a longer command line is no shell's).
 */
// The name's tail is bounded: `mysql[a-z]*` ran to the end of a long run of letters at every
// `mysql` in it (1 MB of `mysqlmysql…` took a minute).
const COMMAND = /^(?:mysql[a-z]{0,16}|mariadb[a-z-]{0,16}|sshpass|curl|docker|machine|openssl|redis-cli|keytool)$/;
const CLI_LINE_LIMIT = 16 * 1024;
const COMMAND_START = new Uint8Array(128);
for (const c of "mscdork") COMMAND_START[c.charCodeAt(0)] = 1;
export const cliPassword: Detector = {
  kind: "cli_password",
  anchor: /(?:mysql[a-z]{0,16}|mariadb[a-z-]{0,16}|sshpass|curl|docker|machine|openssl|redis-cli|keytool)[ \t]/g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at) || (at > 0 && text.charCodeAt(at - 1) === 45)) return anchorEnd;
    let cmd = text.slice(at, anchorEnd - 1);
    let p = anchorEnd;
    let takeNext: "value" | "userpass" | null = null;
    let dockerLogin = false;
    // A command line is read up to 16 KB, so the spans found ahead of the scan stay few.
    const n = Math.min(text.length, anchorEnd + CLI_LINE_LIMIT);
    while (p < n) {
      p = SPACE.runEnd(text, p);
      // A bare `\r` ends the command line too (a terminal redraw): the word loop below stops at it,
      // so going on would read an empty word at the same place for ever.
      if (p >= n || lineBreak(text, p) || text.charCodeAt(p) === 13) break;
      // One shell word, quotes kept whole.
      const start = p;
      while (p < n) {
        const c = text.charCodeAt(p);
        if (c === 32 || c === 9 || c === 10 || c === 13) break;
        if (c === 34 || c === 39) {
          // To the closing quote, or the end of the line (all of it read once either way).
          let q = p + 1;
          while (q < n && text.charCodeAt(q) !== c && !lineBreak(text, q)) q++;
          p = q < n && text.charCodeAt(q) === c ? q + 1 : q;
        } else p++;
      }
      if (p === start) break; // nothing read: never loop in place
      const word = text.slice(start, p);
      if (takeNext) {
        secretOf(word, start, takeNext, push);
        takeNext = null;
        continue;
      }
      if (word.length <= 16 && COMMAND_START[word.charCodeAt(0)] && COMMAND.test(word)) {
        cmd = word;
        dockerLogin = false;
        continue;
      }
      if (cmd === "docker") {
        if (word === "login") dockerLogin = true;
        else if (dockerLogin && (word === "-p" || word === "--password")) takeNext = "value";
      } else if (cmd === "sshpass") {
        if (word === "-p") takeNext = "value";
        else if (word.startsWith("-p")) secretOf(word.slice(2), start + 2, "value", push);
      } else if (cmd === "curl") {
        if (word === "-u" || word === "--user" || word === "-U" || word === "--proxy-user") takeNext = "userpass";
        else if (/^--(?:proxy-)?user=/.test(word)) {
          const eq = word.indexOf("=") + 1;
          secretOf(word.slice(eq), start + eq, "userpass", push);
        } else if (/^-[uU]./.test(word)) secretOf(word.slice(2), start + 2, "userpass", push);
      } else if (cmd === "machine") {
        if (word === "password") takeNext = "value";
      } else if (cmd === "openssl") {
        // `-passin pass:secret`, `-passout pass:secret`, `-pass pass:secret` (not `env:VAR`, `file:path`).
        if (word.startsWith("pass:") && word.length > 5) secretOf(word.slice(5), start + 5, "value", push);
      } else if (cmd === "redis-cli") {
        if (word === "-a" || word === "--pass") takeNext = "value";
      } else if (cmd === "keytool") {
        // `-storepass`, `-keypass`, `-srcstorepass`, `-deststorepass`, `-new`'s new password.
        if (/^-(?:src|dest)?(?:store|key)pass$|^-new$/.test(word)) takeNext = "value";
      } else if (word.length > 2 && word.startsWith("-p")) secretOf(word.slice(2), start + 2, "value", push); // mysql family
    }
    return Math.max(anchorEnd, p);
  },
};

/** The secret of a command-line word: the whole value, or what follows the first `:` of `user:pass`. */
function secretOf(word: string, at: number, shape: "value" | "userpass", push: (s: number, e: number) => void) {
  let s = 0;
  let e = word.length;
  const q = word[0];
  if ((q === '"' || q === "'") && word.length >= 2 && word.endsWith(q)) (s = 1), (e = word.length - 1);
  if (shape === "userpass") {
    const colon = word.indexOf(":", s);
    if (colon < 0 || colon >= e - 1) return;
    s = colon + 1;
  }
  const secret = word.slice(s, e);
  if (!secret || secret.startsWith("$") || secret.startsWith("-") || isTag(secret)) return;
  push(at + s, at + e);
}

/**
 * `echo PASS | docker login --password-stdin` (podman, helm, oras...): the one word that `echo`
 * or `printf '%s'` sends down the pipe. The line before the flag is read back, at most
 * STDIN_LOOKBACK characters and not past the previous flag (so each character is read back once);
 * `$VARIABLES`, files (`cat pw.txt |`) and several words are left alone.
 */
export const STDIN_LOOKBACK = 512;
export const stdinPassword: Detector = {
  kind: "cli_password",
  anchor: /--password-stdin\b/g,
  read(text, at, anchorEnd, push, memo) {
    const floor = Math.max(0, at - STDIN_LOOKBACK, memo.stdinFloor);
    memo.stdinFloor = anchorEnd;
    let ls = at;
    while (ls > floor && text.charCodeAt(ls - 1) !== 10 && text.charCodeAt(ls - 1) !== 13) ls--;
    const line = text.slice(ls, at);
    const pipe = line.lastIndexOf("|");
    if (pipe < 1 || line.charCodeAt(pipe - 1) === 124) return anchorEnd;
    // The command before the pipe: from the last `;`, `&`, `|` or `(` before it.
    let from = pipe;
    while (from > 0 && !";&|(".includes(line[from - 1])) from--;
    const words: { start: number; text: string }[] = [];
    const command = line.slice(from, pipe);
    const re = /[^\s"']+|"[^"]*"|'[^']*'/g;
    for (let m = re.exec(command); m; m = re.exec(command)) words.push({ start: from + m.index, text: m[0] });
    // The last `echo` or `printf` of it (after a prompt, `RUN`, `sudo`...).
    let k = words.length - 1;
    while (k >= 0 && words[k].text !== "echo" && words[k].text !== "printf") k--;
    if (k < 0) return anchorEnd;
    const cmd = words[k++].text;
    while (k < words.length && words[k].text.startsWith("-")) k++;
    if (cmd === "printf" && words[k]?.text.includes("%s")) k++;
    if (words.length === k + 1) secretOf(words[k].text, ls + words[k].start, "value", push);
    return anchorEnd;
  },
};
