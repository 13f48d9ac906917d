import { defineErrors } from '../../platform/http/app-error';

export const PagesErrors = defineErrors({
  PAGE_NOT_FOUND: { status: 404, message: 'Page not found' },
  NOT_THE_PAGE_OWNER: { status: 403, message: 'Only the page’s owner (or an admin) can do this' },
  TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
  TOO_MANY_TAGS: { status: 400, message: 'A page can have at most {max} tags' },
  PAGE_DELETE_FAILED: {
    status: 503,
    message: 'The page’s image could not be removed, so the page was kept; please try again',
  },
});
