/**
 * Which listed values a typed text suggests, best first. A visitor types the part of the name
 * they know, which is often not its start ("ben" for Mercedes-Benz, "class" for the
 * Mercedes models, "f150" for F-150), so: names that start with the text, then names with a
 * word that starts with it, then names that hold it anywhere, then names that hold it once
 * spaces and punctuation are ignored. Case never matters; within each group the list's own
 * order stays (the data set's lists are alphabetical).
 */

const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function rank(value: string, typed: string, squeezed: string): number {
  const name = value.toLowerCase();
  if (name.startsWith(typed)) return 0;
  // A word starts after a space, a hyphen, a slash or any other mark that is not a letter or digit.
  for (let at = name.indexOf(typed, 1); at > 0; at = name.indexOf(typed, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(name.charAt(at - 1))) return 1;
  }
  if (name.includes(typed)) return 2;
  return squeezed !== '' && squeeze(value).includes(squeezed) ? 3 : -1;
}

/** The values `typed` suggests, best first; every value, in order, when nothing is typed. */
export function suggestions(values: readonly string[], typed: string): string[] {
  const text = typed.trim().toLowerCase();
  if (text === '') return [...values];
  const squeezed = squeeze(text);
  const groups: string[][] = [[], [], [], []];
  for (const value of values) groups[rank(value, text, squeezed)]?.push(value);
  return groups.flat();
}

/** The listed value the text names exactly, whatever its case; undefined when it names none. */
export function listedValue(values: readonly string[], typed: string): string | undefined {
  const text = typed.trim().toLowerCase();
  return text === '' ? undefined : values.find((v) => v.toLowerCase() === text);
}
