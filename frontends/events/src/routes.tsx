import { defineRemoteRoutes } from '@plantfolk/ui';

/** The routes this remote serves today (absolute paths; the shell mounts them as they are). */
export const routes = defineRemoteRoutes([
  {
    path: '/events',
    handle: { layout: '3-col', title: 'Events' },
    lazy: () => import('./events-list/events-page').then((m) => ({ Component: m.EventsPage })),
  },
]);
