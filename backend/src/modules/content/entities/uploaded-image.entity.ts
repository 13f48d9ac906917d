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
import type { ImageVariant } from '../../../platform/images/image-pipeline.service';
import type { UserAccount } from '../../identity';

export const UPLOAD_STATUSES = ['pending', 'ready', 'failed'] as const;
/** pending: checked, original kept privately, waiting for the `images` queue; ready: rendered. */
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * A photo uploaded before its post is saved. The upload request checks it, keeps the original in
 * the private storage area and records it `pending` with its blurhash and size; the `images` queue
 * renders its files and records their variants (`ready`), or gives up (`failed`). Saving the post
 * attaches it (`attached_at`), rendered or not; the `cleanup` queue removes unattached ones (row
 * and files) after a day, and those whose post photos all went (`detached_at`, set by a trigger on
 * `post_photo`) a day after that.
 */
@Entity('uploaded_image')
@Check('uploaded_image_status_chk', `status IN ('pending', 'ready', 'failed')`)
@Index('uploaded_image_user_idx', ['userId'])
@Index('uploaded_image_unattached_idx', ['createdAt'], { where: 'attached_at IS NULL' })
@Index('uploaded_image_detached_idx', ['detachedAt'], { where: 'detached_at IS NOT NULL' })
export class UploadedImage {
  @PrimaryColumn('text')
  ref: string;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('text')
  folder: string;

  @Column('text', { default: 'pending' })
  status: UploadStatus;

  /** The original upload in the private storage area while it waits to be rendered. */
  @Column('text', { nullable: true })
  originalRef: string | null;

  /** The rendered files, ascending by width (the last is `ref`); empty until rendered. */
  @Column('jsonb', { default: () => "'[]'" })
  variants: ImageVariant[];

  @Column('text')
  blurhash: string;

  @Column('int')
  width: number;

  @Column('int')
  height: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  attachedAt: Date | null;

  /** When the last post photo made of it went (migration 1795700000000's trigger); null while one exists. */
  @Column('timestamptz', { nullable: true })
  detachedAt: Date | null;
}
