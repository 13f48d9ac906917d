/** The cache keys of the events screens, under the viewer's key (a guest's never shows a member). */
export const eventKeys = {
  all: ['events'] as const,
  event: (viewerKey: string, randomId: string) => ['events', viewerKey, 'event', randomId] as const,
  dates: (viewerKey: string, randomId: string) =>
    ['events', viewerKey, 'event', randomId, 'dates'] as const,
  nearby: (
    viewerKey: string,
    point: { latitude: number; longitude: number } | null,
    range: { from: string; to: string },
  ) =>
    [
      'events',
      viewerKey,
      'nearby',
      point?.latitude ?? null,
      point?.longitude ?? null,
      range.from,
      range.to,
    ] as const,
  byUser: (viewerKey: string, userId: string) => ['events', viewerKey, 'user', userId] as const,
  byPage: (viewerKey: string, pageId: string) => ['events', viewerKey, 'page', pageId] as const,
  handle: (viewerKey: string, handle: string) => ['events', viewerKey, 'handle', handle] as const,
  guestLocation: ['events', 'guest-location'] as const,
  /**
   * The social remote's page screens (its `pageKeys`, all under `['pages']`; the cache is the
   * shell's, shared): a page shows its count of dates to come, so a change of a page's events
   * marks them stale.
   */
  pageScreens: ['pages'] as const,
  memberFeed: (viewerKey: string) => ['events', viewerKey, 'member-feed'] as const,
};
