import { defineRemoteRoutes } from '@plantfolk/ui';

/**
 * The routes this remote serves: absolute paths the shell mounts as they are, each with the
 * access policy of the spec's route table, which the shell's guard enforces. `/{handle}/events*`
 * reaches this remote through the runtime config's ownership table (`/:handle/events`,
 * `/:handle/events/*`), while `/{handle}` itself stays the social slice's. Pages are lazy so the
 * remote entry stays small.
 */
export const routes = defineRemoteRoutes([
  {
    path: '/events',
    handle: { access: 'guest-or-authd', layout: '3-col', title: 'Events' },
    lazy: () => import('./events-list/events-page').then((m) => ({ Component: m.EventsPage })),
  },
  {
    path: '/event/:randomId',
    handle: { access: 'guest-or-authd', layout: '3-col', title: 'Event' },
    lazy: () => import('./event/event-page').then((m) => ({ Component: m.EventPage })),
  },
  {
    path: '/event/:randomId/edit',
    handle: { access: 'authd-only', layout: '3-col', title: 'Edit event' },
    lazy: () => import('./edit/edit-event-page').then((m) => ({ Component: m.EditEventPage })),
  },
  {
    path: '/:handle/events',
    handle: { access: 'guest-or-authd', layout: '3-col', title: 'Events' },
    lazy: () =>
      import('./handle/handle-events-page').then((m) => ({ Component: m.HandleEventsPage })),
  },
  {
    path: '/:handle/events/new',
    handle: { access: 'trusted-only', layout: '3-col', title: 'Create an event' },
    lazy: () => import('./create/new-event-page').then((m) => ({ Component: m.NewEventPage })),
  },
]);
