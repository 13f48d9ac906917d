/**
 * The pages module's public face: what other modules may import. Events (which sits above pages)
 * checks who manages a page with PagesService.managedPage, names the `Page` entity in its foreign
 * keys, and registers a PageEventsProvider so pages can show upcoming events without importing
 * events. Profiles resolves `/{handle}` to a page through PagesService.
 */
export { PagesModule } from './pages.module';
export { PagesService, type ManagedPage, type MessageablePage } from './pages.service';
export type { PageEventLocation, PageEventsProvider } from './page-events';
export type { Page } from './entities/page.entity';
export type { PageView } from './page-views';
export { PageDto } from './dto/pages.dto';
