import { defineRemoteRoutes } from '@plantfolk/ui';
import { withAdminFrame } from './frame/with-admin-frame';

/**
 * The routes this remote serves today: absolute paths the shell mounts as they are, each with
 * the access policy of the spec's route table, which the shell's guard enforces.
 */
export const routes = withAdminFrame(
  defineRemoteRoutes([
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
    {
      path: '/admin/tags',
      handle: { access: 'admin-auth', layout: 'default', title: 'Tags' },
      lazy: () => import('./tags/admin-tags-page').then((m) => ({ Component: m.AdminTagsPage })),
    },
    {
      path: '/admin/audit',
      handle: { access: 'admin-auth', layout: 'default', title: 'Audit log' },
      lazy: () => import('./audit/admin-audit-page').then((m) => ({ Component: m.AdminAuditPage })),
    },
    {
      path: '/admin/forms',
      handle: { access: 'admin-auth', layout: 'default', title: 'Contact and feedback' },
      lazy: () => import('./forms/admin-forms-page').then((m) => ({ Component: m.AdminFormsPage })),
    },
    {
      path: '/admin/database',
      handle: { access: 'admin-auth', layout: 'default', title: 'Database' },
      lazy: () =>
        import('./database/admin-database-page').then((m) => ({ Component: m.AdminDatabasePage })),
    },
    {
      path: '/admin/email',
      handle: { access: 'admin-auth', layout: 'default', title: 'E-mails' },
      lazy: () => import('./email/admin-email-page').then((m) => ({ Component: m.AdminEmailPage })),
    },
    {
      path: '/admin/settings',
      handle: { access: 'admin-auth', layout: 'default', title: 'Site settings' },
      lazy: () =>
        import('./settings/site-settings-page').then((m) => ({ Component: m.SiteSettingsPage })),
    },
    {
      path: '/admin/settings/video',
      handle: { access: 'admin-auth', layout: 'default', title: 'Video settings' },
      lazy: () =>
        import('./settings/site-settings-page').then((m) => ({ Component: m.VideoSettingsPage })),
    },
    {
      path: '/settings/location',
      handle: { access: 'admin-auth', layout: 'default', title: 'Map location' },
      lazy: () =>
        import('./settings/location-settings-page').then((m) => ({
          Component: m.LocationSettingsPage,
        })),
    },
  ]),
);
