import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { UserAccount } from '../../identity';
import { Comment } from './comment.entity';
import { Post } from './post.entity';

/**
 * A member's reaction to a post or to a comment (exactly one of them). The unique constraints
 * make "one per member per target" hold under any concurrency. The target indexes end in
 * (created_at, id): who reacted to something is a keyset walk down them, newest first.
 */
@Entity('reaction')
@Unique('reaction_user_post_uq', ['userId', 'postId'])
@Unique('reaction_user_comment_uq', ['userId', 'commentId'])
@Index('reaction_post_idx', ['postId', 'createdAt', 'id'])
@Index('reaction_comment_idx', ['commentId', 'createdAt', 'id'])
@Check('reaction_one_target_chk', 'num_nonnulls(post_id, comment_id) = 1')
export class Reaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('uuid', { nullable: true })
  postId: string | null;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post | null;

  @Column('uuid', { nullable: true })
  commentId: string | null;

  @ManyToOne(() => Comment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id' })
  comment?: Comment | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
