import { defineErrors } from '../../platform/http/app-error';

export const EventsErrors = defineErrors({
  EVENT_NOT_FOUND: { status: 404, message: 'Event not found' },
  EVENT_DATE_NOT_FOUND: { status: 404, message: 'Event date not found' },
  EVENT_LOCATION_NOT_FOUND: { status: 404, message: 'Event location not found' },
  NOT_EVENT_MANAGER: {
    status: 403,
    message: 'Only the event’s creator, its page’s owner or an admin can change this event',
  },
  NOT_THE_CALLER: { status: 403, message: 'You can only act as yourself' },
  NO_DATES: { status: 400, message: 'This schedule has no dates in the next 12 months' },
  DATE_TAKEN: { status: 409, message: 'The event already has a date on {date}' },
  DATE_OVER: { status: 409, message: 'This date is over' },
  DATE_CANCELLED: { status: 409, message: 'This date is cancelled' },
  BRING_NOT_GOING: {
    status: 400,
    message: 'Say what you bring only when you are going or maybe going',
  },
  TOO_MANY_DATES: { status: 400, message: 'An event can have at most {max} upcoming dates' },
  IMAGE_REMOVAL_FAILED: {
    status: 503,
    message: 'The event’s image could not be removed, so the event was kept; please try again',
  },
  CALENDAR_NOT_FOUND: { status: 404, message: 'Calendar not found' },
  CLEANUP_RUN_NOT_FOUND: { status: 404, message: 'Cleanup run not found' },
});
