import { UiProvider } from '@plantfolk/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ShellServicesProvider, type ShellServices } from './shell-context';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  services: ShellServices;
}

export function App({ router, queryClient, services }: AppProps) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <ShellServicesProvider value={services}>
          <RouterProvider router={router} />
        </ShellServicesProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
