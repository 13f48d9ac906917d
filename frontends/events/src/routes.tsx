import { defineRemoteRoutes } from '@plantfolk/ui';

/**
 * The routes this remote serves today: absolute paths the shell mounts as they are, each with
 * the access policy of the spec's route table, which the shell's guard enforces.
 */
export const routes = defineRemoteRoutes([
  {
    path: '/events',
    handle: { access: 'guest-or-authd', layout: '3-col', title: 'Events' },
    lazy: () => import('./events-list/events-page').then((m) => ({ Component: m.EventsPage })),
  },
]);
