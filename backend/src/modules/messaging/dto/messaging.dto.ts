import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { TextField, UuidField } from '../../../platform/http/fields';
import { UserSummaryDto } from '../../identity';
import { CONV_TYPES } from '../entities/conversation.entity';
import { MESSAGE_MAX } from '../entities/message.entity';

/** Most message ids one mark-as-seen takes (a page of a conversation's messages fits). */
export const MARK_SEEN_MAX = 500;
/** A username or page handle as a client may type it (any case; stored lower-case). */
const HANDLE_INPUT = /^[A-Za-z0-9_]{3,30}$/;

/** Why a member cannot write (start or answer) to someone. */
export const WRITE_BLOCKS = [
  'NOT_TRUSTED',
  'SELF',
  'RECIPIENT_UNAVAILABLE',
  'PAGE_CLOSED',
] as const;

// ---- requests ----

function MessageText() {
  return TextField({
    min: 1,
    max: MESSAGE_MAX,
    description: `Plain text, 1 to ${MESSAGE_MAX} characters (trimmed; blank is refused)`,
  });
}

export class NewUserConversationDto {
  @TextField({
    min: 3,
    max: 30,
    pattern: HANDLE_INPUT,
    description: 'The member to write to (their username, any case)',
  })
  username: string;
  @MessageText() message: string;
}

export class NewPageConversationDto {
  @TextField({
    min: 3,
    max: 30,
    pattern: HANDLE_INPUT,
    description: 'The page to write to (its handle, any case)',
  })
  pageHandle: string;
  @MessageText() message: string;
}

export class NewMessageDto {
  @UuidField({ description: 'The conversation (the caller must be in it)' }) convnId: string;
  @MessageText() message: string;
}

export class ConversationIdDto {
  @UuidField({ description: 'The conversation' }) convnId: string;
}

export class MemberIdDto {
  @UuidField({ description: 'The member whose conversations go (the caller, or any for an admin)' })
  uuid: string;
}

export class MarkMessagesSeenDto {
  @MessageIdsField() msgsArr: string[];
}

function MessageIdsField() {
  return applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MARK_SEEN_MAX),
    IsUUID('4', { each: true }),
    ApiProperty({
      type: String,
      format: 'uuid',
      isArray: true,
      minItems: 1,
      maxItems: MARK_SEEN_MAX,
      description:
        'Messages the caller has seen; each of their conversations is read up to the newest ' +
        'of them. Ids of messages the caller cannot read are ignored.',
    }),
  );
}

// ---- responses ----

export class MessagingPageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() handle: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, description: 'Image ref of its avatar' })
  avatar: string | null;
}

export class MessageAuthorDto {
  @ApiProperty({ enum: ['user', 'page'], description: 'A member, or a page (its owner wrote)' })
  type: 'user' | 'page';
  @ApiProperty({ format: 'uuid', description: 'The member’s uuid or the page’s id' }) id: string;
  @ApiProperty({ description: 'Username or page handle' }) handle: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Display name of the member, or the page’s name; null: show the handle',
  })
  name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Image ref' }) avatar: string | null;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) conversation_id: string;
  @ApiProperty({ format: 'uuid', description: 'The member who wrote it (a page’s owner)' })
  sender_id: string;
  @ApiProperty({ type: MessageAuthorDto, description: 'Who it is shown as from' })
  author: MessageAuthorDto;
  @ApiProperty({ description: 'Plain text: show as text, with links made clickable' })
  text: string;
  @ApiProperty() created_at: string;
}

