/** Equal when they serialise alike: plain data (form values, queries, job inputs) with keys in the same order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
