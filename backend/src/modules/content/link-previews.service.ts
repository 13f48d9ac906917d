import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { Sql } from '../../platform/database/sql';
import { SafeFetchError, type SafeFetchPolicy, safeFetch } from '../../platform/http/safe-fetch';
import {
  ImagePipeline,
  type ProcessedImage,
  imageRefs,
} from '../../platform/images/image-pipeline.service';
import { StorageService } from '../../platform/storage/storage.service';
import type { LinkPreviewView } from './content-item';
import { summarisePage } from './link-preview-page';
import * as previews from './link-previews.queries';

/** How long a fetched preview is kept before a post naming it fetches it again. */
export const PREVIEW_REFRESH_HOURS = { ok: 7 * 24, failed: 24 };
/**
 * A preview no post names goes this long after its last fetch (with its image's files). A post
 * naming it again by then would have refetched it anyway (PREVIEW_REFRESH_HOURS), so only a cache
 * nobody reads is lost.
 */
export const PREVIEW_UNUSED_DAYS = 30;
/** How often the cleanup looks for them (the `cleanup/purge-unused-link-previews` timer). */
export const PREVIEW_PURGE_EVERY_MS = 6 * 3600_000;
/** What is read of a page: its head is near the start; the rest is never read. */
export const PAGE_MAX_BYTES = 1024 * 1024;
export const PREVIEW_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/**
 * Link previews: the first URL of a post is fetched off the request path (the
 * `images/link-preview` job, written to the outbox with the post), SSRF-safely
 * (platform/http/safe-fetch.ts), its OpenGraph summary kept per URL in `link_preview` with its
 * image re-hosted through the image pipeline, and shown with every post whose first URL it is.
 * A page that cannot be fetched, is not HTML or says nothing (no title) is recorded as failed:
 * its posts have no preview, and it is tried again after a day.
 */
@Injectable()
export class LinkPreviewsService {
  private readonly logger = new Logger('LinkPreviews');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly config: AppConfig,
    private readonly images: ImagePipeline,
    private readonly storage: StorageService,
  ) {}

  /** The fetch rules for pages (`kind` 'page') and their images. */
  policy(kind: 'page' | 'image'): SafeFetchPolicy {
    const { allowLoopback, extraPorts, timeoutMs } = this.config.linkPreviews;
    return {
      allowLoopback,
      extraPorts,
      timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      userAgent: `PlantfolkBot/${this.config.version} (+${this.config.publicUrl})`,
      ...(kind === 'page'
        ? {
            maxBytes: PAGE_MAX_BYTES,
            accept: 'text/html,application/xhtml+xml;q=0.9',
            acceptsType: (type) => type === 'text/html' || type === 'application/xhtml+xml',
          }
        : {
            maxBytes: PREVIEW_IMAGE_MAX_BYTES,
            accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9',
            acceptsType: (type) => type.startsWith('image/'),
          }),
    };
  }

  /**
   * Fetches the URL's preview unless a recent one is kept (`force` refetches anyway). Never
   * throws for what the page does: a failure is recorded. Returns what was recorded, or 'fresh'.
   */
  async refresh(
    url: string,
    options: { force?: boolean } = {},
  ): Promise<'ok' | 'failed' | 'fresh'> {
    if (!options.force && (await previews.isFresh(this.sql, url, PREVIEW_REFRESH_HOURS)))
      return 'fresh';
    let row: previews.NewLinkPreview;
    let image: ProcessedImage | null = null;
    try {
      const page = await safeFetch(url, this.policy('page'));
      const summary = summarisePage(page.body, page.charset, page.url);
      if (!summary.title) throw new SafeFetchError('content-type', 'a page without a title');
      image = summary.imageUrl ? await this.rehost(summary.imageUrl) : null;
      row = {
        url,
        status: 'ok',
        title: summary.title,
        description: summary.description,
        site_name: summary.siteName,
        image_ref: image?.ref ?? null,
        image_variants: image?.variants ?? [],
        image_blurhash: image?.blurhash ?? null,
        image_width: image?.width ?? null,
        image_height: image?.height ?? null,
      };
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      this.logger.debug(`No preview of ${url}: ${error.message}`);
      row = {
        url,
        status: 'failed',
        title: null,
        description: null,
        site_name: null,
        image_ref: null,
        image_variants: [],
        image_blurhash: null,
        image_width: null,
        image_height: null,
      };
    }
    let keptTheirs = false;
    try {
      await this.dataSource.transaction(async (manager) => {
        const old = await previews.lockPreview(manager, url);
        // Two posts naming the URL at once queue two jobs: the first to commit wins, so a post's
        // preview does not change under it and no image is rendered twice over.
        const written = await previews.upsertPreview(
          manager,
          row,
          options.force ? null : PREVIEW_REFRESH_HOURS,
        );
        if (!written) {
          keptTheirs = true;
          return;
        }
        if (old?.image_ref)
          await this.storage.scheduleRemoval(
            imageRefs({ ref: old.image_ref, variants: old.image_variants }),
            manager,
          );
      });
    } catch (error) {
      if (image) await this.images.scheduleRemoval(image).catch(() => undefined);
      throw error;
    }
    if (keptTheirs) {
      if (image) await this.images.scheduleRemoval(image).catch(() => undefined);
      return 'fresh';
    }
    return row.status;
  }

  /** The page's image, fetched under the same rules and rendered as our own; null if it fails. */
  private async rehost(imageUrl: string): Promise<ProcessedImage | null> {
    try {
      const fetched = await safeFetch(imageUrl, this.policy('image'));
      if (fetched.truncated) return null;
      return await this.images.process(fetched.body, { folder: 'posts' });
    } catch (error) {
      this.logger.debug(`No preview image from ${imageUrl}: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Removes the previews no post names (`post.link_url`) fetched more than PREVIEW_UNUSED_DAYS
   * ago, in batches of `batch`, each row with its image's files (removed by a `cleanup` job, as
   * a refresh removes a replaced image, once the batch commits). Answers how many went.
   */
  async purgeUnused(batch = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const rows = await previews.deleteUnusedPreviews(manager, PREVIEW_UNUSED_DAYS, batch);
        await this.storage.scheduleRemoval(
          rows.flatMap((row) =>
            row.image_ref ? imageRefs({ ref: row.image_ref, variants: row.image_variants }) : [],
          ),
          manager,
        );
        return rows.length;
      });
      removed += count;
      if (count < batch) return removed;
    }
  }

  /** The kept previews of these URLs, by URL (one query for a page of posts). */
  async viewsOf(urls: readonly string[]): Promise<Map<string, LinkPreviewView>> {
    if (!urls.length) return new Map();
    const rows = await previews.previewsOf(this.sql, [...new Set(urls)]);
    return new Map(rows.map((row) => [row.url, previewView(row)]));
  }
}

function previewView(row: previews.LinkPreviewRow): LinkPreviewView {
  return {
    url: row.url,
    title: row.title ?? '',
    description: row.description,
    siteName: row.site_name,
    image: row.image_ref
      ? {
          image_ref: row.image_ref,
          variants: row.image_variants,
          blurhash: row.image_blurhash ?? '',
          width: row.image_width ?? 0,
          height: row.image_height ?? 0,
        }
      : null,
  };
}
