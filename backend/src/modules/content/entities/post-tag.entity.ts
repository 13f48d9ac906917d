import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Tag } from '../../tags';
import { Post } from './post.entity';

/**
 * A post's tag. Deleting either side removes the link.
 *
 * `bumped_at` is the post's, copied so a tag's feed is one keyset walk down this tag's rows
 * (post_tag_feed_idx) whatever the age of its newest post; triggers keep it equal to the post's
 * (filled on insert when not given, moved with every bump: migration PostTallyAndTagFeed).
 */
@Entity('post_tag')
@Index('post_tag_feed_idx', ['tagId', 'bumpedAt', 'postId'])
export class PostTag {
  @PrimaryColumn('uuid')
  postId: string;

  @PrimaryColumn('int')
  tagId: number;

  @Column('timestamptz')
  bumpedAt: Date;

  /**
   * Picked in the composer (or the edit form). False: the post has the tag only because its text
   * names it (`#name`), so editing the text away drops it; a picked tag stays whatever the text.
   */
  @Column('boolean', { default: true })
  picked: boolean;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @ManyToOne('Tag', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;
}
