import type * as ApiClient from '@plantfolk/api-client';
import type { CleanupRun } from '@plantfolk/api-client';
import { ok } from '@plantfolk/api-client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeRun, percentOf } from './cleanup-jobs';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

// The page's live connection, played by the test: down unless a test brings it up.
const live = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const statuses = new Set<(connected: boolean) => void>();
  const state = { connected: false };
  return {
    handlers,
    statuses,
    state,
    push(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    setConnected(connected: boolean) {
      state.connected = connected;
      for (const handler of statuses) handler(connected);
    },
  };
});
vi.mock('@plantfolk/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  subscribeLive: (event: string, handler: (payload: unknown) => void) => {
    const set = live.handlers.get(event) ?? new Set();
    set.add(handler);
    live.handlers.set(event, set);
    return () => set.delete(handler);
  },
  onLiveStatus: (handler: (connected: boolean) => void) => {
    live.statuses.add(handler);
    handler(live.state.connected);
    return () => live.statuses.delete(handler);
  },
  onLiveReconnect: () => () => {},
}));

const RUNS = '/api/iam/admin/cleanup-jobs';

function run(overrides: Partial<CleanupRun> = {}): CleanupRun {
  return {
    id: '7',
    kind: 'merge-duplicate-locations',
    state: 'active',
    progress: { total: 4, done: 1, removed: 1, repointed: 2, finished: false },
    requested_at: '2030-05-01T10:00:00.000Z',
    finished_at: null,
    failed_reason: null,
    ...overrides,
  };
}

