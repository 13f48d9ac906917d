import { PageLoader, type RouteHandle } from '@plantfolk/ui';
import type { RouteObject } from 'react-router';
import { RouteGuard } from '../access/route-guard';
import { RouteErrorPage } from '../errors/route-error-page';
import { RootRoute } from '../frame/shell-frame';
import { UnmatchedRoute } from '../remotes/unmatched-route';

/** Remote routes are added under this route, so they render inside the frame and its error boundary. */
export const PAGES_ROUTE_ID = 'pages';

const page = (handle: RouteHandle) => ({ handle });

/** Auth screens: one centred card, edge to edge. */
const authPage = (title: string) => page({ title, layout: 'no-margin' });

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
          // Every page, the remotes' included, passes the access policy of its route first.
          element: <RouteGuard />,
          errorElement: <RouteErrorPage />,
          // Shown inside the frame while the first page (or its remote) loads.
          HydrateFallback: () => <PageLoader />,
          children: [
            {
              path: '/about',
              ...page({ title: 'About', layout: '3-col' }),
              lazy: () => import('../pages/about-page').then((m) => ({ Component: m.AboutPage })),
            },
            {
              path: '/join',
              ...page({ title: 'Join', layout: 'no-margin' }),
              lazy: () => import('../pages/join-page').then((m) => ({ Component: m.JoinPage })),
            },
            {
              path: '/docs/terms-of-use',
              ...page({ title: 'Terms of use', layout: 'default' }),
              lazy: () => import('../pages/terms-page').then((m) => ({ Component: m.TermsPage })),
            },
            {
              path: '/docs/privacy-policy',
              ...page({ title: 'Privacy policy', layout: 'default' }),
              lazy: () =>
                import('../pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
            },
            {
              path: '/welcome',
              ...page({ title: 'Welcome', layout: '3-col' }),
              lazy: () =>
                import('../welcome/welcome-page').then((m) => ({ Component: m.WelcomePage })),
            },
            {
              path: '/settings',
              ...page({ title: 'Settings', layout: '3-col' }),
              lazy: () =>
                import('../settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
            },
            {
              path: '/auth/login',
              ...authPage('Log in'),
              lazy: () => import('../auth/login-page').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: '/auth/signup',
              ...authPage('Create your account'),
              lazy: () => import('../auth/signup-page').then((m) => ({ Component: m.SignupPage })),
            },
            {
              path: '/auth/verify',
              ...authPage('Confirm your e-mail address'),
              lazy: () => import('../auth/verify-page').then((m) => ({ Component: m.VerifyPage })),
            },
            {
              path: '/auth/verifyemail',
              ...authPage('Confirming your e-mail address'),
              lazy: () =>
                import('../auth/verify-email-page').then((m) => ({
                  Component: m.VerifyEmailPage,
                })),
            },
            {
              path: '/auth/verifysuccessful',
              ...authPage('E-mail address confirmed'),
              lazy: () =>
                import('../auth/verify-result-pages').then((m) => ({
                  Component: m.VerifySuccessfulPage,
                })),
            },
            {
              path: '/auth/verifyfailed',
              ...authPage('Confirmation link not valid'),
              lazy: () =>
                import('../auth/verify-result-pages').then((m) => ({
                  Component: m.VerifyFailedPage,
                })),
            },
            {
              path: '/auth/reset',
              ...authPage('Reset your password'),
              lazy: () => import('../auth/reset-page').then((m) => ({ Component: m.ResetPage })),
            },
            {
              path: '/auth/register',
              ...authPage('Finish your profile'),
              lazy: () =>
                import('../auth/register-page').then((m) => ({ Component: m.RegisterPage })),
            },
            {
              path: '/auth/suspended',
              ...authPage('Account suspended'),
              lazy: () =>
                import('../auth/suspended-page').then((m) => ({ Component: m.SuspendedPage })),
            },
            {
              path: '/auth/sms',
              ...authPage('Verify your phone number'),
              lazy: () => import('../auth/sms-page').then((m) => ({ Component: m.SmsPage })),
            },
            { path: '*', element: <UnmatchedRoute /> },
          ],
        },
      ],
    },
  ];
}
