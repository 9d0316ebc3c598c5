// JSON Patch (RFC 6902) as the server sends it: add, remove and replace on JSON Pointers (RFC 6901),
// "-" appending to an array. Applied in place; throws when an operation does not fit the document
// (the caller then asks for a full view).

function unescape(token) { return token.replace(/~1/g, "/").replace(/~0/g, "~"); }

function parent(doc, path) {
  if (typeof path !== "string" || (path !== "" && path[0] !== "/")) throw new Error(`bad pointer ${path}`);
  const tokens = path.split("/").slice(1).map(unescape);
  const last = tokens.pop();
  let node = doc;
  for (const t of tokens) {
    if (node === null || typeof node !== "object") throw new Error(`no ${path}`);
    node = Array.isArray(node) ? node[index(node, t, false)] : node[t];
  }
  if (node === null || typeof node !== "object") throw new Error(`no parent for ${path}`);
  return [node, last];
}

function index(arr, token, adding) {
  if (adding && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad index ${token}`);
  const i = Number(token);
  if (i > arr.length || (!adding && i === arr.length)) throw new Error(`index ${token} out of range`);
  return i;
}

/** Apply `ops` to `doc` (changed in place) and return the result (a root replace returns the new value). */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error("a patch is an array");
  for (const op of ops) {
    if (op.path === "") {
      if (op.op === "replace" || op.op === "add") { doc = op.value; continue; }
      throw new Error(`cannot ${op.op} the root`);
    }
    const [node, key] = parent(doc, op.path);
    if (Array.isArray(node)) {
      if (op.op === "add") node.splice(index(node, key, true), 0, op.value);
      else if (op.op === "remove") node.splice(index(node, key, false), 1);
      else if (op.op === "replace") node[index(node, key, false)] = op.value;
      else throw new Error(`unknown op ${op.op}`);
    } else {
      if (op.op === "add") node[key] = op.value;
      else if (op.op === "remove" || op.op === "replace") {
        if (!Object.prototype.hasOwnProperty.call(node, key)) throw new Error(`no ${op.path}`);
        if (op.op === "remove") delete node[key]; else node[key] = op.value;
      } else throw new Error(`unknown op ${op.op}`);
    }
  }
  return doc;
}
