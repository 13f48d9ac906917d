import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { DEFAULT_LAYOUT, type LayoutName, type RouteHandle } from './route-contract';

export const SITE_NAME = 'Plantfolk';

export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
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
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
