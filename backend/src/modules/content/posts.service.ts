import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { canSee, mayEdit, viewerOf } from '../../platform/access/viewer';
import { newRandomId } from '../../platform/ids/random-id';
import { imageRefs } from '../../platform/images/image-pipeline.service';
import { StorageService } from '../../platform/storage/storage.service';
import { createHash } from 'node:crypto';
import { OutboxService } from '../../platform/queues/outbox.service';
import { normaliseTagName, TagsService } from '../tags';
import { assertCaller } from './authorship';
import type { ContentItem, TagRef } from './content-item';
import { ContentItemsService, contentItemOf, postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { PostPages } from './post-pages';
import type { PostPrivacy, PostType } from './entities/post.entity';
import * as posts from './posts.queries';
import type { InsertedPost, LockedPost } from './posts.queries';
import { deleteUploads } from './uploads.queries';
import { LinkPreviewsService } from './link-previews.service';
import { firstUrlOf, hashtagsOf, mentionsOf } from './living-text';
import { retriedStatement, retriedTransaction } from '../../platform/database/retried-transaction';
import { Sql } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';

export type { LockedPost } from './posts.queries';

export interface NewPostPhoto {
  ref: string;
  alt_text?: string | null;
  description?: string | null;
}

export interface NewPostInput {
  type: PostType;
  text: string;
  privacy: PostPrivacy;
  tags: string[];
  photos: NewPostPhoto[];
  pageId?: string | null;
}

/** Creating, editing and deleting posts; only the author (or an admin) changes a post. */
@Injectable()
export class PostsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly items: ContentItemsService,
    private readonly tags: TagsService,
    private readonly storage: StorageService,
    private readonly pages: PostPages,
    private readonly outbox: OutboxService,
    private readonly previews: LinkPreviewsService,
  ) {}

  /**
   * A text/image post, answered from what the write returns (no read-back). One statement writes
   * it all: the post, its tags (found or created, counted when the post is public), their links
   * and its photos (insertPostAndTags). It is run again when it meets another writer (a tag
   * created meanwhile, a deadlock) or draws a taken random id, having written nothing. With
   * photos it runs in a transaction: a refused photo must undo the rest.
   */
  async create(member: Member, input: Omit<NewPostInput, 'type'>): Promise<ContentItem> {
    const post: NewPostInput = { ...input, type: 'text/image' };
    checkNewPost(post);
    if (post.pageId) await this.pages.assertMayPostAs(member.userId, post.pageId);
    // Hashtags in the text tag the post as tags picked in the composer do (same checks, same
    // limit of 10 together); see tagNamesOf for tags that do not exist yet.
    const tags = this.tags.newPostTags(tagNamesOf(post), member.userId, {
      countPost: post.privacy === 'public',
    });
    const text = {
      picked: { names: pickedNames(post.tags) },
      jobs: textJobsOf(post.text ?? ''),
    };
    const write = (db: SqlRunner) =>
      posts.insertPostAndTags(db, newPostRow(member.userId, post), tags, text);
    const written = post.photos.length
      ? await retriedTransaction(
          this.dataSource,
          async (manager) => {
            const row = await write(manager);
            if (row.attached !== post.photos.length) throw ContentErrors.UNKNOWN_PHOTO();
            return row;
          },
          { uniqueViolations: true },
        )
      : await retriedStatement(() => write(this.sql), { uniqueViolations: true });
    const page = written.page_id
      ? (await this.pages.refsOf([written.page_id])).get(written.page_id)
      : null;
    // A URL another post already named has its preview at once.
    const url = text.jobs.preview?.url;
    const linkPreview = url ? ((await this.previews.viewsOf([url])).get(url) ?? null) : null;
    return contentItemOf(written, {
      photos: written.photos,
      tags: written.tags,
      page,
      linkPreview,
    });
  }

  /**
   * Writes a post with its photos (the member's unattached uploads, now attached) and tags, in the
   * caller's transaction. Returns the new post's id.
   */
  async createPost(manager: EntityManager, userId: string, input: NewPostInput): Promise<string> {
    return (await this.writePost(manager, userId, input)).row.id;
  }

  /**
   * The tags (found or created, counted when the post is public) in one statement, then the post
   * with its photos and tag links in another, in the caller's transaction (another module's
   * post: its kind's rows are written in the same transaction).
   */
  private async writePost(
    manager: EntityManager,
    userId: string,
    input: NewPostInput,
  ): Promise<{ row: InsertedPost; tags: TagRef[] }> {
    checkNewPost(input);
    if (input.pageId) await this.pages.assertMayPostAs(userId, input.pageId);
    const tags = await this.tags.resolveForPost(manager, tagNamesOf(input), userId, {
      countPost: input.privacy === 'public',
    });
    const picked = new Set(pickedNames(input.tags));
    let row: InsertedPost | undefined;
    // A random_id collision (about 1 in 10^17) writes nothing: draw again.
    for (let attempt = 0; !row; attempt += 1) {
      if (attempt > 3) throw new Error('Could not draw a free random id for a post');
      row = await posts.insertPostWithPhotosAndTags(
        manager,
        {
          ...newPostRow(userId, input),
          tagIds: tags.map((tag) => tag.id),
          pickedIds: tags.filter((tag) => picked.has(tag.name)).map((tag) => tag.id),
        },
        textJobsOf(input.text ?? ''),
      );
    }
    if (row.attached !== input.photos.length) throw ContentErrors.UNKNOWN_PHOTO();
    return { row, tags };
  }

  /**
   * Finds a post by random id or uuid and locks it for a change by this member: POST_NOT_FOUND
   * when the member cannot see it, NOT_THE_AUTHOR when they may see but not change it.
   */
  async lockForEdit(manager: EntityManager, member: Member, key: string): Promise<LockedPost> {
    const query = postKeyQuery(key);
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const post = await posts.lockPost(manager, query);
    const viewer = viewerOf(member);
    if (!post || !canSee(viewer, { privacy: post.privacy, userId: post.user_id }))
      throw ContentErrors.POST_NOT_FOUND();
    if (!mayEdit(viewer, post.user_id)) throw ContentErrors.NOT_THE_AUTHOR();
    return post;
  }

  async updateTextAndTags(
    member: Member,
    input: { postId: string; text: string; tags: string[] },
  ): Promise<ContentItem> {
    const id = await retriedTransaction(this.dataSource, async (manager) => {
      const post = await this.lockForEdit(manager, member, input.postId);
      if (post.type === 'text/image' && !input.text.trim()) {
        if (!(await posts.countPhotos(manager, post.id))) throw ContentErrors.EMPTY_POST();
      }
      // A form that sends back every tag the post showed sends its hashtag tags too: a tag the
      // old text named and nobody picked stays the text's, so editing the hashtag away drops it.
      const links = await posts.tagLinksOf(manager, post.id);
      const pickedBefore = await this.tags.tagsByIds(
        links.filter((link) => link.picked).map((link) => link.tag_id),
        manager,
      );
      const wasPicked = new Set([...pickedBefore.values()].map((tag) => tag.name));
      const oldHashtags = new Set(hashtagsOf(post.text));
      const picked = pickedNames(input.tags).filter(
        (name) => wasPicked.has(name) || !oldHashtags.has(name),
      );
      const tags = await this.tags.resolveForPost(
        manager,
        [...picked, ...hashtagsOf(input.text)],
        member.userId,
      );
      const pickedIds = tags.filter((tag) => picked.includes(tag.name)).map((tag) => tag.id);
      const retagged = await this.replaceTags(
        manager,
        post,
        tags.map((tag) => tag.id),
        pickedIds,
      );
      await posts.updateText(manager, post.id, input.text);
      if (input.text !== post.text)
        await this.queueTextJobs(manager, post.id, member.userId, input.text);
      // Saving it unchanged is no edit: readers are told "Edited" only when it says something new.
      if (retagged || input.text !== post.text) await this.markEdited(manager, post.id);
      await this.bump(manager, post.id);
      return post.id;
    });
    return this.items.one(viewerOf(member), id);
  }

  async updatePrivacy(
    member: Member,
    input: { id: string; uuid: string; privacy: PostPrivacy },
  ): Promise<ContentItem> {
    assertCaller(member, input.uuid);
    const id = await retriedTransaction(this.dataSource, async (manager) => {
      const post = await this.lockForEdit(manager, member, input.id);
      await this.setPrivacy(manager, post, input.privacy);
      await this.bump(manager, post.id);
      return post.id;
    });
    return this.items.one(viewerOf(member), id);
  }

  /**
   * Changes a locked post's privacy. Tags count public posts only, so moving in or out of
   * 'public' moves the post's tags' counts too.
   */
  async setPrivacy(manager: EntityManager, post: LockedPost, privacy: PostPrivacy): Promise<void> {
    if (post.privacy === privacy) return;
    const wasPublic = post.privacy === 'public';
    const isPublic = privacy === 'public';
    await posts.updatePrivacy(manager, post.id, privacy);
    // Members it mentions who could not see it before may now: they hear of it once (dedupe key).
    if (privacy !== 'private' && mentionsOf(post.text).length)
      await this.outbox.enqueue(manager, 'notifications', 'post-mentions', {
        postId: post.id,
        actorId: post.user_id,
      });
    if (wasPublic !== isPublic)
      await this.tags.adjustPostCounts(
        manager,
        await posts.tagIdsOf(manager, post.id),
        isPublic ? 1 : -1,
      );
    post.privacy = privacy;
  }

  /** Records that what a locked post says changed now (readers see "Edited"). */
  async markEdited(manager: EntityManager, postId: string): Promise<void> {
    await posts.markEdited(manager, postId);
  }

  /** Moves a post to the top of every feed ("edited just now"). */
  async bump(manager: EntityManager, postId: string): Promise<void> {
    await posts.bumpPost(manager, postId);
  }

  /** Deletes a post with its photos, comments, reactions and tag links; the files follow by job. */
  async remove(
    member: Member,
    input: { postId: string; userId: string },
  ): Promise<{ deleted: true }> {
    assertCaller(member, input.userId);
    await retriedTransaction(this.dataSource, async (manager) => {
      const post = await this.lockForEdit(manager, member, input.postId);
      await this.deleteLocked(manager, post);
    });
    return { deleted: true };
  }

  private async deleteLocked(manager: EntityManager, post: LockedPost): Promise<void> {
    const photos = await posts.photoFilesOf(manager, post.id);
    if (post.privacy === 'public')
      await this.tags.adjustPostCounts(manager, await posts.tagIdsOf(manager, post.id), -1);
    const refs = photos.flatMap((photo) =>
      imageRefs({ ref: photo.image_ref, variants: photo.variants }),
    );
    if (refs.length) await deleteUploads(manager, refs);
    await posts.deletePost(manager, post.id);
    await this.storage.scheduleRemoval(refs, manager);
  }

  /**
   * Sets each given photo's description and alt text (plant photos); unknown ids: UNKNOWN_PHOTO.
   * The post counts as edited when a text really changes.
   */
  async updatePhotoTexts(
    manager: EntityManager,
    postId: string,
    photos: Array<{ id: string; description: string; alt_text?: string | null }>,
  ): Promise<void> {
    if (new Set(photos.map((photo) => photo.id)).size !== photos.length)
      throw ContentErrors.DUPLICATE_PHOTO();
    if (!photos.length) return;
    const changes = photos.map((photo) => ({
      id: photo.id,
      description: blankToNull(photo.description),
      alt_text: blankToNull(photo.alt_text),
      set_alt: photo.alt_text !== undefined,
    }));
    const before = new Map(
      (
        await posts.photoTextsOf(
          manager,
          postId,
          changes.map((change) => change.id),
        )
      ).map((row) => [row.id, row]),
    );
    const updated = await posts.updatePhotoTexts(manager, postId, changes);
    if (updated.length !== photos.length) throw ContentErrors.UNKNOWN_PHOTO();
    const changed = changes.some((change) => {
      const was = before.get(change.id);
      return (
        was?.description !== change.description ||
        (change.set_alt && was.alt_text !== change.alt_text)
      );
    });
    if (changed) await posts.markEdited(manager, postId);
  }

  /** The edited text's mention notices and link preview, with the edit (outbox). */
  private async queueTextJobs(
    manager: EntityManager,
    postId: string,
    actorId: string,
    text: string,
  ): Promise<void> {
    const jobs = textJobsOf(text);
    if (jobs.mentions)
      await this.outbox.enqueue(manager, 'notifications', 'post-mentions', { postId, actorId });
    if (jobs.preview)
      await this.outbox.enqueue(
        manager,
        'images',
        'link-preview',
        { url: jobs.preview.url },
        { jobId: jobs.preview.jobId },
      );
  }

  private async linkTags(
    manager: EntityManager,
    postId: string,
    tagIds: number[],
    privacy: PostPrivacy,
    pickedIds: readonly number[] = tagIds,
  ): Promise<void> {
    if (!tagIds.length) return;
    await posts.linkTags(manager, postId, tagIds, pickedIds);
    if (privacy === 'public') await this.tags.adjustPostCounts(manager, tagIds, 1);
  }

  /** Links exactly these tags to the post; whether that changed its tags. */
  private async replaceTags(
    manager: EntityManager,
    post: LockedPost,
    tagIds: number[],
    pickedIds: number[] = tagIds,
  ): Promise<boolean> {
    const current = await posts.tagIdsOf(manager, post.id);
    const removed = current.filter((id) => !tagIds.includes(id));
    const added = tagIds.filter((id) => !current.includes(id));
    if (removed.length) {
      await posts.unlinkTags(manager, post.id, removed);
      if (post.privacy === 'public') await this.tags.adjustPostCounts(manager, removed, -1);
    }
    await this.linkTags(manager, post.id, added, post.privacy, pickedIds);
    await posts.setPicked(manager, post.id, pickedIds);
    return removed.length > 0 || added.length > 0;
  }
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** What a new post must be before anything is written. */
function checkNewPost(input: NewPostInput): void {
  if (!(input.text ?? '').trim() && !input.photos.length) throw ContentErrors.EMPTY_POST();
  const refs = input.photos.map((photo) => photo.ref);
  if (new Set(refs).size !== refs.length) throw ContentErrors.DUPLICATE_PHOTO();
}

