import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Tag } from '../../tags';
import { Post } from './post.entity';

/** A post's tag. Deleting either side removes the link. */
@Entity('post_tag')
@Index('post_tag_tag_idx', ['tagId', 'postId'])
export class PostTag {
  @PrimaryColumn('uuid')
  postId: string;

  @PrimaryColumn('int')
  tagId: number;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @ManyToOne('Tag', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;
}
