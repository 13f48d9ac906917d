import { fakePost, fakeResponder, okWith } from '@plantfolk/api-client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderSocial, signIn, stubCanvas } from '../testing/social-test-kit';

const fern = fakeResponder();

describe('living text in posts', () => {
  it('links hashtags, mentions and URLs, and shows the link preview under the text', async () => {
    stubCanvas();
    signIn();
    const url = 'https://leafy.example/repot';
    fakeApi().on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith(
        {
          items: [
            fakePost({
              text: `Repotted my #Monstera, thanks @maria! Guide: ${url}.`,
              linkPreview: {
                url,
                title: 'How to repot a monstera',
                description: 'Step by step',
                siteName: 'Leafy',
                image: {
                  image_ref: 'posts/ab/preview.webp',
                  variants: [{ width: 320, height: 168, ref: 'posts/ab/preview-320.webp' }],
                  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
                  width: 640,
                  height: 336,
                },
              },
            }),
          ],
          next_cursor: null,
        },
        [fern],
      ),
    );
    renderSocial('/');
    const article = await screen.findByRole('article', { name: /fern/ });
    const post = within(article);
    expect(post.getByRole('link', { name: '#Monstera' })).toHaveAttribute('href', '/tag/monstera');
    expect(post.getByRole('link', { name: '@maria' })).toHaveAttribute('href', '/maria');
    const inText = post.getByRole('link', { name: url });
    expect(inText).toHaveAttribute('target', '_blank');
    expect(inText).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    const card = post.getByTestId('link-preview');
    expect(card).toHaveAttribute('href', url);
    expect(card).toHaveAccessibleName(/How to repot a monstera/);
    expect(card).toHaveTextContent('Leafy · leafy.example');
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      '/storage/v1/object/public/images/posts/ab/preview.webp',
    );
  });

  it('shows no card for a post without a preview', async () => {
    signIn();
    fakeApi().on(
      'GET',
      '/api/iam/posts/init-recent',
      okWith({ items: [fakePost({ text: 'See https://gone.example' })], next_cursor: null }, [
        fern,
      ]),
    );
    renderSocial('/');
    const article = await screen.findByRole('article', { name: /fern/ });
    expect(within(article).getByRole('link', { name: 'https://gone.example' })).toBeInTheDocument();
    expect(within(article).queryByTestId('link-preview')).toBeNull();
  });
});
