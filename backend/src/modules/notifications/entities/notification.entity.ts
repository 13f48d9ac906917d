import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

export const NOTIFICATION_TYPES = ['reaction', 'comment', 'event', 'immutable', 'mention'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Something a member should hear about. Its foreign keys (recipient, actor, post, comment: a row
 * goes with any of them) name their tables' entities by name, so this module imports no domain
 * module; the relations are never loaded, they are here for their keys. `dedupe_key` makes each notification's insert idempotent,
 * so a job that runs twice (retries, a re-relayed outbox row) still leaves one row.
 */
@Entity('notification')
@Index('notification_user_idx', ['userId', 'createdAt'])
@Index('notification_actor_idx', ['actorId'])
@Index('notification_post_idx', ['postId'])
@Index('notification_comment_idx', ['commentId'])
@Index('notification_event_idx', ['eventId'])
@Index('notification_event_specific_idx', ['eventSpecificId'])
@Index('notification_group_idx', ['userId', 'groupKey', 'createdAt', 'id'])
@Index('notification_unseen_idx', ['userId'], { where: 'NOT seen' })
@Check('notification_type_chk', "type IN ('reaction', 'comment', 'event', 'immutable', 'mention')")
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The recipient. */
  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  @Column('text')
  type: NotificationType;

  @Column('uuid', { nullable: true })
  actorId: string | null;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'actor_id' })
  actor?: unknown;

  @Column('uuid', { nullable: true })
  postId: string | null;

  @ManyToOne('Post', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: unknown;

  @Column('uuid', { nullable: true })
  commentId: string | null;

  @ManyToOne('Comment', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id' })
  comment?: unknown;

  /** Event notifications (events' own migration adds these). */
  @Column('uuid', { nullable: true })
  eventId: string | null;

  @ManyToOne('Event', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: unknown;

  @Column('uuid', { nullable: true })
  eventSpecificId: string | null;

  @ManyToOne('EventSpecific', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_specific_id' })
  eventSpecific?: unknown;

  /** The kind of `type`, e.g. EVENT_ATTENDANCE. */
  @Column('text', { nullable: true })
  subtype: string | null;

  @Column('boolean', { default: false })
  seen: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('text', { nullable: true, unique: true })
  dedupeKey: string | null;

  /**
   * What groups rows in the list: the same kind of thing done to the same object (written by the
   * insert, notifications.queries.ts); null: shown alone.
   */
  @Column('text', { nullable: true })
  groupKey: string | null;
}
