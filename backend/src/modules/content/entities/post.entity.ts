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
import type { UserAccount } from '../../identity';

export const POST_TYPES = ['text/image', 'plant/image'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_PRIVACIES = ['public', 'members', 'private'] as const;
export type PostPrivacy = (typeof POST_PRIVACIES)[number];

export const POST_TEXT_MAX = 5000;

/**
 * A post (text/image) or a plant listing (plant/image; its details are the plants module's
 * `plant` row). Feeds sort by `bumped_at`, which editing moves to now. The counts are kept exact
 * by single-statement updates in the transaction that adds or removes a reaction or comment.
 *
 * Feed indexes: every list is a keyset walk down (bumped_at, id) — all posts, public posts
 * (guests), plant listings, one user's posts. Btree indexes are read backwards for DESC order.
 */
@Entity('post')
@Index('post_feed_idx', ['bumpedAt', 'id'])
@Index('post_public_feed_idx', ['bumpedAt', 'id'], { where: "privacy = 'public'" })
@Index('post_plant_feed_idx', ['bumpedAt', 'id'], { where: "type = 'plant/image'" })
@Index('post_user_feed_idx', ['userId', 'bumpedAt', 'id'])
@Index('post_page_feed_idx', ['pageId', 'bumpedAt', 'id'], { where: 'page_id IS NOT NULL' })
// A hash index (migration PostLinkUrl): equality only, no key size limit, no NULLs.
@Index('post_link_url_idx', { synchronize: false })
@Check('post_type_chk', "type IN ('text/image', 'plant/image')")
@Check('post_privacy_chk', "privacy IN ('public', 'members', 'private')")
@Check('post_text_length_chk', `char_length(text) <= ${POST_TEXT_MAX}`)
@Check('post_random_id_chk', "random_id ~ '^[0-9A-Za-z]{10}$'")
@Check('post_reaction_count_chk', 'reaction_count >= 0')
@Check('post_comment_count_chk', 'comment_count >= 0')
export class Post {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The public id in `/post/{randomId}`: 10 base62 characters. */
  @Column('text', { unique: true })
  randomId: string;

  @Column('text')
  type: PostType;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  /**
   * The page it was posted as (its author owns the page), or null. Named, not imported: pages sit
   * above content. When the page goes, its posts stay as their author's.
   */
  @Column('uuid', { nullable: true })
  pageId: string | null;

  @ManyToOne('Page', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'page_id' })
  page?: unknown;

  @Column('text', { default: '' })
  text: string;

  /**
   * The first URL of its text (living-text.ts firstUrlOf), kept with the text: the `link_preview`
   * it shows, and what keeps that preview from the unused-preview cleanup. Null: none.
   */
  @Column('text', { nullable: true })
  linkUrl: string | null;

  @Column('text')
  privacy: PostPrivacy;

  @Column('int', { default: 0 })
  reactionCount: number;

  @Column('int', { default: 0 })
  commentCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  bumpedAt: Date;

  /**
   * When its author (or an admin) last changed what it says (text, tags, a listing's details or
   * photo texts); null when never. A change of privacy alone is no edit. `updated_at` moves on
   * any change, so it cannot tell readers "Edited".
   */
  @Column('timestamptz', { nullable: true })
  editedAt: Date | null;

  /**
   * Full-text search (platform/search) over everything a post is found by: its text, its kind's
   * fields (a plant's name, species, swap terms) and its photos' descriptions. Kept by triggers
   * (migration 1795660000000-SearchOneRow), never loaded or written here: searches read it in SQL.
   */
  // GIN, one per post type a search group reads (text/image; plant/image): migration SearchOneRow.
  @Index('post_search_idx', { synchronize: false })
  @Index('post_plant_search_idx', { synchronize: false })
  @Column({ type: 'tsvector', nullable: true, select: false, insert: false, update: false })
  searchVector?: string;
}
