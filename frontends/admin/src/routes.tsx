import { defineRemoteRoutes } from '@plantfolk/ui';

/** The routes this remote serves today (absolute paths; the shell mounts them as they are). */
export const routes = defineRemoteRoutes([
  {
    path: '/admin',
    handle: { layout: 'default', title: 'Admin' },
    lazy: () =>
      import('./overview/admin-overview-page').then((m) => ({ Component: m.AdminOverviewPage })),
  },
]);