describe('/admin/database', () => {
  const admin = signedInAdmin((api) => api.on('GET', RUNS, ok([])));

  it('runs a cleanup after a confirm step and follows its progress to the end', async () => {
    // The run's progress as the job reports it: a quarter, then done.
    const answers = [
      run(),
      run({
        state: 'completed',
        progress: { total: 4, done: 4, removed: 3, repointed: 5, finished: true },
        finished_at: '2030-05-01T10:01:00.000Z',
      }),
    ];
    admin.api
      .on(
        'DELETE',
        '/api/iam/admin/location-duplicates',
        ok(run({ state: 'waiting', progress: null }), 202),
      )
      .on('GET', `${RUNS}/7`, () => ok(answers.length > 1 ? answers.shift() : answers[0]));
    renderAdmin('/admin/database');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Run: merge duplicate places' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicate places?' });
    expect(within(dialog).getByText(/No event loses its place/)).toBeInTheDocument();
    expect(admin.api.requestsTo('DELETE', '/api/iam/admin/location-duplicates')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the cleanup' }));

    const bar = await screen.findByRole('progressbar', {
      name: 'Merge duplicate places: progress',
    });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 4000 });
    const status = screen.getByTestId('cleanup-status-merge-duplicate-locations');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Done · Done: 3 places removed, 5 event references moved.');
    expect(
      admin.api
        .requestsTo('DELETE', '/api/iam/admin/location-duplicates')[0]
        ?.headers.get('x-csrf-token'),
    ).toBe('csrf-1');
  });

  afterEach(() => live.setConnected(false));

  it('follows a run by what the socket pushes while it is up, without polling', async () => {
    live.setConnected(true);
    admin.api
      .on(
        'DELETE',
        '/api/iam/admin/orphaned-locations',
        ok(
          run({ id: '12', kind: 'remove-orphaned-locations', state: 'waiting', progress: null }),
          202,
        ),
      )
      .on(
        'GET',
        `${RUNS}/12`,
        ok(run({ id: '12', kind: 'remove-orphaned-locations', state: 'waiting', progress: null })),
      );
    renderAdmin('/admin/database');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Run: remove orphaned places' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove orphaned places?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the cleanup' }));
    const bar = await screen.findByRole('progressbar', {
      name: 'Remove orphaned places: progress',
    });
    const status = screen.getByTestId('cleanup-status-remove-orphaned-locations');
    // The run's first load (its state when the screen took it up) has landed.
    await waitFor(() => expect(status).toHaveTextContent('Queued'));

    // Halfway, pushed: the bar and the status follow at once.
    act(() =>
      live.push(
        'cleanup-run',
        run({
          id: '12',
          kind: 'remove-orphaned-locations',
          progress: { total: 4, done: 2, removed: 2, repointed: 0, finished: false },
        }),
      ),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(status).toHaveTextContent('Running · 2 of 4 orphaned places handled');
    // Something that is not a run is ignored.
    act(() => live.push('cleanup-run', { id: 12 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    act(() =>
      live.push(
        'cleanup-run',
        run({
          id: '12',
          kind: 'remove-orphaned-locations',
          state: 'completed',
          progress: { total: 4, done: 4, removed: 4, repointed: 0, finished: true },
        }),
      ),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(status).toHaveTextContent('Done · Done: 4 places removed.');
    // With the socket up, the run was asked for at most once (its first load), never polled.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(admin.api.requestsTo('GET', `${RUNS}/12`).length).toBeLessThanOrEqual(1);
  });

  it('polls while the socket is down, and stops polling once it comes up', async () => {
    admin.api.on('GET', RUNS, ok([run({ id: '5' })])).on('GET', `${RUNS}/5`, ok(run({ id: '5' })));
    renderAdmin('/admin/database');
    await screen.findByRole('progressbar', { name: 'Merge duplicate places: progress' });
    await waitFor(
      () => expect(admin.api.requestsTo('GET', `${RUNS}/5`).length).toBeGreaterThanOrEqual(2),
      { timeout: 3_000 },
    );
    act(() => live.setConnected(true));
    // A poll already under way may still land; after it, none.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const asked = admin.api.requestsTo('GET', `${RUNS}/5`).length;
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(admin.api.requestsTo('GET', `${RUNS}/5`)).toHaveLength(asked);
  });

  it('does nothing when the confirm step is cancelled', async () => {
    renderAdmin('/admin/database');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Run: remove orphaned places' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove orphaned places?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.api.requestsTo('DELETE', '/api/iam/admin/orphaned-locations')).toHaveLength(0);
  });

  it('lists recent runs with their results', async () => {
    admin.api.on(
      'GET',
      RUNS,
      ok([
        run({
          id: '9',
          kind: 'remove-orphaned-locations',
          state: 'completed',
          progress: { total: 2, done: 2, removed: 2, repointed: 0, finished: true },
        }),
        run({ id: '8', state: 'failed', progress: null }),
      ]),
    );
    renderAdmin('/admin/database');
    const items = await screen.findAllByTestId('cleanup-run');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Remove orphaned places')).toBeInTheDocument();
    expect(within(items[0]).getByText(/Done: 2 places removed\./)).toBeInTheDocument();
    expect(within(items[1]).getByText('Failed')).toBeInTheDocument();
  });

  it('describes progress plainly', () => {
    expect(percentOf(run())).toBe(25);
    expect(percentOf(run({ state: 'waiting', progress: null }))).toBe(0);
    expect(describeRun(run(), 'groups of duplicates')).toBe(
      '1 of 4 groups of duplicates handled: 1 place removed, 2 event references moved so far.',
    );
    expect(
      describeRun(
        run({
          state: 'completed',
          progress: { total: 0, done: 0, removed: 0, repointed: 0, finished: true },
        }),
        'orphaned places',
      ),
    ).toBe('Nothing to clean up: no orphaned places.');
  });

  it('passes axe in light and dark mode', async () => {
    admin.api.on('GET', RUNS, ok([run({ id: '3' })])).on('GET', `${RUNS}/3`, ok(run({ id: '3' })));
    const { container } = renderAdmin('/admin/database');
    await screen.findByRole('progressbar', { name: 'Merge duplicate places: progress' });
    await expectNoAxeViolations(container);
  });
});
