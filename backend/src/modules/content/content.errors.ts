import { defineErrors } from '../../platform/http/app-error';

export const ContentErrors = defineErrors({
  POST_NOT_FOUND: { status: 404, message: 'Post not found' },
  COMMENT_NOT_FOUND: { status: 404, message: 'Comment not found' },
  REACTION_NOT_FOUND: { status: 404, message: 'Reaction not found' },
  TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
  PAGE_NOT_FOUND: { status: 404, message: 'Page not found' },
  NOT_THE_AUTHOR: { status: 403, message: 'Only the author (or an admin) can do this' },
  NOT_THE_COMMENT_AUTHOR: { status: 403, message: 'Only its author can edit a comment' },
  ALREADY_REACTED: { status: 409, message: 'You have already reacted to this' },
  REPLY_TOO_DEEP: { status: 400, message: 'Replies can be nested at most {max} levels deep' },
  EMPTY_POST: { status: 400, message: 'A post needs some text or at least one photo' },
  UNKNOWN_PHOTO: {
    status: 400,
    message: 'A photo is not one of your recent uploads; please upload it again',
  },
  DUPLICATE_PHOTO: { status: 400, message: 'The same photo is listed twice' },
});