export class ConversationDto {
  @ApiProperty({ format: 'uuid', description: 'convnId' }) id: string;
  @ApiProperty({
    enum: CONV_TYPES,
    description: 'u2u: member ↔ member; u2p: member → page; tomypage: a member → a page they own',
  })
  convType: string;
  @ApiProperty({
    enum: ['member', 'page'],
    description: 'page: the caller reads it as the owner of the page written to (a page inbox)',
  })
  inbox: 'member' | 'page';
  @ApiProperty({
    type: UserSummaryDto,
    nullable: true,
    description:
      'The member on the other side: in u2u the other member; in a page inbox the member who ' +
      'writes to the page; null when the other side is a page',
  })
  user: UserSummaryDto | null;
  @ApiProperty({
    type: MessagingPageDto,
    nullable: true,
    description: 'The page written to (u2p, tomypage); null in u2u',
  })
  page: MessagingPageDto | null;
  @ApiProperty({
    description: 'Its screen: /messages/{username} or /messages/{userHandle}/to/{pageHandle}',
  })
  link: string;
  @ApiProperty({
    type: [String],
    description: 'The {a}/{b} of GET messages/conversation/{a}/{b}[/{c}] for it',
  })
  path: string[];
  @ApiProperty({ type: MessageDto, nullable: true }) last_message: MessageDto | null;
  @ApiProperty() last_message_at: string;
  @ApiProperty({ description: 'Messages to the caller not seen yet' }) unread_count: number;
  @ApiProperty() unread: boolean;
  @ApiProperty({ description: 'Whether the caller may write in it now' }) can_write: boolean;
  @ApiProperty({
    type: String,
    enum: WRITE_BLOCKS,
    nullable: true,
    description: 'Why the caller cannot write (null when they can)',
  })
  write_block: string | null;
  @ApiProperty() created_at: string;
}

export class ConversationListDto {
  @ApiProperty({ type: [ConversationDto], description: 'Newest activity first' })
  items: ConversationDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class ConversationMessagesDto {
  @ApiProperty({
    type: ConversationDto,
    nullable: true,
    description: 'null: none yet between these two (the caller may start one)',
  })
  conversation: ConversationDto | null;
  @ApiProperty({
    type: [MessageDto],
    description: 'Newest first (show them reversed: oldest at the top)',
  })
  items: MessageDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Older messages: pass as {c}' })
  next_cursor: string | null;
}

export class StartedConversationDto {
  @ApiProperty({ type: ConversationDto }) conversation: ConversationDto;
  @ApiProperty({ type: MessageDto }) message: MessageDto;
}

export class MessagesTallyDto {
  @ApiProperty({ description: 'Unseen messages to the caller, in all their conversations' })
  count: number;
  @ApiProperty({ description: 'Conversations with unseen messages' }) conversations: number;
}

export class MarkMessagesSeenResultDto extends MessagesTallyDto {
  @ApiProperty({ description: 'Conversations whose read mark moved' }) marked: number;
}

export class DeletedConversationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: [true] }) deleted: true;
}

export class DeletedConversationsDto {
  @ApiProperty({ description: 'How many conversations were deleted' }) deleted: number;
}

export class MessageeDto {
  @ApiProperty({ enum: ['user', 'page'] }) type: 'user' | 'page';
  @ApiProperty({ type: UserSummaryDto, nullable: true }) user: UserSummaryDto | null;
  @ApiProperty({ type: MessagingPageDto, nullable: true }) page: MessagingPageDto | null;
  @ApiProperty({ enum: CONV_TYPES, description: 'The conversation type writing to it makes' })
  convType: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The caller’s conversation with them, when there is one (answer with POST new)',
  })
  conversation_id: string | null;
  @ApiProperty({
    type: [String],
    description: 'The {a}/{b} of GET messages/conversation/{a}/{b}[/{c}] for it',
  })
  path: string[];
  @ApiProperty({ description: 'The caller may start a conversation (trusted, recipient open)' })
  can_start: boolean;
  @ApiProperty({ description: 'The caller may write: start one, or answer the one there is' })
  can_write: boolean;
  @ApiProperty({
    type: String,
    enum: WRITE_BLOCKS,
    nullable: true,
    description: 'Why the caller cannot start one (e.g. NOT_TRUSTED); null when they can',
  })
  start_block: string | null;
  @ApiProperty({
    type: String,
    enum: WRITE_BLOCKS,
    nullable: true,
    description: 'Why the caller cannot write at all; null when they can',
  })
  write_block: string | null;
}
