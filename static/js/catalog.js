// Static texts back into views. The server sends components by id (a fighter is {id, active}, a
// card {id}); /api/catalog's `view_records` hold, per id, the texts and icons a full view shows
// (docs/protocol.md). hydrate() joins them in once, before any render module sees the view, so the
// render code reads `card.name`, `loc.name`, `event.title` as it always did.

/** A new view with each component's record joined under its id (the view's own fields win) and
 *  each location's record under its key in `locations`. The raw view is left unchanged. */
export function hydrate(view, catalog) {
  const records = catalog && catalog.view_records;
  if (!view || !records) return view;
  return join(view, records, false);
}

function join(value, records, isLocations) {
  if (Array.isArray(value)) return value.map((x) => join(x, records, false));
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = join(v, records, k === "locations");
  if (isLocations) {
    for (const [loc, v] of Object.entries(out)) if (records[loc] && v && typeof v === "object") out[loc] = { ...records[loc], ...v };
    return out;
  }
  const rec = typeof value.id === "string" ? records[value.id] : undefined;
  return rec ? { ...rec, ...out } : out;
}
