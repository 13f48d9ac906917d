import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** 'member': a member side; 'page': the owner of the page written to, reading its inbox. */
export const PARTICIPANT_ROLES = ['member', 'page'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/**
 * Who reads and writes a conversation, with their own read state: `unread_count` is kept by the
 * writes (a message adds one for every other participant; marking seen takes off what was read),
 * so the unread tally sums a member's few unread rows (a partial index) instead of counting
 * messages. `last_activity_at` copies the conversation's newest message time, so a member's list
 * walks one index, newest activity first.
 */
@Entity('conversation_participant')
@Index('conversation_participant_list_idx', ['userId', 'lastActivityAt', 'conversationId'])
@Index('conversation_participant_unread_idx', ['userId'], { where: 'unread_count > 0' })
@Check('conversation_participant_role_chk', "role IN ('member', 'page')")
@Check('conversation_participant_unread_chk', 'unread_count >= 0')
export class ConversationParticipant {
  @PrimaryColumn('uuid')
  conversationId: string;

  @ManyToOne('Conversation', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: unknown;

  @PrimaryColumn('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  @Column('text')
  role: ParticipantRole;

  @Column('integer', { default: 0 })
  unreadCount: number;

  /** The newest message this participant has seen (null: none yet). */
  @Column('timestamptz', { nullable: true })
  lastReadAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  lastActivityAt: Date;
}
