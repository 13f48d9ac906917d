import {
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

/**
 * A photo uploaded before its post is saved. Saving the post attaches it (`attached_at`); the
 * `cleanup` queue removes unattached ones (row and files) after a day.
 */
@Entity('uploaded_image')
@Index('uploaded_image_user_idx', ['userId'])
@Index('uploaded_image_unattached_idx', ['createdAt'], { where: 'attached_at IS NULL' })
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
}
