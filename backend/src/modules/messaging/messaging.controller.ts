import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { parseTake } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import {
  ConversationIdDto,
  ConversationListDto,
  ConversationMessagesDto,
  DeletedConversationDto,
  DeletedConversationsDto,
  MarkMessagesSeenDto,
  MarkMessagesSeenResultDto,
  MemberIdDto,
  MessageDto,
  MessageeDto,
  MessagesTallyDto,
  NewMessageDto,
  NewPageConversationDto,
  NewUserConversationDto,
  StartedConversationDto,
} from './dto/messaging.dto';
import { MESSAGING_RATE_LIMITS as LIMITS } from './messaging.rate-limits';
import { MessagingService } from './messaging.service';

const CONVERSATION_PATH_HELP =
  '{a}: a member’s username — the member side of the conversation. {b}: the other member’s ' +
  'username (member ↔ member; either order works) or a page’s handle (the conversation of ' +
  'member {a} with page {b}: u2p, or tomypage when {a} owns {b}). {c} (optional): the ' +
  'next_cursor of the previous page, for older messages (or ?cursorId=). The caller must be ' +
  '{a} or {b}, or the owner of page {b}; anyone else gets 404. Messages come newest first; ' +
  '`conversation` is null when the two have none yet. Screens: /messages/{username} reads ' +
  '{me}/{username}; /messages/{userHandle}/to/{pageHandle} reads {userHandle}/{pageHandle}.';

/**
 * Conversations under /api/iam/messages (spec §7). Trusted members start them; any registered
 * member reads and answers the ones they are in (and a page's owner its inbox). Whoever is not in
 * one gets 404 on every conversation path.
 */
@ApiTags('messaging')
@Controller('api/iam/messages')
export class MessagingController {
  constructor(private readonly messaging: MessagingService) {}

