import type { SearchHit, SearchResults } from '@plantfolk/api-client';
import { createFakeApi, fakeProfile, ok } from '@plantfolk/api-client/testing';
import type { RemoteModule } from '@plantfolk/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';
import { searchHitPath } from './header-search';

const social: RemoteModule = {
  routes: [
    { path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> },
    {
      path: '/plant/:plantId',
      handle: { access: 'guest-or-authd' },
      element: <h1>A plant</h1>,
    },
    { path: '/:handle', handle: { access: 'guest-or-authd' }, element: <h1>A profile</h1> },
  ],
};

function hit(overrides: Partial<SearchHit>): SearchHit {
  return {
    id: 'id',
    key: 'key',
    title: 'Title',
    detail: null,
    image: null,
    at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const empty = { items: [], next_cursor: null };

function results(term: string): SearchResults {
  return {
    term,
    order: 'relevance',
    people: { items: [hit({ id: 'u1', key: 'fern', title: 'Fern Gully' })], next_cursor: null },
    pages: empty,
    tags: { items: [hit({ id: '7', key: 'begonias', title: 'begonias' })], next_cursor: null },
    posts: empty,
    plants: {
      items: [
        hit({ id: 'p1', key: 'plant-1', title: 'Begonia maculata', detail: 'Spotty leaves' }),
        hit({ id: 'p2', key: 'plant-2', title: 'Begonia rex' }),
      ],
      next_cursor: null,
    },
    events: empty,
  };
}

function setUp() {
  const api = createFakeApi().on('GET', /^\/api\/iam\/search\/term\/.+$/, (request) =>
    ok(results(decodeURIComponent(request.path.split('/').pop() ?? ''))),
  );
  const rendered = renderShell('/', { social }, { api, session: signedIn(fakeProfile()) });
  return { ...rendered, api };
}

describe('header search', () => {
  it('searches as the member types (debounced) and shows the results in groups', async () => {
    const { api } = setUp();
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search Plantfolk' });
    await user.type(box, 'begonia');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await within(listbox).findByRole('option', { name: /Begonia maculata/ })).toBeVisible();
    // One request for the whole word, not one per letter.
    expect(api.requestsTo('GET', /^\/api\/iam\/search\/term\/.+$/).map((r) => r.path)).toEqual([
      '/api/iam/search/term/begonia',
    ]);
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map((group) => group.getAttribute('aria-labelledby') && group.textContent),
    ).toEqual([
      expect.stringMatching(/^People/),
      expect.stringMatching(/^Tags/),
      expect.stringMatching(/^Plants/),
    ]);
    expect(within(listbox).getByRole('group', { name: 'Plants' })).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('status')).toHaveTextContent('4 results');
  });

  it('is driven by the keyboard: arrows, Enter opens the result, Escape closes', async () => {
    const { router } = setUp();
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search Plantfolk' });
    await user.type(box, 'begonia');
    await screen.findByRole('option', { name: /Begonia maculata/ });

    // Enter with nothing picked opens nothing.
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Fern Gully/ });
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Begonia rex/ }).id,
    );
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Begonia maculata/ }).id,
    );

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('begonia');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'A plant' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/plant/plant-1');
    expect(box).toHaveValue('');
  });

  it('opens a full-width field from an icon on a phone, and closes it with Escape', async () => {
    setUp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const boxes = screen.getAllByRole('combobox', { name: 'Search Plantfolk' });
    const phoneBox = boxes[boxes.length - 1];
    expect(phoneBox).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getAllByRole('combobox', { name: 'Search Plantfolk' })).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
  });

  it('is not there for a guest', async () => {
    renderShell('/', { social });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('links each group to its screen', () => {
    expect(searchHitPath('people', { key: 'fern' })).toBe('/fern');
    expect(searchHitPath('pages', { key: 'fern_club' })).toBe('/fern_club');
    expect(searchHitPath('tags', { key: 'house plants' })).toBe('/tag/house%20plants');
    expect(searchHitPath('posts', { key: 'AbCdE12345' })).toBe('/post/AbCdE12345');
    expect(searchHitPath('plants', { key: 'p-1' })).toBe('/plant/p-1');
    expect(searchHitPath('events', { key: 'EvT1234567' })).toBe('/event/EvT1234567');
  });

  it('passes axe with its results open, in light and dark mode', async () => {
    const { container } = setUp();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Search Plantfolk' }), 'begonia');
    await screen.findByRole('option', { name: /Begonia maculata/ });
    for (const scheme of ['light', 'dark']) {
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
      // Colour contrast needs a real layout engine: the journey checks it in both modes.
      const report = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(report.violations.map((violation) => violation.id)).toEqual([]);
    }
  });
});
