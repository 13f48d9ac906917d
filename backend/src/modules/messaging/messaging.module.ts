import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { NotificationsModule } from '../notifications';
import { PagesModule } from '../pages';
import { Conversation } from './entities/conversation.entity';
import { ConversationParticipant } from './entities/conversation-participant.entity';
import { Message } from './entities/message.entity';
import {
  MessageeController,
  MessagesSeenController,
  MessagingController,
} from './messaging.controller';
import { MessagingService } from './messaging.service';

/**
 * Messaging: conversations between members and from members to pages, their unread tallies, and
 * live delivery through the platform's RealtimePublisher after each write commits. Uses identity
 * (members, handles, the account deletion's steps), pages (who owns a page, whether it takes
 * messages) and notifications (MemberEmails: the recipient's e-mail about a message, as their
 * settings say) through their public faces.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Conversation, ConversationParticipant, Message]),
    IdentityModule,
    PagesModule,
    NotificationsModule,
  ],
  controllers: [MessagingController, MessageeController, MessagesSeenController],
  providers: [MessagingService],
  exports: [MessagingService],
})
export class MessagingModule {}
