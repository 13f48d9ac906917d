import { defineErrors } from '../../platform/http/app-error';
import { TAG_NAME_MAX, TAG_NAME_MIN } from './tag-name';

export const TagsErrors = defineErrors({
  TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
  INVALID_TAG_NAME: {
    status: 400,
    message: `"{name}" is not a valid tag: use ${TAG_NAME_MIN} to ${TAG_NAME_MAX} letters, digits or hyphens`,
  },
  TOO_MANY_TAGS: { status: 400, message: 'A post can have at most {max} tags' },
  TAG_NAME_TAKEN: { status: 409, message: 'Another tag already has this name' },
  PARENT_TAGS_ADMIN_ONLY: { status: 403, message: 'Only admins can create category (parent) tags' },
  INVALID_PARENT: { status: 400, message: '{reason}' },
  TAG_HAS_CHILDREN: {
    status: 409,
    message: 'This category still has tags under it; move them first',
  },
  MERGE_INTO_ITSELF: { status: 400, message: 'A tag cannot be merged into itself' },
  NOT_YOUR_INTERESTS: { status: 403, message: 'You can only see your own interests' },
});
