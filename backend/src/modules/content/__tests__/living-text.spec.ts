import fc from 'fast-check';
import { firstUrlOf, hashtagsOf, mentionsOf, tokenize } from '../living-text';

describe('living text', () => {
  it('finds hashtags, mentions and URLs as the rules say', () => {
    const text =
      'My #Monstera & #zz-plant (see https://en.wikipedia.org/wiki/Monstera_(plant)), ' +
      'thanks @Maria_B! Mail maria@plantfolk.example. C# #1 a#b https://x.example/#anchor #Ελιά';
    expect(hashtagsOf(text)).toEqual(['monstera', 'zz-plant', 'ελιά']);
    expect(mentionsOf(text)).toEqual(['maria_b']);
    expect(firstUrlOf(text)).toBe('https://en.wikipedia.org/wiki/Monstera_(plant)');
    expect(firstUrlOf('nothing here, www.example.com')).toBeNull();
    expect(hashtagsOf(`#${'a'.repeat(41)}`)).toEqual([]);
  });

  it('gives the text back whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(
          tokenize(text)
            .map((token) => token.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });

  it('answers without tokenising only where tokenising finds nothing', () => {
    // Texts made of the pieces links start with (any case), so most hold one or nearly do.
    const piece = fc.constantFrom(
      'http://',
      'HTTPS://',
      'hTtP://',
      'https:/',
      'a.example',
      '#',
      '#fern',
      '@',
      '@maria',
      ' ',
      'x',
      '(',
      ').',
      'é',
      '\u{1F33F}',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const tokens = tokenize(text);
        const url = tokens.find((token) => token.kind === 'url');
        expect(firstUrlOf(text)).toBe(url?.kind === 'url' ? url.url : null);
        expect(hashtagsOf(text)).toEqual([
          ...new Set(tokens.flatMap((token) => (token.kind === 'hashtag' ? [token.tag] : []))),
        ]);
        expect(mentionsOf(text)).toEqual([
          ...new Set(tokens.flatMap((token) => (token.kind === 'mention' ? [token.handle] : []))),
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  // The same cases as libs/ui/src/content/living-text.test.tsx: the frontends render these rules.
  const links = (text: string) =>
    tokenize(text).flatMap((token) =>
      token.kind === 'url'
        ? [['url', token.url]]
        : token.kind === 'hashtag'
          ? [['hashtag', token.tag]]
          : token.kind === 'mention'
            ? [['mention', token.handle]]
            : [],
    );

  it('leaves trailing punctuation out of URLs but keeps balanced brackets', () => {
    expect(links('See https://leafy.example/care.')).toEqual([
      ['url', 'https://leafy.example/care'],
    ]);
    expect(links('(https://leafy.example/a?b=1), and "https://leafy.example/q"!')).toEqual([
      ['url', 'https://leafy.example/a?b=1'],
      ['url', 'https://leafy.example/q'],
    ]);
    expect(links('ftp://files.example/x javascript:alert(1) xhttps://a.example')).toEqual([]);
  });

  it('never finds a hashtag inside a URL, a word or an entity', () => {
    expect(links('https://leafy.example/page#monstera')).toEqual([
      ['url', 'https://leafy.example/page#monstera'],
    ]);
    expect(links('C# and a#b and &#39; and issue #12 and #x')).toEqual([]);
    expect(links('#monstera_deliciosa')).toEqual([]);
    expect(links('#ferns- rock')).toEqual([['hashtag', 'ferns']]);
    expect(links('#Monstera, #zz-plant. #Grüne-Wände #多肉植物 #Ελιά!')).toEqual([
      ['hashtag', 'monstera'],
      ['hashtag', 'zz-plant'],
      ['hashtag', 'grüne-wände'],
      ['hashtag', '多肉植物'],
      ['hashtag', 'ελιά'],
    ]);
  });

  it('takes e-mail addresses for no mentions', () => {
    expect(links('write to maria@plantfolk.example or @Maria_B, cc @bo')).toEqual([
      ['mention', 'maria_b'],
    ]);
    expect(links('@maria.example.com @maria.')).toEqual([['mention', 'maria']]);
  });
});
