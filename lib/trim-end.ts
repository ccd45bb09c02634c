/**
 * `text` without the characters of `chars` it ends with. Not `/[…]+$/`: a regex engine retries that
 * from every character of a long run that is not at the end, which is quadratic (URLs, remotes and
 * values come from config files, repositories and tool outputs).
 */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}
