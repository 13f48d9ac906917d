import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { UserAccount } from '../../identity';
import type { Page } from '../../pages';

export const EVENT_PRIVACIES = ['public', 'members'] as const;
/** public: guests too; members: logged-in members whose e-mail is verified. */
export type EventPrivacy = (typeof EVENT_PRIVACIES)[number];

/**
 * An event: addressed by `random_id` in URLs; its templates (the first holds the specifics) and
 * dated specifics hang off it. A page's event stays its creator's when the page goes.
 */
@Entity('event')
@Index('event_creator_idx', ['creatorId', 'createdAt'])
@Index('event_page_idx', ['pageId'])
@Check('event_privacy_chk', "privacy IN ('public', 'members')")
@Check('event_random_id_chk', "random_id ~ '^[0-9A-Za-z]{10}$'")
export class Event {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  randomId: string;

  @Column('uuid')
  creatorId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creator_id' })
  creator?: UserAccount;

  @Column('uuid', { nullable: true })
  pageId: string | null;

  @ManyToOne('Page', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'page_id' })
  page?: Page;

  @Column('text', { default: 'public' })
  privacy: EventPrivacy;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
