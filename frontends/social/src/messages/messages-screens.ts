// The messaging screens, one lazy chunk: the list and a conversation are seldom far apart.
export { ConversationPage } from './conversation-page';
export { MessagesPage } from './messages-page';
