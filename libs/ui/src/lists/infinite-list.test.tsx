import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi, stubIntersectionObserver, TestProviders } from '../testing';
import { InfiniteList } from './infinite-list';

describe('InfiniteList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for more when its end scrolls into view', () => {
    const io = stubIntersectionObserver();
    const onLoadMore = vi.fn();
    renderWithUi(
      <InfiniteList itemCount={1} hasMore loading={false} onLoadMore={onLoadMore}>
        <article>One</article>
      </InfiniteList>,
    );
    io.reveal();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('offers a button, a loading status, and an end message', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = renderWithUi(
      <InfiniteList
        itemCount={1}
        hasMore
        loading={false}
        onLoadMore={onLoadMore}
        endMessage="All caught up"
      >
        <article>One</article>
      </InfiniteList>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(
      <TestProviders>
        <InfiniteList
          itemCount={1}
          hasMore
          loading
          onLoadMore={onLoadMore}
          endMessage="All caught up"
        >
          <article>One</article>
        </InfiniteList>
      </TestProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    rerender(
      <TestProviders>
        <InfiniteList
          itemCount={1}
          hasMore={false}
          loading={false}
          onLoadMore={onLoadMore}
          endMessage="All caught up"
        >
          <article>One</article>
        </InfiniteList>
      </TestProviders>,
    );
    expect(screen.getByText('All caught up')).toBeInTheDocument();
  });
});
