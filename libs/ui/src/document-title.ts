import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { DEFAULT_LAYOUT, type LayoutName, type RouteHandle } from './route-contract';
import { SITE_NAME, useCachedPublicSettings } from './site-settings';

export { SITE_NAME };

/** "Title · Site name", or the site's name alone. */
export function formatDocumentTitle(title?: string, siteName: string = SITE_NAME): string {
  return title ? `${title} · ${siteName}` : siteName;
}

/**
 * The site's name as the admins set it (`site_name`), the constant until the settings are read.
 * Reads the cache only: the shell's header asks for the settings once per page.
 */
export function useSiteName(): string {
  return useCachedPublicSettings().siteName;
}

/** Layout and title of the deepest matched route that declares them. */
export function useRouteHandle(): { layout: LayoutName; title?: string } {
  const matches = useMatches();
  let layout: LayoutName = DEFAULT_LAYOUT;
  let title: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.layout) layout = handle.layout;
    if (handle?.title) title = handle.title;
  }
  return { layout, title };
}

export function useDocumentTitle(title?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = formatDocumentTitle(title, siteName);
  }, [title, siteName]);
}
