import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';

/**
 * What stands in a lazy route's place while the tab's first screen loads its code (React Router's
 * HydrateFallback; it warns when a matched route is lazy and none is given). The shell above it is
 * drawn at once; the screen's area stays empty for the moment its chunk takes. A server-rendered
 * screen never shows it: its route modules are loaded before the router is made (start.tsx).
 */
function ScreenLoading() {
  return null;
}

/** A route whose component is its own chunk, loaded when the route is first matched. */
const lazyRoute = (load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({
  lazy: async () => ({ Component: await load() }),
  HydrateFallback: ScreenLoading,
});

type PageModule = { default: React.ComponentType };
/** Every screen is its own chunk; a first visit to / gets the prerendered landing (decision 001). */
const page = (load: () => Promise<PageModule>) => lazyRoute(async () => (await load()).default);

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', ...page(() => import('../pages/landing-page')) },
      { path: '/auth', ...page(() => import('../pages/auth-page')) },
      { path: '/forgot-password', ...page(() => import('../pages/forgot-password-page')) },
      { path: '/reset-password', ...page(() => import('../pages/reset-password-page')) },
      { path: '/how-it-works', ...page(() => import('../pages/how-it-works-page')) },
      { path: '/help', ...page(() => import('../pages/help-page')) },
      { path: '/safety-guidelines', ...page(() => import('../pages/safety-guidelines-page')) },
      { path: '/terms-of-service', ...page(() => import('../pages/terms-of-service-page')) },
      { path: '/faq', ...page(() => import('../pages/faq-page')) },
      { path: '/sendgrid-setup', ...page(() => import('../pages/email-setup-guide-page')) },
      {
        // Screens that read server data share one query cache, loaded with the first of them.
        ...lazyRoute(async () => (await import('./query-layout')).QueryLayout),
        children: [
          { path: '/teen-dashboard', ...page(() => import('../pages/teen-dashboard-page')) },
          { path: '/homeowner-dashboard', ...page(() => import('../pages/homeowner-dashboard-page')) },
          { path: '/profile', ...page(() => import('../pages/profile-page')) },
          { path: '/route-optimizer', ...page(() => import('../pages/route-optimizer-page')) },
          { path: '/admin-dashboard', ...page(() => import('../pages/admin-dashboard-page')) },
          { path: '/admin/people', ...page(() => import('../pages/admin-people-page')) },
          { path: '/admin/audit-log', ...page(() => import('../pages/admin-audit-log-page')) },
          { path: '/admin/service-areas', ...page(() => import('../pages/admin-service-areas-page')) },
          { path: '/admin/coordinators', ...page(() => import('../pages/admin-coordinators-page')) },
          { path: '/admin/disputes', ...page(() => import('../pages/admin-disputes-page')) },
          { path: '/admin/challenges', ...page(() => import('../pages/admin-challenges-page')) },
          { path: '/email-test', ...page(() => import('../pages/email-test-page')) },
          { path: '/post-job', ...page(() => import('../pages/post-job-page')) },
          { path: '/job-explorer', ...page(() => import('../pages/job-explorer-page')) },
          { path: '/jobs', ...page(() => import('../pages/jobs-page')) },
          // Spec 2 gives both readings of the details path; the id is read from the path.
          { path: '/job/:id', ...page(() => import('../pages/job-details-page')) },
          { path: '/jobs/:id', ...page(() => import('../pages/job-details-page')) },
          { path: '/active-jobs', ...page(() => import('../pages/active-jobs-page')) },
          { path: '/parental-consent', ...page(() => import('../pages/parental-consent-page')) },
          // The parent's page: public, reached from the emailed link.
          { path: '/consent/:token', ...page(() => import('../pages/consent-link-page')) },
          { path: '/verification', ...page(() => import('../pages/verification-page')) },
          { path: '/wallet', ...page(() => import('../pages/wallet-page')) },
          { path: '/notifications', ...page(() => import('../pages/notifications-page')) },
        ],
      },
      { path: '*', ...page(() => import('../pages/not-found-page')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
