import { defineRemoteRoutes } from '@plantfolk/ui';

/**
 * The routes this remote serves today: absolute paths the shell mounts as they are, each with
 * the access policy of the spec's route table, which the shell's guard enforces.
 */
export const routes = defineRemoteRoutes([
  {
    path: '/admin',
    handle: { access: 'admin-auth', layout: 'default', title: 'Admin' },
    lazy: () =>
      import('./overview/admin-overview-page').then((m) => ({ Component: m.AdminOverviewPage })),
  },
  {
    path: '/admin/users/registered',
    handle: { access: 'admin-auth', layout: 'default', title: 'Registered members' },
    lazy: () =>
      import('./users/admin-members-page').then((m) => ({ Component: m.RegisteredMembersPage })),
  },
  {
    path: '/admin/users/incomplete',
    handle: { access: 'admin-auth', layout: 'default', title: 'Incomplete profiles' },
    lazy: () =>
      import('./users/admin-members-page').then((m) => ({ Component: m.IncompleteMembersPage })),
  },
]);
