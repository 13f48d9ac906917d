/** The messaging module's public face: what other modules may import. */
export { MessagingModule } from './messaging.module';
export { MessagingService } from './messaging.service';
export type {
  ConversationView,
  Messagee,
  MessagesTally,
  MessageView,
  WriteBlock,
} from './messaging.service';
export type { ConvType } from './entities/conversation.entity';
