import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ImageVariant } from '../../../platform/images/image-pipeline.service';

export const LINK_PREVIEW_STATUSES = ['ok', 'failed'] as const;
/** ok: fetched and parsed (title at least); failed: could not be fetched or said nothing. */
export type LinkPreviewStatus = (typeof LINK_PREVIEW_STATUSES)[number];

/**
 * What a web page says of itself (OpenGraph, else twitter:* and <title>), fetched once per URL
 * off the request path (the `images/link-preview` job) and shown under posts whose first URL it
 * is. A failed fetch is kept too, so such a post simply has no preview until the row is old
 * enough to try again. The image is never hot-linked: it is fetched under the same rules and
 * re-hosted through the image pipeline (its files are ours, under `posts/`). A preview no post
 * names (`post.link_url`) goes a while after its last fetch, with its image's files (the
 * `cleanup/purge-unused-link-previews` job); `link_preview_fetched_idx` finds the old ones.
 */
@Entity('link_preview')
@Index('link_preview_fetched_idx', ['fetchedAt'])
@Check('link_preview_status_chk', `status IN ('ok', 'failed')`)
@Check('link_preview_url_chk', 'char_length(url) <= 2048')
export class LinkPreview {
  /** The URL as written in the post (the key posts find their preview by). */
  @PrimaryColumn('text')
  url: string;

  @Column('text')
  status: LinkPreviewStatus;

  @Column('text', { nullable: true })
  title: string | null;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('text', { nullable: true })
  siteName: string | null;

  /** The re-hosted image's main rendition; null: none (or it could not be fetched). */
  @Column('text', { nullable: true })
  imageRef: string | null;

  @Column('jsonb', { default: () => "'[]'" })
  imageVariants: ImageVariant[];

  @Column('text', { nullable: true })
  imageBlurhash: string | null;

  @Column('int', { nullable: true })
  imageWidth: number | null;

  @Column('int', { nullable: true })
  imageHeight: number | null;

  /** When it was last fetched: older than the refresh age, the next post naming it refetches. */
  @Column('timestamptz', { default: () => 'now()' })
  fetchedAt: Date;
}
