import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { ImageVariant } from '../../../platform/images/image-pipeline.service';
import { Post } from './post.entity';

export const MAX_PHOTOS_PER_POST = 10;
export const ALT_TEXT_MAX = 300;
export const PHOTO_DESCRIPTION_MAX = 1000;

/** One photo of a post, in order; the first one is the post's `image_ref`. */
@Entity('post_photo')
@Unique('post_photo_position_uq', ['postId', 'position'])
@Check('post_photo_position_chk', `position BETWEEN 0 AND ${MAX_PHOTOS_PER_POST - 1}`)
@Check('post_photo_alt_text_chk', `char_length(alt_text) <= ${ALT_TEXT_MAX}`)
@Check('post_photo_description_chk', `char_length(description) <= ${PHOTO_DESCRIPTION_MAX}`)
@Index('post_photo_image_ref_idx', ['imageRef'])
export class PostPhoto {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  postId: string;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Column('smallint')
  position: number;

  @Column('text')
  imageRef: string;

  /** Every stored rendition ascending by width (the last is `image_ref`). */
  @Column('jsonb', { default: () => "'[]'" })
  variants: ImageVariant[];

  @Column('text')
  blurhash: string;

  @Column('int')
  width: number;

  @Column('int')
  height: number;

  @Column('text', { nullable: true })
  altText: string | null;

  /** A plant photo's description. */
  @Column('text', { nullable: true })
  description: string | null;
}
