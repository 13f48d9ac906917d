/**
 * "Living text": what in a post's text is a link. One set of rules for the API (which derives a
 * post's hashtag tags, mention notices and link preview from them:
 * backend/src/modules/content/living-text.ts) and the frontends (which render the same tokens:
 * @plantfolk/ui's LivingText). Framework-free, so both can take it: bundlers and tests read this
 * source, the API requires the CommonJS build in dist/ (`nx run living-text:build`).
 *
 * - a URL: `http://` or `https://` and what follows up to a space, less trailing punctuation
 *   (a closing bracket stays when the URL opened one: Wikipedia's `..._(plant)`);
 * - a hashtag: `#` then letters, digits (any script) and single inner hyphens, as a tag name is
 *   (backend/src/modules/tags/tag-name.ts), with at least one letter ("issue #12" is no tag) and
 *   at most 40 characters; not inside a word or a URL ("C#", "a#b", `&#39;`);
 * - a mention: `@` then a handle (3 to 30 of a–z, 0–9, _; matched case-blind), not inside a word,
 *   so an e-mail address is no mention.
 */
export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string; url: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; handle: string };

/** Longer than this is no URL we link or fetch. */
export const URL_MAX = 2048;

const TRAILING_PUNCTUATION = /[.,;:!?'"»”’)\]}>]$/u;
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;
const HASHTAG = /#([\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*)/uy;
const MENTION = /@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_@]|\.[A-Za-z0-9])/y;
const LETTER = /\p{L}/u;

/** Splits text into plain runs and links, in order; joining every token's `text` gives it back. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let plain = '';
  const flush = () => {
    if (plain) tokens.push({ kind: 'text', text: plain });
    plain = '';
  };
  let index = 0;
  while (index < text.length) {
    const previous = index > 0 ? text[index - 1] : '';
    const url = urlAt(text, index, previous);
    if (url) {
      flush();
      tokens.push({ kind: 'url', text: url, url });
      index += url.length;
      continue;
    }
    const char = text[index];
    if (char === '#' && !(previous && /[\p{L}\p{M}\p{N}_&#/]/u.test(previous))) {
      HASHTAG.lastIndex = index;
      const match = HASHTAG.exec(text);
      const after = match ? text[index + match[0].length] : undefined;
      const tag = match && !(after && WORD_CHAR.test(after)) ? hashtagName(match[1]) : null;
      if (match && tag) {
        flush();
        tokens.push({ kind: 'hashtag', text: match[0], tag });
        index += match[0].length;
        continue;
      }
    }
    if (char === '@' && !(previous && /[\p{L}\p{M}\p{N}_.+\-@/]/u.test(previous))) {
      MENTION.lastIndex = index;
      const match = MENTION.exec(text);
      if (match) {
        flush();
        tokens.push({ kind: 'mention', text: match[0], handle: match[1].toLowerCase() });
        index += match[0].length;
        continue;
      }
    }
    // Whole code points, so a surrogate pair is never split between tokens.
    const codePoint = String.fromCodePoint(text.codePointAt(index) as number);
    plain += codePoint;
    index += codePoint.length;
  }
  flush();
  return tokens;
}

/** The URL starting at `index`, if one does (see tokenize). */
function urlAt(text: string, index: number, previous: string): string | null {
  const head = text.slice(index, index + 8).toLowerCase();
  if (!head.startsWith('http://') && !head.startsWith('https://')) return null;
  if (previous && WORD_CHAR.test(previous)) return null;
  let end = index;
  while (end < text.length && !/[\s<>"]/u.test(text[end])) end += 1;
  let candidate = text.slice(index, end);
  for (;;) {
    const last = candidate[candidate.length - 1];
    if (!TRAILING_PUNCTUATION.test(last)) break;
    if (last === ')' && count(candidate, '(') >= count(candidate, ')')) break;
    candidate = candidate.slice(0, -1);
  }
  if (candidate.length > URL_MAX) return null;
  try {
    const parsed = new URL(candidate);
    if (!parsed.hostname || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      return null;
  } catch {
    return null;
  }
  return candidate;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** The tag a hashtag names, or null when it names none (see tokenize). */
function hashtagName(raw: string): string | null {
  if (!LETTER.test(raw)) return null;
  return normaliseTagName(raw);
}

const TAG_NAME_MIN = 2;
const TAG_NAME_MAX = 40;
const TAG_NAME = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u;

/** A tag name as the API stores it (tags/tag-name.ts), or null when it cannot be one. */
export function normaliseTagName(raw: string): string | null {
  const name = raw
    .normalize('NFC')
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[\s-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const length = [...name].length;
  if (length < TAG_NAME_MIN || length > TAG_NAME_MAX) return null;
  return TAG_NAME.test(name) ? name : null;
}

/** The distinct tag names the text's hashtags name, in order of first appearance. */
export function hashtagsOf(text: string): string[] {
  if (!text.includes('#')) return [];
  const names = new Set<string>();
  for (const token of tokenize(text)) if (token.kind === 'hashtag') names.add(token.tag);
  return [...names];
}

/** The distinct handles the text mentions (lower-case), in order of first appearance. */
export function mentionsOf(text: string): string[] {
  if (!text.includes('@')) return [];
  const handles = new Set<string>();
  for (const token of tokenize(text)) if (token.kind === 'mention') handles.add(token.handle);
  return [...handles];
}

/**
 * Where a URL may start (see urlAt: `http://` or `https://`, any case, ASCII only). Most texts
 * hold no URL, no `#` or no `@`: the functions below then answer without tokenising, which walks
 * the text a code point at a time (the API finds the first URL of every post of every page).
 */
const URL_START = /https?:\/\//i;

/** The first URL of the text, or null: the post's link preview is of this one. */
export function firstUrlOf(text: string): string | null {
  if (!URL_START.test(text)) return null;
  for (const token of tokenize(text)) if (token.kind === 'url') return token.url;
  return null;
}
