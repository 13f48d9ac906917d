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
import { Post } from './post.entity';

export const COMMENT_MAX = 2000;
export const MAX_COMMENT_LEVEL = 6;

/**
 * A comment on a post (level 0) or a reply (parent's level + 1, at most 6). Deleting a comment
 * deletes every reply under it (ON DELETE CASCADE down the parent chain).
 */
@Entity('comment')
@Index('comment_post_idx', ['postId', 'createdAt', 'id'])
@Index('comment_parent_idx', ['parentId'])
@Index('comment_user_idx', ['userId'])
@Check('comment_level_chk', `level BETWEEN 0 AND ${MAX_COMMENT_LEVEL}`)
@Check('comment_content_chk', `char_length(content) BETWEEN 1 AND ${COMMENT_MAX}`)
@Check('comment_reaction_count_chk', 'reaction_count >= 0')
export class Comment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('uuid', { nullable: true })
  parentId: string | null;

  @ManyToOne(() => Comment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Comment | null;

  @Column('smallint', { default: 0 })
  level: number;

  @Column('text')
  content: string;

  @Column('int', { default: 0 })
  reactionCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When its author last changed its content; null when never. */
  @Column('timestamptz', { nullable: true })
  editedAt: Date | null;
}
