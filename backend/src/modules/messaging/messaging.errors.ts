import { defineErrors } from '../../platform/http/app-error';

/**
 * Messaging's errors. Whoever is not in a conversation (nor the owner of its page) is told it
 * does not exist (404), never that it is someone else's (403).
 */
export const MessagingErrors = defineErrors({
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  RECIPIENT_NOT_FOUND: { status: 404, message: 'No member or page has this handle' },
  MEMBER_NOT_FOUND: { status: 404, message: 'No member has this username' },
  PAGE_NOT_FOUND: { status: 404, message: 'No page has this handle' },
  CANNOT_MESSAGE_SELF: { status: 400, message: 'You cannot start a conversation with yourself' },
  RECIPIENT_UNAVAILABLE: {
    status: 409,
    message: 'This member cannot receive messages right now (the account is suspended)',
  },
  PAGE_CLOSED: { status: 409, message: 'This page does not take messages' },
  MESSAGE_BLANK: { status: 400, message: 'A message cannot be empty' },
});
