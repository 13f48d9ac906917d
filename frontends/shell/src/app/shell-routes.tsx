import { PageLoader, type PageRouteHandle } from '@plantfolk/ui';
import type { RouteObject } from 'react-router';
import { RouteGuard } from '../access/route-guard';
import { RouteErrorPage } from '../errors/route-error-page';
import { RootRoute } from '../frame/shell-frame';
import { UnmatchedRoute } from '../remotes/unmatched-route';

/** Remote routes are added under this route, so they render inside the frame and its error boundary. */
export const PAGES_ROUTE_ID = 'pages';

/** A page of the shell: like a remote's, it declares who may open it (spec section 2). */
const page = (handle: PageRouteHandle) => ({ handle });

/** Auth screens: one centred card, edge to edge. */
const authPage = (title: string, access: PageRouteHandle['access']) =>
  page({ title, layout: 'no-margin', access });

/** The shell's own routes. Each page is its own chunk, so the first view loads none of them. */
export function createShellRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          id: PAGES_ROUTE_ID,
          // Every page, the remotes' included, passes the access policy its route declares first.
          element: <RouteGuard />,
          errorElement: <RouteErrorPage />,
          // Shown inside the frame while the first page (or its remote) loads.
          HydrateFallback: () => <PageLoader />,
          children: [
            {
              path: '/about',
              ...page({ title: 'About', layout: '3-col', access: 'guest-or-authd' }),
              lazy: () => import('../pages/about-page').then((m) => ({ Component: m.AboutPage })),
            },
            {
              path: '/join',
              ...page({ title: 'Join', layout: 'no-margin', access: 'none' }),
              lazy: () => import('../pages/join-page').then((m) => ({ Component: m.JoinPage })),
            },
            {
              path: '/docs/terms-of-use',
              ...page({ title: 'Terms of use', layout: 'default', access: 'none' }),
              lazy: () => import('../pages/terms-page').then((m) => ({ Component: m.TermsPage })),
            },
            {
              path: '/docs/privacy-policy',
              ...page({ title: 'Privacy policy', layout: 'default', access: 'none' }),
              lazy: () =>
                import('../pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
            },
            {
              path: '/welcome',
              ...page({ title: 'Welcome', layout: '3-col', access: 'authd-only' }),
              lazy: () =>
                import('../welcome/welcome-page').then((m) => ({ Component: m.WelcomePage })),
            },
            {
              path: '/settings',
              ...page({ title: 'Settings', layout: '3-col', access: 'completed-regn' }),
              lazy: () =>
                import('../settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
            },
            {
              path: '/auth/login',
              ...authPage('Log in', 'none'),
              lazy: () => import('../auth/login-page').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: '/auth/signup',
              ...authPage('Create your account', 'none'),
              lazy: () => import('../auth/signup-page').then((m) => ({ Component: m.SignupPage })),
            },
            {
              path: '/auth/verify',
              ...authPage('Confirm your e-mail address', 'none'),
              lazy: () => import('../auth/verify-page').then((m) => ({ Component: m.VerifyPage })),
            },
            {
              path: '/auth/verifyemail',
              ...authPage('Confirming your e-mail address', 'none'),
              lazy: () =>
                import('../auth/verify-email-page').then((m) => ({
                  Component: m.VerifyEmailPage,
                })),
            },
            {
              path: '/auth/verifysuccessful',
              ...authPage('E-mail address confirmed', 'none'),
              lazy: () =>
                import('../auth/verify-result-pages').then((m) => ({
                  Component: m.VerifySuccessfulPage,
                })),
            },
            {
              path: '/auth/verifyfailed',
              ...authPage('Confirmation link not valid', 'none'),
              lazy: () =>
                import('../auth/verify-result-pages').then((m) => ({
                  Component: m.VerifyFailedPage,
                })),
            },
            {
              path: '/auth/reset',
              ...authPage('Reset your password', 'none'),
              lazy: () => import('../auth/reset-page').then((m) => ({ Component: m.ResetPage })),
            },
            {
              path: '/auth/register',
              ...authPage('Finish your profile', 'logged-in-only'),
              lazy: () =>
                import('../auth/register-page').then((m) => ({ Component: m.RegisterPage })),
            },
            {
              path: '/auth/suspended',
              ...authPage('Account suspended', 'none'),
              lazy: () =>
                import('../auth/suspended-page').then((m) => ({ Component: m.SuspendedPage })),
            },
            {
              path: '/auth/sms',
              ...authPage('Verify your phone number', 'authd-only'),
              lazy: () => import('../auth/sms-page').then((m) => ({ Component: m.SmsPage })),
            },
            {
              path: '/auth/setup-page',
              ...authPage('Create a page for your group', 'authd-only'),
              lazy: () =>
                import('../auth/setup-page-page').then((m) => ({ Component: m.SetupPagePage })),
            },
            // Nobody's page (or a remote that did not load): the 404 page shows to anyone.
            { path: '*', ...page({ access: 'none' }), element: <UnmatchedRoute /> },
          ],
        },
      ],
    },
  ];
}
