import type { ReactNode } from 'react';
import { DEFAULT_LAYOUT, type LayoutName } from '../route-contract';

export interface PageLayoutProps {
  layout?: LayoutName;
  header: ReactNode;
  /** Left column of `3-col` and `default`. */
  navigation?: ReactNode;
  /** Right column of `3-col`. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The page frame: header, then the named layout.
 * - `3-col`: navigation, main column, aside
 * - `default`: navigation and a wide main column
 * - `no-margin`: the main column alone, edge to edge
 */
export function PageLayout({
  layout = DEFAULT_LAYOUT,
  header,
  navigation,
  aside,
  children,
}: PageLayoutProps) {
  const withNavigation = layout !== 'no-margin' && navigation != null;
  const withAside = layout === '3-col' && aside != null;
  return (
    <div className="pf-app">
      <a className="pf-skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <div className="pf-layout" data-layout={layout} data-testid="page-layout">
        {withNavigation && (
          <nav className="pf-layout__nav" aria-label="Main">
            {navigation}
          </nav>
        )}
        <main className="pf-layout__main" id="main" tabIndex={-1}>
          {children}
        </main>
        {withAside && (
          <aside className="pf-layout__aside" aria-label="About Plantfolk">
            {aside}
          </aside>
        )}
      </div>
    </div>
  );
}
