// Two tabs of the studio edit one pack and one curve, kept in the browser's storage. A tab writes what it
// changed since it last read or wrote them over what the storage holds now (another tab's changes stay),
// field by field and level by level: a three-way merge of `base` (what this tab last read or wrote),
// `mine` (this tab now) and `theirs` (the storage now). Pure functions of JSON values.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Each field of `mine` this tab changed from `base`, over `theirs` (a field this tab left: theirs). */
export function mergeFields(base, mine, theirs) {
  const out = { ...theirs };
  for (const key of new Set([...Object.keys(mine), ...Object.keys(base ?? {})])) {
    if (!same(mine[key], base?.[key])) out[key] = mine[key];
  }
  return out;
}

/** Lists of items keyed by `key`: an item either side removed (that the base had) is gone, an item
 * either side added is in, each item's fields merged; the order is this tab's when it reordered, else
 * theirs (with this tab's additions at the end). */
export function mergeKeyed(base, mine, theirs, key) {
  const index = (list) => new Map(list.map((item) => [item[key], item]));
  const [b, m, t] = [index(base), index(mine), index(theirs)];
  const order = (list) => list.map((item) => item[key]).filter((k) => b.has(k));
  const reordered = !same(order(mine).filter((k) => t.has(k)), order(base).filter((k) => m.has(k) && t.has(k)));
  const keys = reordered ? [...mine, ...theirs].map((i) => i[key]) : [...theirs, ...mine].map((i) => i[key]);
  const out = [];
  for (const k of new Set(keys)) {
    const gone = b.has(k) && (!m.has(k) || !t.has(k));
    if (gone) continue;
    if (m.has(k) && t.has(k)) out.push(b.has(k) ? mergeFields(b.get(k), m.get(k), t.get(k)) : m.get(k));
    else out.push(m.get(k) ?? t.get(k));
  }
  return out;
}

/** Lists merged place by place (a curve's slots): each place this tab changed is its own, the others
 * theirs; the length is this tab's when it changed it, else theirs. */
export function mergePlaced(base, mine, theirs) {
  const length = mine.length !== base.length ? mine.length : theirs.length;
  return Array.from({ length }, (_, i) => (same(mine[i], base[i]) && i < theirs.length ? theirs[i] : mine[i] ?? theirs[i]));
}
