import { identityApi } from '@plantfolk/api-client';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Opens the queue dashboard in a new tab. The dashboard is served by the API, which cannot see
 * the in-memory bearer token of a plain link, so the admin first asks the API for a short-lived
 * httpOnly cookie scoped to /admin/queues, then the tab loads the dashboard with it.
 *
 * The tab is opened before the request, while the click still counts as the user's gesture
 * (popup blockers refuse tabs opened later), and pointed at the dashboard once the cookie is set.
 */
export async function openQueueDashboard(
  open: (url: string) => Window | null = (url) => window.open(url, '_blank'),
): Promise<void> {
  const tab = open('about:blank');
  try {
    const { url } = await identityApi.openQueueDashboardSession();
    const target = url.startsWith('/') ? url : QUEUE_DASHBOARD_PATH;
    if (tab) {
      // The dashboard must not be able to reach back into this page.
      tab.opener = null;
      tab.location.href = target;
    } else {
      window.location.assign(target);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
