import { useSession, type SessionUser } from '@plantfolk/session';
import { Skeleton, type HeaderItem } from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { decideAccess } from '../access/access-decision';
import { useShellServices } from '../app/shell-context';

export const headerItemsQueryKey = ['shell', 'contributed-header-items'] as const;

interface BoundaryProps {
  label: string;
  children: ReactNode;
}

/** An item that fails to render leaves its place empty; the header keeps working. */
class HeaderItemBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The header item "${this.props.label}" failed`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The items remotes add to the header (the runtime config's `headerItemsFrom`), for a signed-in
 * member: loaded with this chunk only once someone is signed in, so a guest's first view never
 * loads a remote for them. Each shows only where its access policy admits the member, loads
 * lazily behind a placeholder and fails alone; a remote that cannot load adds nothing.
 */
export function HeaderItems({ user }: { user: SessionUser }) {
  const { remotes } = useShellServices();
  const session = useSession();
  const { pathname } = useLocation();
  const items = useQuery({
    queryKey: headerItemsQueryKey,
    queryFn: () => remotes.loadHeaderItems(),
    staleTime: Infinity,
  });
  const shown = (items.data ?? []).filter(
    (item: HeaderItem) => decideAccess(item.access, session, pathname).kind === 'allow',
  );
  return (
    <>
      {shown.map(({ id, label, Component: Item }) => (
        <HeaderItemBoundary key={id} label={label}>
          <Suspense
            fallback={
              <span role="status" aria-label={`Loading ${label}`}>
                <Skeleton height={36} width={36} circle />
              </span>
            }
          >
            <Item user={user} />
          </Suspense>
        </HeaderItemBoundary>
      ))}
    </>
  );
}
