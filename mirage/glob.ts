/**
 * `*` globs matched by a greedy two-pointer walk: at most |pattern| × |text| steps, never the exponential
 * backtracking of a RegExp built from the glob (`*a*a*a*a*a*a*a*a*a*a*b` took 18 s on 40 characters).
 * Case-insensitive, over the whole text. Same algorithm as machines/url-restrictions/url-matcher.ts globMatch.
 */
export function globMatches(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const s = text.toLowerCase();
  let pi = 0;
  let si = 0;
  let star = -1;
  let resume = 0;
  while (si < s.length) {
    if (pi < p.length && p[pi] === '*') {
      star = pi;
      pi += 1;
      resume = si;
    } else if (pi < p.length && p[pi] === s[si]) {
      pi += 1;
      si += 1;
    } else if (star >= 0) {
      pi = star + 1;
      resume += 1;
      si = resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi += 1;
  return pi === p.length;
}
