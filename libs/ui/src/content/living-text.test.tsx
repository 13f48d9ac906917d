import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing';
import { LivingText } from './living-text';
import { tokenize } from '@plantfolk/living-text';

function renderText(text: string) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <p data-testid="text">
          <LivingText text={text} />
        </p>
      ),
    },
  ]);
}

const kinds = (text: string) =>
  tokenize(text)
    .filter((token) => token.kind !== 'text')
    .map((token) =>
      token.kind === 'url'
        ? ['url', token.url]
        : token.kind === 'hashtag'
          ? ['hashtag', token.tag]
          : token.kind === 'mention'
            ? ['mention', token.handle]
            : [],
    );

describe('tokenize', () => {
  it('gives the text back whole, whatever it holds', () => {
    for (const text of [
      'Plain words.',
      '#monstera @maria https://leafy.example/care?x=1#top, (see https://en.wikipedia.org/wiki/Monstera_(plant)).',
      '🌿 #🌿 emoji #pflanzen-💚 ok',
      '',
    ])
      expect(
        tokenize(text)
          .map((token) => token.text)
          .join(''),
      ).toBe(text);
  });

  it('leaves trailing punctuation out of URLs but keeps balanced brackets', () => {
    expect(kinds('See https://leafy.example/care.')).toEqual([
      ['url', 'https://leafy.example/care'],
    ]);
    expect(kinds('(https://leafy.example/a?b=1), and "https://leafy.example/q"!')).toEqual([
      ['url', 'https://leafy.example/a?b=1'],
      ['url', 'https://leafy.example/q'],
    ]);
    expect(kinds('https://en.wikipedia.org/wiki/Monstera_(plant)')).toEqual([
      ['url', 'https://en.wikipedia.org/wiki/Monstera_(plant)'],
    ]);
    // Not a URL: no scheme we link, or glued to a word.
    expect(kinds('ftp://files.example/x javascript:alert(1) xhttps://a.example')).toEqual([]);
  });

  it('never finds a hashtag inside a URL, a word or an entity', () => {
    expect(kinds('https://leafy.example/page#monstera')).toEqual([
      ['url', 'https://leafy.example/page#monstera'],
    ]);
    expect(kinds('C# and a#b and &#39; and issue #12 and #x')).toEqual([]);
    expect(kinds('#monstera_deliciosa')).toEqual([]);
  });

  it('reads hashtags as tag names: any script, hyphens, lower-cased, 2 to 40 long', () => {
    expect(kinds('#Monstera, #zz-plant. #Grüne-Wände #多肉植物 #Ελιά!')).toEqual([
      ['hashtag', 'monstera'],
      ['hashtag', 'zz-plant'],
      ['hashtag', 'grüne-wände'],
      ['hashtag', '多肉植物'],
      ['hashtag', 'ελιά'],
    ]);
    expect(kinds(`#${'a'.repeat(41)} #${'a'.repeat(40)}`)).toEqual([['hashtag', 'a'.repeat(40)]]);
    // A trailing hyphen is not part of the tag.
    expect(kinds('#ferns- rock')).toEqual([['hashtag', 'ferns']]);
  });

  it('takes e-mail addresses for no mentions', () => {
    expect(kinds('write to maria@plantfolk.example or @Maria_B, cc @bo')).toEqual([
      ['mention', 'maria_b'],
    ]);
    expect(kinds('@maria.example.com @maria.')).toEqual([['mention', 'maria']]);
  });
});

describe('LivingText', () => {
  it('links hashtags and mentions through the router, URLs to a new tab', () => {
    renderText('Repotted my #Monstera with @maria, guide: https://leafy.example/repot.');
    const tag = screen.getByRole('link', { name: '#Monstera' });
    expect(tag).toHaveAttribute('href', '/tag/monstera');
    expect(tag).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: '@maria' })).toHaveAttribute('href', '/maria');
    const url = screen.getByRole('link', { name: 'https://leafy.example/repot' });
    expect(url).toHaveAttribute('href', 'https://leafy.example/repot');
    expect(url).toHaveAttribute('target', '_blank');
    expect(url).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(screen.getByTestId('text')).toHaveTextContent(
      'Repotted my #Monstera with @maria, guide: https://leafy.example/repot.',
    );
  });

  it('renders markup as text, and reserved words as no mention', () => {
    renderText('<b>bold</b> <script>alert(1)</script> @admin @settings');
    expect(screen.getByTestId('text').querySelector('b, script')).toBeNull();
    expect(screen.getByTestId('text')).toHaveTextContent('<b>bold</b>');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('encodes what it puts in a path', () => {
    renderText('#多肉植物');
    expect(screen.getByRole('link', { name: '#多肉植物' })).toHaveAttribute(
      'href',
      `/tag/${encodeURIComponent('多肉植物')}`,
    );
  });
});