/** The post's row and photos as written, with a newly drawn random id. */
function newPostRow(userId: string, input: NewPostInput): posts.NewPost {
  return {
    randomId: newRandomId(),
    type: input.type,
    userId,
    text: input.text ?? '',
    privacy: input.privacy,
    pageId: input.pageId ?? null,
    photos: input.photos.map((photo) => ({
      ref: photo.ref,
      alt_text: blankToNull(photo.alt_text),
      description: blankToNull(photo.description),
    })),
  };
}

/**
 * The tag names a post's tags come from: those picked, then the hashtags of its text. A hashtag
 * naming a tag that does not exist yet creates it, as the composer's tag picker does: any
 * registered member may create a (non-category) tag (POST /api/iam/tags/new/), and every post
 * author is one, so writing `#newname` is no more than picking "newname". Together they are
 * checked as picked tags are (TagsService: valid names, at most 10, else TOO_MANY_TAGS).
 */
function tagNamesOf(input: { text: string; tags: string[] }): string[] {
  return [...input.tags, ...hashtagsOf(input.text ?? '')];
}

/** The picked tags' names as stored (names that cannot be tags are refused before this counts). */
function pickedNames(names: readonly string[]): string[] {
  return names.map(normaliseTagName).filter((name): name is string => name !== null);
}

/** The jobs a post's text asks for: mention notices, the first URL's preview. */
function textJobsOf(text: string): posts.PostTextJobs {
  const url = firstUrlOf(text);
  return {
    mentions: mentionsOf(text).length > 0,
    preview: url ? { url, jobId: previewJobId(url) } : null,
  };
}

/** One fetch of a URL at a time, and at most one an hour (the job itself skips a fresh one). */
function previewJobId(url: string): string {
  const hour = Math.floor(Date.now() / 3_600_000);
  return `link-preview.${createHash('sha256').update(url).digest('hex').slice(0, 32)}.${hour}`;
}
