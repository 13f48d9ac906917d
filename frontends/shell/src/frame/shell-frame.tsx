import {
  formatDocumentTitle,
  PageLayout,
  useRouteHandle,
  useSiteName,
  type LayoutName,
} from '@plantfolk/ui';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { UpdateNotice } from '../updates/update-notice';
import { AboutAside } from './about-aside';
import { MainNavigation } from './main-navigation';
import { ShellHeader } from './shell-header';

export function ShellFrame({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  return (
    <>
      <PageLayout
        layout={layout}
        header={<ShellHeader />}
        navigation={<MainNavigation />}
        aside={<AboutAside />}
      >
        {children}
      </PageLayout>
      <UpdateNotice />
    </>
  );
}

/** The root route: the frame in the layout the matched page asks for, around the page. */
export function RootRoute() {
  const { layout, title } = useRouteHandle();
  const siteName = useSiteName();
  // Pages without a title (404, error) set their own; do not overwrite theirs.
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title, siteName);
  }, [title, siteName]);
  return (
    <ShellFrame layout={layout}>
      <Outlet />
    </ShellFrame>
  );
}
