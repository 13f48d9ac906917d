import { Parser } from 'htmlparser2';

/** What a page says of itself, for its preview card. */
export interface PageSummary {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) URL of its image, if it names one. */
  imageUrl: string | null;
}

export const PREVIEW_TITLE_MAX = 300;
export const PREVIEW_DESCRIPTION_MAX = 600;
export const PREVIEW_SITE_NAME_MAX = 100;

/**
 * Reads a page's OpenGraph tags (og:title, og:description, og:image, og:site_name), falling back
 * to twitter:* and then to <title> and <meta name="description">, with a real HTML parser (the
 * bytes may be cut short at the size cap: what was read is parsed). Texts are decoded as the page
 * declares (header charset, else UTF-8), whitespace collapsed, control characters dropped and
 * length capped; the image URL is resolved against the page's URL and must be http(s).
 */
export function summarisePage(body: Buffer, charset: string | null, pageUrl: string): PageSummary {
  const html = decode(body, charset);
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleDone = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleDone) inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const content = attributes.content;
        // The first of each wins, as with OpenGraph's own rule for repeated properties.
        if (key && typeof content === 'string' && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = meta.get(key);
      if (value && clean(value, 1)) return value;
    }
    return null;
  };
  return {
    title: clean(first('og:title', 'twitter:title') ?? title, PREVIEW_TITLE_MAX),
    description: clean(
      first('og:description', 'twitter:description', 'description'),
      PREVIEW_DESCRIPTION_MAX,
    ),
    siteName: clean(first('og:site_name', 'application-name'), PREVIEW_SITE_NAME_MAX),
    imageUrl: absoluteHttpUrl(
      first(
        'og:image',
        'og:image:url',
        'og:image:secure_url',
        'twitter:image',
        'twitter:image:src',
      ),
      pageUrl,
    ),
  };
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    // An unknown label: UTF-8 it is.
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Collapsed whitespace, no control characters, at most `max` characters (…), or null if empty. */
export function clean(value: string | null, max: number): string | null {
  if (value === null) return null;
  const text = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!text) return null;
  const chars = [...text];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

function absoluteHttpUrl(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
