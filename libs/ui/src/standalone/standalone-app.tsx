// A small host page so each team can run its remote alone (`npm run dev -w @plantfolk/<name>`).
// It imports the kit by its package name so the remote's pages and this frame share one copy.
import {
  AppHeader,
  Badge,
  BrandLogo,
  Card,
  ColorModeToggle,
  NavList,
  formatDocumentTitle,
  NotFoundView,
  PageLayout,
  PageLoader,
  Text,
  UiProvider,
  useRouteHandle,
  type NavItem,
  type RemoteRouteObject,
} from '@plantfolk/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';

export interface StandaloneOptions {
  /** Module Federation name of the remote, shown in the header. */
  name: string;
  routes: RemoteRouteObject[];
  /** Links for the navigation column: the remote's own main pages. */
  navigation: NavItem[];
}

function StandaloneFrame({ name, navigation }: Omit<StandaloneOptions, 'routes'>) {
  const { layout, title } = useRouteHandle();
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title);
  }, [title]);
  return (
    <PageLayout
      layout={layout}
      header={
        <AppHeader
          start={
            <>
              <BrandLogo />
              <Badge variant="light" color="gray">
                {name} · standalone
              </Badge>
            </>
          }
          end={<ColorModeToggle />}
        />
      }
      navigation={<NavList items={navigation} />}
      aside={
        <Card title="Standalone mode" titleOrder={2} padding="md">
          <Text size="sm">
            This is the <strong>{name}</strong> remote running on its own. In production the shell
            loads it at runtime and adds the full navigation, header and account menu.
          </Text>
        </Card>
      }
    >
      <Outlet />
    </PageLayout>
  );
}

function StandaloneNotFound() {
  return <NotFoundView path={useLocation().pathname} />;
}

export function createStandaloneRoutes({
  name,
  routes,
  navigation,
}: StandaloneOptions): RouteObject[] {
  return [
    {
      element: <StandaloneFrame name={name} navigation={navigation} />,
      HydrateFallback: () => <PageLoader />,
      children: [...routes, { path: '*', element: <StandaloneNotFound /> }],
    },
  ];
}

/** Renders the remote's routes, inside the UI kit, into #root. */
export function mountStandalone(options: StandaloneOptions): void {
  const router = createBrowserRouter(createStandaloneRoutes(options));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <UiProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </UiProvider>
    </StrictMode>,
  );
}
