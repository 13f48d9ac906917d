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

/**
 * u2u: member ↔ member; u2p: a member writes to a page (its owner answers as the page);
 * tomypage: a member writes to a page they own themselves (spec §3).
 */
export const CONV_TYPES = ['u2u', 'u2p', 'tomypage'] as const;
export type ConvType = (typeof CONV_TYPES)[number];

/**
 * A conversation between two members, or between a member and a page. `pair_key` makes it one
 * per pair (`u:{smaller id}:{larger id}`, `p:{page id}:{member id}`), so two members starting at
 * once meet in the same row. A page's conversations go with the page; a member's with their
 * account (the account deletion's first step, and the foreign keys as a back-stop).
 */
@Entity('conversation')
@Index('conversation_pair_idx', ['pairKey'], { unique: true })
@Index('conversation_page_idx', ['pageId'])
@Index('conversation_starter_idx', ['starterId'])
@Check('conversation_type_chk', "conv_type IN ('u2u', 'u2p', 'tomypage')")
@Check('conversation_page_chk', "(conv_type = 'u2u') = (page_id IS NULL)")
export class Conversation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  convType: ConvType;

  @Column('text')
  pairKey: string;

  /** The member who started it: in u2p and tomypage, the member side (the page's writer). */
  @Column('uuid')
  starterId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'starter_id' })
  starter?: unknown;

  /** The page written to (u2p, tomypage); null in u2u. */
  @Column('uuid', { nullable: true })
  pageId: string | null;

  @ManyToOne('Page', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When its newest message was written. */
  @Column('timestamptz', { default: () => 'now()' })
  lastMessageAt: Date;
}
