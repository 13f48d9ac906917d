import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../format-time';
import { renderRoutes } from '../testing';
import { PostCard } from './post-card';

describe('PostCard', () => {
  it('names the author, links their profile and the post, and shows the text', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <PostCard
            author={{ username: 'maria', place: 'Fitzroy, Victoria' }}
            authorHref="/maria"
            createdAt="2025-05-01T12:00:00.000Z"
            permalink="/post/Ab12"
            text="My monstera has a new leaf!"
            footer={<button type="button">Like</button>}
          />
        ),
      },
    ]);
    const article = screen.getByRole('article', { name: 'maria' });
    expect(article).toHaveTextContent('My monstera has a new leaf!');
    expect(screen.getByRole('link', { name: 'maria' })).toHaveAttribute('href', '/maria');
    expect(screen.getByText('Fitzroy, Victoria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /2025/ })).toHaveAttribute('href', '/post/Ab12');
  });

  it('heads the post with its author as an h2 and adds no landmark of its own', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <PostCard
            author={{ username: 'maria' }}
            createdAt="2025-05-01T12:00:00.000Z"
            text="A long story about ferns."
          />
        ),
      },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'maria' })).toBeInTheDocument();
    // A feed of posts must not become a page of identical unnamed regions.
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('puts a display name first, with the username after it, as plain text', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <PostCard
            author={{ username: 'maria', displayName: '<b>Maria</b> R.' }}
            authorHref="/maria"
            createdAt="2025-05-01T12:00:00.000Z"
          />
        ),
      },
    ]);
    const link = screen.getByRole('link', { name: '<b>Maria</b> R. @maria' });
    expect(link).toHaveAttribute('href', '/maria');
    expect(link.querySelector('b')).toBeNull();
    expect(screen.getByRole('article', { name: '<b>Maria</b> R. @maria' })).toBeInTheDocument();
  });

  it('stands in for an author the API did not describe', () => {
    renderRoutes([
      { path: '/', element: <PostCard author={null} createdAt="2025-05-01T12:00:00Z" /> },
    ]);
    expect(screen.getByRole('article', { name: 'A Plantfolk member' })).toBeInTheDocument();
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-05-10T12:00:00Z');
  it.each([
    ['2025-05-10T11:59:30Z', 'just now'],
    ['2025-05-10T11:55:00Z', '5 min'],
    ['2025-05-10T09:00:00Z', '3 h'],
    ['2025-05-08T12:00:00Z', '2 d'],
    ['2025-03-12T12:00:00Z', '12 Mar'],
    ['2023-03-12T12:00:00Z', '12 Mar 2023'],
  ])('%s → %s', (iso, text) => expect(formatRelativeTime(iso, now)).toBe(text));
});
