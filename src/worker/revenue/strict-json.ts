/**
 * JSON with every object key once. JSON.parse keeps the last of two equal keys, so a body with
 * `"payout": 5, "payout": 500` would be read one way here and perhaps another way by whoever
 * signed or logged it; such a body is refused rather than guessed at. The scan runs only on text
 * JSON.parse already accepted, so it needs to know strings and brackets and nothing else.
 */
export type StrictJson =
  | { ok: true; value: unknown }
  | { ok: false; code: 'invalid_json' }
  | { ok: false; code: 'duplicate_key'; keys: string[] };

/** The keys that appear twice in one object of the (valid) JSON text, with their path. */
export function duplicateKeys(text: string): string[] {
  // One entry per open bracket: an object's keys so far and whether a key comes next; null for an array.
  const stack: ({ keys: Set<string>; expectKey: boolean; path: string } | null)[] = [];
  const duplicates: string[] = [];
  let lastKey = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const path = top.path ? `${top.path}.${key}` : key;
        if (top.keys.has(key)) duplicates.push(path);
        top.keys.add(key);
        top.expectKey = false;
        lastKey = path;
      }
      i = end;
    } else if (ch === '{') {
      const parent = stack.at(-1);
      stack.push({ keys: new Set(), expectKey: true, path: parent ? lastKey : '' });
    } else if (ch === '[') stack.push(null);
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const top = stack.at(-1);
      if (top) top.expectKey = true;
    }
  }
  return duplicates;
}

export function parseStrictJson(text: string): StrictJson {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, code: 'invalid_json' };
  }
  const keys = duplicateKeys(text);
  return keys.length > 0 ? { ok: false, code: 'duplicate_key', keys } : { ok: true, value };
}
