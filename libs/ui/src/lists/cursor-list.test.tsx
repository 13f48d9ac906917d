import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi, stubIntersectionObserver } from '../testing';
import { CursorListView, type CursorListState } from './cursor-list';

interface Item {
  id: string;
  name: string;
}

function state(overrides: {
  isPending?: boolean;
  isError?: boolean;
  isFetching?: boolean;
  error?: unknown;
  items?: Item[];
  hasMore?: boolean;
  loadingMore?: boolean;
}): CursorListState<Item> & { refetch: ReturnType<typeof vi.fn>; loadMore: () => void } {
  const refetch = vi.fn();
  return {
    query: {
      isPending: overrides.isPending ?? false,
      isError: overrides.isError ?? false,
      isFetching: overrides.isFetching ?? false,
      error: overrides.error ?? null,
      refetch,
    },
    refetch,
    items: overrides.items ?? [],
    hasMore: overrides.hasMore ?? false,
    loadingMore: overrides.loadingMore ?? false,
    loadMore: vi.fn(),
  };
}

const two: Item[] = [
  { id: '1', name: 'Fern' },
  { id: '2', name: 'Moss' },
];

function view(list: CursorListState<Item>, extra: Record<string, unknown> = {}) {
  return renderWithUi(
    <CursorListView
      list={list}
      label="Plants"
      loadingLabel="Loading plants"
      errorTitle="The plants could not be loaded."
      errorMessage={(error) => (error instanceof Error ? error.message : null)}
      emptyMessage="No plants yet."
      loadMoreLabel="Show more plants"
      endMessage="That is every plant."
      {...extra}
    >
      {(items) =>
        items.map((item) => (
          <article key={item.id} aria-label={item.name}>
            {item.name}
          </article>
        ))
      }
    </CursorListView>,
  );
}

describe('CursorListView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a named, polite loading status with a skeleton while the first page loads', () => {
    view(state({ isPending: true }), { loadingText: 'Loading plants…', loadingTestId: 'loading' });
    const status = screen.getByRole('status', { name: 'Loading plants' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading plants…');
    expect(screen.getByTestId('loading')).toBe(status);
    expect(status.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
    expect(screen.queryByRole('feed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides the skeleton from assistive tech when the screen announces loading itself', () => {
    view(state({ isPending: true }), { loadingLabel: undefined, loadingTestId: 'loading' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('loading').querySelectorAll('.mantine-Skeleton-root')).toHaveLength(
      3,
    );
  });

  it('says when the list failed, with what went wrong, and tries again', async () => {
    const list = state({ isError: true, error: new Error('The server is down.') });
    view(list);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The plants could not be loaded.');
    expect(alert).toHaveTextContent('The server is down.');
    expect(screen.queryByText('No plants yet.')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(list.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps showing the items when a refresh fails', () => {
    view(state({ isError: true, error: new Error('Down'), items: two }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('feed', { name: 'Plants' })).toBeInTheDocument();
  });

  it('shows the empty message, with a title, an action and a test id when given', () => {
    view(state({}), {
      emptyTitle: 'Nothing here',
      emptyAction: <button type="button">Add a plant</button>,
      emptyTestId: 'plants-empty',
    });
    const empty = screen.getByTestId('plants-empty');
    expect(within(empty).getByRole('heading', { level: 3, name: 'Nothing here' })).toBeVisible();
    expect(empty).toHaveTextContent('No plants yet.');
    expect(within(empty).getByRole('button', { name: 'Add a plant' })).toBeInTheDocument();
    expect(screen.queryByRole('feed')).toBeNull();
  });

  it('lets a screen replace the whole empty state', () => {
    view(state({}), { empty: <p>Follow someone to fill your feed.</p> });
    expect(screen.getByText('Follow someone to fill your feed.')).toBeInTheDocument();
    expect(screen.queryByText('No plants yet.')).toBeNull();
  });

  it('renders the items in a named feed that loads more as it scrolls or by its button', async () => {
    const io = stubIntersectionObserver();
    const list = state({ items: two, hasMore: true });
    view(list);
    const feed = screen.getByRole('feed', { name: 'Plants' });
    expect(
      within(feed)
        .getAllByRole('article')
        .map((item) => item.textContent),
    ).toEqual(['Fern', 'Moss']);
    io.reveal();
    expect(list.loadMore).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show more plants' }));
    expect(list.loadMore).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('That is every plant.')).toBeNull();
  });

  it('announces the next page loading, and the end of the list', () => {
    const { unmount } = view(state({ items: two, hasMore: true, loadingMore: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
    expect(screen.queryByRole('button', { name: 'Show more plants' })).toBeNull();
    unmount();
    view(state({ items: two }));
    expect(screen.getByText('That is every plant.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more plants' })).toBeNull();
  });
});
