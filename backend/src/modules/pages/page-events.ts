import type { Viewer } from '../../platform/access/viewer';

/** An event location as a page's screen lists it (public point only). */
export interface PageEventLocation {
  id: string;
  name: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

/**
 * What the events module tells pages about a page's events. Events depends on pages (events import
 * '../pages'), so pages cannot ask events directly: events registers one provider at start-up with
 * `PagesService.registerEventsProvider`. Until one is registered a page has no upcoming events and
 * no event locations.
 */
export interface PageEventsProvider {
  /** How many upcoming event dates the page has (as the viewer may see them). */
  upcomingCount(pageId: string, viewer: Viewer): Promise<number>;
  /** Where the page's events happen, public points only. */
  eventLocations(pageId: string, viewer: Viewer): Promise<PageEventLocation[]>;
  /** The page's upcoming events, as events' own DTOs answer them (`GET /api/page/events/{id}`). */
  upcomingEvents(pageId: string, viewer: Viewer): Promise<unknown[]>;
}
