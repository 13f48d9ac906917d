import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EXTRA_PAGE_DELAY_MS, useCursorList, type CursorPage } from './use-cursor-list';

type Page = CursorPage<{ id: string }>;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useCursorList (shared by the social and events remotes)', () => {
  it('asks for a cursor once however often the end shows, and applies it after the delay', async () => {
    const first = vi.fn(async (): Promise<Page> => ({
      items: [{ id: 'a' }, { id: 'b' }],
      next_cursor: 'c1',
    }));
    const more = vi.fn(async (_cursor: string, _signal: AbortSignal): Promise<Page> => ({
      items: [{ id: 'b' }, { id: 'c' }],
      next_cursor: null,
    }));
    const { result } = renderHook(() => useCursorList({ queryKey: ['list'], first, more }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(result.current.hasMore).toBe(true);
    const asked = Date.now();
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    await waitFor(() =>
      expect(result.current.items.map((item) => item.id)).toEqual(['a', 'b', 'c']),
    );
    expect(Date.now() - asked).toBeGreaterThanOrEqual(EXTRA_PAGE_DELAY_MS - 20);
    expect(more).toHaveBeenCalledTimes(1);
    expect(more.mock.calls[0][0]).toBe('c1');
    expect(result.current.hasMore).toBe(false);
  });
});
