/**
 * The events module's public face. Events sits beside plants and pages: nothing below it imports
 * it; pages learns of a page's events through the PageEventsProvider events registers.
 *
 * Calls (see the controllers): `/api/iam/events/*` (spec section 7) plus
 * `POST|DELETE /api/iam/events/image/{eventId}` (the event's image, multipart field `file`) and
 * `POST|DELETE /api/iam/events/calendar/member-feed` (a member's secret GOING feed);
 * `/api/events/*` for guests; calendar files under `/api/events/calendar/`:
 * `date/{specificId}.ics` (download one date), `event/{randomId}.ics`, `page/{pageId}.ics` and
 * `member/{token}.ics` (subscribe; webcal:// works too).
 */
export { EventsModule } from './events.module';
export { EventDirectory, type EventSummary } from './event-directory.service';
export type { AttendanceStatus } from './entities/event-attendee.entity';
export { ATTENDANCE_STATUSES } from './entities/event-attendee.entity';
