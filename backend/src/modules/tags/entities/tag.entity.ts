import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import type { UserAccount } from '../../identity';
import { TagGroup } from './tag-group.entity';

/**
 * A tag, stored under its normalised name (see tag-name.ts). Parent tags are the interest
 * categories; a child points at a parent tag. The counts are kept exact by single-statement
 * updates in the transaction that adds or removes what they count.
 */
@Entity('tag')
@Index('tag_parent_idx', ['parentId'])
@Check('tag_name_length_chk', 'char_length(name) BETWEEN 2 AND 40')
@Check('tag_follower_count_chk', 'follower_count >= 0')
@Check('tag_post_count_chk', 'post_count >= 0')
export class Tag {
  /**
   * Drawn at random (1 to 2^31 - 2), not from a sequence: an id then tells nothing of when its tag
   * was made, so a name someone else used only privately reads, when named again, like a tag made
   * just now (tag-visibility.ts). Inserts skip a clashing draw and retry (TagsService). The text
   * is `floor(random() * 2147483646) + 1` as TypeORM reads it back, so that it is no schema drift.
   */
  @PrimaryColumn('int', { default: () => '(floor((random() * (2147483646))) + (1))' })
  id: number;

  /**
   * Byte-order collation: the unique index then also serves prefix lookups (`LIKE 'mon%'`), and
   * "all tags by name" pages have a stable, locale-independent order.
   */
  @Column({ type: 'text', unique: true, collation: 'C' })
  name: string;

  @Column('boolean', { default: false })
  isParent: boolean;

  @Column('int', { nullable: true })
  parentId: number | null;

  /** Removing a parent makes its children top-level tags. */
  @ManyToOne(() => Tag, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Tag | null;

  @Column('int', { nullable: true })
  groupId: number | null;

  @ManyToOne(() => TagGroup, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'group_id' })
  group?: TagGroup | null;

  /** The "tag detail" shown on the tag's page. */
  @Column('text', { nullable: true })
  description: string | null;

  /** Interest rows (user, tag, interest type) that name this tag. */
  @Column('int', { default: 0 })
  followerCount: number;

  /** Posts linked to this tag (post_tag, owned by the content module). */
  @Column('int', { default: 0 })
  postCount: number;

  @Column('uuid', { nullable: true })
  createdBy: string | null;

  @ManyToOne('UserAccount', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: UserAccount | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
