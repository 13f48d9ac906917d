import { createFakeApi, ok } from '@plantfolk/api-client/testing';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';

const ENTRY_ID = '40000000-0000-4000-8000-000000000001';

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: ENTRY_ID,
    kind: 'contact',
    subject: 'Seeds as well?',
    text: 'Can I list seeds as well as cuttings?',
    reply_email: 'fern@example.com',
    author: null,
    created_at: '2030-05-01T10:00:00.000Z',
    handled_at: null,
    handled_by: null,
    ...overrides,
  };
}

describe('/admin/forms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the entries with who sent them and marks one handled', async () => {
    const api = createFakeApi()
      .on('GET', '/api/iam/admin/forms', ok({ items: [entry()], next_cursor: null }))
      .on(
        'PUT',
        `/api/iam/admin/forms/${ENTRY_ID}/handled`,
        ok(entry({ handled_at: '2030-05-02T10:00:00.000Z' })),
      );
    vi.stubGlobal('fetch', api.fetch);
    renderRoutes(routes, '/admin/forms');

    const list = await screen.findByRole('feed', { name: 'Entries' });
    expect(within(list).getByText('Seeds as well?')).toBeInTheDocument();
    expect(within(list).getByText('Open')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'fern@example.com' })).toHaveAttribute(
      'href',
      'mailto:fern@example.com',
    );
    await userEvent.click(
      within(list).getByRole('button', { name: 'Mark handled: Seeds as well?' }),
    );
    await waitFor(() =>
      expect(api.requestsTo('PUT', `/api/iam/admin/forms/${ENTRY_ID}/handled`)[0]?.body).toEqual({
        handled: true,
      }),
    );
  });

  it('says when there is nothing yet', async () => {
    const api = createFakeApi().on(
      'GET',
      '/api/iam/admin/forms',
      ok({ items: [], next_cursor: null }),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderRoutes(routes, '/admin/forms');
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
  });
});