  @Get('all')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'The caller’s conversations, newest activity first, with unread counts (by cursor)',
    description:
      'Includes the inboxes of the pages the caller owns (inbox: "page"). Use path for ' +
      'GET conversation/{a}/{b} and link for the screen.',
  })
  @ApiQuery({ name: 'cursorId', required: false, description: 'next_cursor of the previous page' })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(ConversationListDto)
  @ApiFailures(400)
  all(
    @CurrentMember() member: Member,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.messaging.conversations(member, cursor, parseTake(take));
  }

  @Get('unread-tally')
  @Access('completed-regn')
  @ApiOperation({ summary: 'Unseen messages to the caller (and in how many conversations)' })
  @ApiSuccess(MessagesTallyDto)
  unreadTally(@CurrentMember() member: Member) {
    return this.messaging.tally(member.userId);
  }

  @Get('conversation/:a/:b')
  @Access('completed-regn')
  @ApiOperation({
    summary:
      'A conversation’s newest messages: {a} a member’s username, {b} the other member’s ' +
      'username or a page’s handle',
    description: CONVERSATION_PATH_HELP,
  })
  @ApiParam({ name: 'a', description: 'A member’s username (the member side)' })
  @ApiParam({ name: 'b', description: 'The other member’s username, or a page’s handle' })
  @ApiQuery({ name: 'cursorId', required: false, description: 'Same as {c}' })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(ConversationMessagesDto)
  @ApiFailures(400, 404)
  conversation(
    @CurrentMember() member: Member,
    @Param('a') a: string,
    @Param('b') b: string,
    @Query('cursorId') cursorId?: string,
    @Query('take') take?: string,
  ) {
    return this.messaging.conversationMessages(member, a, b, cursorId, parseTake(take));
  }

  @Get('conversation/:a/:b/:c')
  @Access('completed-regn')
  @ApiOperation({
    summary:
      'Older messages of a conversation: {a} a member’s username, {b} the other member’s ' +
      'username or a page’s handle, {c} the next_cursor of the previous page',
    description: CONVERSATION_PATH_HELP,
  })
  @ApiParam({ name: 'a', description: 'A member’s username (the member side)' })
  @ApiParam({ name: 'b', description: 'The other member’s username, or a page’s handle' })
  @ApiParam({ name: 'c', description: 'next_cursor of the previous page ("0": the first page)' })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(ConversationMessagesDto)
  @ApiFailures(400, 404)
  olderMessages(
    @CurrentMember() member: Member,
    @Param('a') a: string,
    @Param('b') b: string,
    @Param('c') c: string,
    @Query('take') take?: string,
  ) {
    return this.messaging.conversationMessages(member, a, b, c, parseTake(take));
  }

  @Post('new-u-to-u-conversation')
  @Access('trusted-only')
  @RateLimit('conversation-start', LIMITS['conversation-start'])
  @ApiOperation({
    summary: 'Write to a member (trusted members): starts the conversation, or adds to the one',
    description:
      'A member who is not trusted answers a conversation addressed to them with POST new. ' +
      'RECIPIENT_UNAVAILABLE (409) when the member is suspended; MEMBER_NOT_FOUND (404).',
  })
  @ApiSuccess(StartedConversationDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  newUserConversation(@CurrentMember() member: Member, @Body() body: NewUserConversationDto) {
    return this.messaging.startWithMember(member, body.username, body.message);
  }

  @Post('new-u-to-p-conversation')
  @Access('trusted-only')
  @RateLimit('conversation-start', LIMITS['conversation-start'])
  @ApiOperation({
    summary: 'Write to a page (trusted members): starts the conversation, or adds to the one',
    description:
      'convType is tomypage when the caller owns the page. PAGE_CLOSED (409) when the page ' +
      'takes no messages; PAGE_NOT_FOUND (404).',
  })
  @ApiSuccess(StartedConversationDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  newPageConversation(@CurrentMember() member: Member, @Body() body: NewPageConversationDto) {
    return this.messaging.startWithPage(member, body.pageHandle, body.message);
  }

  @Post('new')
  @Access('completed-regn')
  @RateLimit('message-send', LIMITS['message-send'])
  @ApiOperation({
    summary: 'Write in a conversation the caller is in (or their page’s inbox)',
    description:
      'Any registered member may answer. CONVERSATION_NOT_FOUND (404) for anyone not in it; ' +
      'RECIPIENT_UNAVAILABLE / PAGE_CLOSED (409) when the other side cannot receive.',
  })
  @ApiSuccess(MessageDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  newMessage(@CurrentMember() member: Member, @Body() body: NewMessageDto) {
    return this.messaging.send(member, body.convnId.toLowerCase(), body.message);
  }

  @Delete('conversation')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Delete a conversation the caller is in: it goes for both sides, with its messages',
    description: 'CONVERSATION_NOT_FOUND (404) for anyone not in it (a page’s owner is in).',
  })
  @ApiSuccess(DeletedConversationDto)
  @ApiFailures(400, 404)
  deleteConversation(@CurrentMember() member: Member, @Body() body: ConversationIdDto) {
    return this.messaging.deleteConversation(member, body.convnId.toLowerCase());
  }

  @Delete('conversations')
  @Access('authd-only')
  @ApiOperation({
    summary: 'Delete every conversation of a member (the first step of deleting an account)',
    description:
      'The caller’s own (uuid = theirs), or any member’s for an admin; 404 otherwise. ' +
      'Deleting the account (DELETE authn/delete, users/{uuid}) does this first by itself.',
  })
  @ApiSuccess(DeletedConversationsDto)
  @ApiFailures(400, 404)
  deleteConversations(@CurrentMember() member: Member, @Body() body: MemberIdDto) {
    return this.messaging.deleteConversationsOf(member, body.uuid.toLowerCase());
  }
}

/** GET /api/iam/users/user-or-page-messagee-by-handle/{handle} (spec §7). */
@ApiTags('messaging')
@Controller('api/iam/users')
export class MessageeController {
  constructor(private readonly messaging: MessagingService) {}

  @Get('user-or-page-messagee-by-handle/:handle')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Who a handle is to write to (a member or a page), and whether the caller may',
    description:
      'With the caller’s conversation with them, when there is one. 404 when no registered ' +
      'member or page has the handle.',
  })
  @ApiSuccess(MessageeDto)
  @ApiFailures(404)
  messagee(@CurrentMember() member: Member, @Param('handle') handle: string) {
    return this.messaging.messagee(member, handle);
  }
}

/** PUT /api/messages/mark-as-seen (spec §7). */
@ApiTags('messaging')
@Controller('api/messages')
export class MessagesSeenController {
  constructor(private readonly messaging: MessagingService) {}

  @Put('mark-as-seen')
  @Access('completed-regn')
  @ApiOperation({
    summary: 'Mark messages seen: each conversation is read up to the newest of msgsArr',
    description:
      'The spec lists it among the public calls, but it changes the caller’s read state, so it ' +
      'takes a registered member (and the csrf_token). Answers the caller’s tally after.',
  })
  @ApiSuccess(MarkMessagesSeenResultDto)
  @ApiFailures(400)
  markSeen(@CurrentMember() member: Member, @Body() body: MarkMessagesSeenDto) {
    return this.messaging.markSeen(member.userId, body.msgsArr);
  }
}
