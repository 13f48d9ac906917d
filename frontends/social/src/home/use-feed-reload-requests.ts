import { onFeedReloadRequest } from '@plantfolk/ui';
import { EXTRA_PAGE_DELAY_MS } from '@plantfolk/ui/cursor-list';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trimToFirstPage } from '../content/cache';

/**
 * The logo was clicked on the home page: back to the top, and the feed starts over from its
 * newest page (the extra pages are dropped, so only one page is asked for). Spec §4: the reload
 * counts as completed 250 ms after the new page is in; `reloading` is true until then.
 */
export function useFeedReloadRequests(feedKey: readonly unknown[]): { reloading: boolean } {
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);
  const serialisedKey = JSON.stringify(feedKey);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onFeedReloadRequest(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      const queryKey = JSON.parse(serialisedKey) as unknown[];
      setReloading(true);
      clearTimeout(timer);
      trimToFirstPage(queryClient, queryKey);
      void queryClient.invalidateQueries({ queryKey }).finally(() => {
        timer = setTimeout(() => setReloading(false), EXTRA_PAGE_DELAY_MS);
      });
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient, serialisedKey]);

  return { reloading };
}
