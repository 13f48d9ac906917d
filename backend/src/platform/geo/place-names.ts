/**
 * How names are compared: case, accents and punctuation do not count ("sao paulo" finds
 * "São Paulo", "st kilda" finds "Saint Kilda", "mt" finds "Mount"). Both the gazetteer's names
 * and the query go through foldName, and a match is a prefix of the folded name or of one of its
 * words.
 */
const SYNONYMS: ReadonlyArray<[RegExp, string]> = [
  [/\bsaint\b/g, 'st'],
  [/\bsainte\b/g, 'ste'],
  [/\bmount\b/g, 'mt'],
];

const PLAIN = /^[A-Za-z ]*$/;

export function foldName(value: string): string {
  let folded = PLAIN.test(value) ? value.toLowerCase().replace(/ +/g, ' ').trim() : foldAny(value);
  for (const [pattern, replacement] of SYNONYMS) folded = folded.replace(pattern, replacement);
  return folded;
}

function foldAny(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      // Apostrophes join ("O'Connor" is "oconnor"); other punctuation separates words.
      .replace(/['’‘`ʻ]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      // Letters with no decomposition (ß, ø, æ, ł, đ) are folded by hand, as people type them.
      .replace(/ß/g, 'ss')
      .replace(/ø/g, 'o')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/ł/g, 'l')
      .replace(/đ/g, 'd')
      .trim()
  );
}

/** Whether `query` (folded) begins `name` (folded) or one of its words. */
export function matchesPrefix(name: string, query: string): boolean {
  return name.startsWith(query) || name.includes(` ${query}`);
}
