import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createMember, type TestMember } from '../support/members';
import { createPost, uploadPhotos } from '../support/content';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('content: posts', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    author = await createMember(t, 'registered');
    other = await createMember(t, 'registered');
    admin = await createMember(t, 'admin');
  });
  afterAll(() => t.close());

  function stored(ref: string): boolean {
    return existsSync(join(t.storageDir, 'images', ref));
  }

  async function tagCount(name: string): Promise<number | undefined> {
    const [row] = await t.dataSource.query('SELECT post_count FROM tag WHERE name = $1', [name]);
    return row?.post_count;
  }

  describe('creating', () => {
    it('creates a text post with photos (in order, with alt text) and normalised tags', async () => {
      const photos = await uploadPhotos(t, author, 2);
      const item = await createPost(t, author, {
        text: 'My monstera is thriving',
        tags: ['House Plants', 'monstera', '#monstera'],
        photos: [{ ref: photos[1].ref, alt_text: 'A leaf' }, { ref: photos[0].ref }],
      });
      expect(item).toMatchObject({
        random_id: expect.stringMatching(/^[0-9A-Za-z]{10}$/),
        type: 'text/image',
        user_id: author.id,
        page_id: null,
        text: 'My monstera is thriving',
        privacy: 'public',
        plant: null,
        reaction_count: 0,
        comment_count: 0,
        my_reaction_id: null,
      });
      expect(item.tags.map((tag: { name: string }) => tag.name)).toEqual([
        'house-plants',
        'monstera',
      ]);
      expect(item.photos).toHaveLength(2);
      expect(item.photos[0]).toMatchObject({
        image_ref: photos[1].ref,
        alt_text: 'A leaf',
        description: null,
        blurhash: photos[1].blurhash,
        width: photos[1].width,
        height: photos[1].height,
      });
      expect(item.photos[0].variants).toEqual(photos[1].variants);
      expect(item.photos[1]).toMatchObject({ image_ref: photos[0].ref, alt_text: null });
      expect(item.created_at).toBe(item.bumped_at);
      expect(await tagCount('monstera')).toBe(1);
      const [upload] = await t.dataSource.query(
        'SELECT attached_at FROM uploaded_image WHERE ref = $1',
        [photos[0].ref],
      );
      expect(upload.attached_at).not.toBeNull();
    });

    it('needs text or a photo', async () => {
      const response = await t
        .http()
        .post('/api/iam/posts/new')
        .set(author.headers)
        .send({ text: '   ', privacy: 'public', tags: [], photos: [] })
        .expect(400);
      expect(response.body.error.code).toBe('EMPTY_POST');
      const photoOnly = await createPost(t, author, {
        text: '',
        photos: [{ ref: (await uploadPhotos(t, author))[0].ref }],
      });
      expect(photoOnly.text).toBe('');
    });

    it('counts the text’s length as PostgreSQL does, so an over-long text is a 400, not a 500', async () => {
      // 2,501 hearts with a variation selector: 5,002 code points, over the 5,000 the column
      // allows, though a validator that skips variation selectors counts only 2,501.
      const response = await t
        .http()
        .post('/api/iam/posts/new')
        .set(author.headers)
        .send({ text: '\u2764\uFE0F'.repeat(2501), privacy: 'public', tags: [], photos: [] })
        .expect(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details).toEqual([
        { field: 'text', messages: ['text must be at most 5000 characters long'] },
      ]);
    });

    it('takes only the caller’s own unattached uploads, each once', async () => {
      const [theirs] = await uploadPhotos(t, other);
      const send = (photos: Array<{ ref: string }>) =>
        t
          .http()
          .post('/api/iam/posts/new')
          .set(author.headers)
          .send({ text: 'x', privacy: 'public', tags: [], photos });
      expect((await send([{ ref: theirs.ref }]).expect(400)).body.error.code).toBe('UNKNOWN_PHOTO');
      expect((await send([{ ref: 'posts/aa/nothing.webp' }]).expect(400)).body.error.code).toBe(
        'UNKNOWN_PHOTO',
      );
      const [{ ref }] = await uploadPhotos(t, author);
      expect((await send([{ ref }, { ref }]).expect(400)).body.error.code).toBe('DUPLICATE_PHOTO');
      await send([{ ref }]).expect(201);
      // Attached now: a second post cannot take it.
      expect((await send([{ ref }]).expect(400)).body.error.code).toBe('UNKNOWN_PHOTO');
      // Nothing of the refused posts was written.
      const [{ count }] = await t.dataSource.query(
        "SELECT count(*)::int AS count FROM post WHERE user_id = $1 AND text = 'x'",
        [author.id],
      );
      expect(count).toBe(1);
    });

    it('refuses more than 10 tags, bad tag names, a page id, and bad fields', async () => {
      const base = { text: 'hello', privacy: 'public', tags: [] as string[], photos: [] };
      const send = (body: Record<string, unknown>) =>
        t.http().post('/api/iam/posts/new').set(author.headers).send(body);
      const tooMany = await send({
        ...base,
        tags: Array.from({ length: 11 }, (_, i) => `tag${i}`),
      }).expect(400);
      expect(tooMany.body.error.code).toBe('TOO_MANY_TAGS');
      expect((await send({ ...base, tags: ['!'] }).expect(400)).body.error.code).toBe(
        'INVALID_TAG_NAME',
      );
      expect(
        (await send({ ...base, page_id: '5f0c7b8e-2f4b-4a43-9d1b-8f7a2f1c9e11' }).expect(404)).body
          .error.code,
      ).toBe('PAGE_NOT_FOUND');
      await send({ ...base, page_id: null }).expect(201);
      for (const bad of [
        { ...base, text: 'x'.repeat(5001) },
        { ...base, privacy: 'friends' },
        { ...base, photos: Array.from({ length: 11 }, () => ({ ref: 'posts/aa/x.webp' })) },
        { ...base, photos: [{ ref: 'posts/aa/x.webp', alt_text: 'x'.repeat(301) }] },
        { ...base, surprise: true },
        { ...base, tags: 'monstera' },
      ])
        expect((await send(bad).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('reading', () => {
    it('answers a post by random id or uuid, with its author in responders', async () => {
      const item = await createPost(t, author, { text: 'read me' });
      for (const key of [item.random_id, item.id]) {
        const response = await t.http().get(`/api/iam/posts/${key}`).expect(200);
        expect(response.body.data).toEqual(item);
        expect(response.body.responders).toEqual([
          expect.objectContaining({ uuid: author.id, username: author.username }),
        ]);
      }
      const single = await t.http().get(`/api/post/${item.random_id}`).expect(200);
      expect(single.body.data).toEqual({ post: item });
      expect(single.body.responders).toHaveLength(1);
      for (const missing of ['AAAAAAAAAA', 'not-a-post', '5f0c7b8e-2f4b-4a43-9d1b-8f7a2f1c9e11']) {
        const response = await t.http().get(`/api/iam/posts/${missing}`).expect(404);
        expect(response.body.error.code).toBe('POST_NOT_FOUND');
        await t.http().get(`/api/post/${missing}`).expect(404);
      }
    });
  });

  describe('editing', () => {
    it('edits text and tags, moves the post to the top and keeps tag counts', async () => {
      const item = await createPost(t, author, { text: 'first', tags: ['ferns', 'moss'] });
      await createPost(t, other, { text: 'newer' });
      const response = await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(author.headers)
        .send({ postId: item.random_id, text: 'second', tags: ['moss', 'lichen'] })
        .expect(200);
      expect(response.body.data).toMatchObject({ id: item.id, text: 'second' });
      expect(response.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual([
        'lichen',
        'moss',
      ]);
      expect(Date.parse(response.body.data.bumped_at)).toBeGreaterThan(Date.parse(item.bumped_at));
      expect(response.body.data.created_at).toBe(item.created_at);
      expect([await tagCount('ferns'), await tagCount('moss'), await tagCount('lichen')]).toEqual([
        0, 1, 1,
      ]);
      const feed = await t.http().get('/api/iam/posts/init-recent').set(author.headers).expect(200);
      expect(feed.body.data.items[0].id).toBe(item.id);
    });

    it('changes privacy, bumps the post, and counts tags of public posts only', async () => {
      const item = await createPost(t, author, { tags: ['succulents'] });
      expect(await tagCount('succulents')).toBe(1);
      const send = (privacy: string) =>
        t
          .http()
          .put('/api/iam/posts/privacy')
          .set(author.headers)
          .send({ id: item.id, uuid: author.id, privacy });
      const hidden = await send('private').expect(200);
      expect(hidden.body.data.privacy).toBe('private');
      expect(Date.parse(hidden.body.data.bumped_at)).toBeGreaterThan(Date.parse(item.bumped_at));
      expect(await tagCount('succulents')).toBe(0);
      await send('members').expect(200);
      expect(await tagCount('succulents')).toBe(0);
      await send('public').expect(200);
      expect(await tagCount('succulents')).toBe(1);
    });

    it('lets only the author (or an admin) edit or delete', async () => {
      const item = await createPost(t, author, { text: 'mine', tags: ['cacti'] });
      const edit = await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(other.headers)
        .send({ postId: item.id, text: 'hijacked', tags: [] })
        .expect(403);
      expect(edit.body.error.code).toBe('NOT_THE_AUTHOR');
      // Naming oneself as someone else does not help either.
      await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(other.headers)
        .send({ id: item.id, uuid: author.id, privacy: 'private' })
        .expect(403);
      await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(other.headers)
        .send({ id: item.id, uuid: other.id, privacy: 'private' })
        .expect(403);
      await t
        .http()
        .delete('/api/iam/posts')
        .set(other.headers)
        .send({ postId: item.id, userId: other.id })
        .expect(403);
      await t
        .http()
        .delete('/api/iam/posts')
        .set(other.headers)
        .send({ postId: item.id, userId: author.id })
        .expect(403);
      const unchanged = await t.http().get(`/api/iam/posts/${item.random_id}`).expect(200);
      expect(unchanged.body.data).toMatchObject({ text: 'mine', privacy: 'public' });

      // An admin may edit and delete anyone's post.
      await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(admin.headers)
        .send({ postId: item.id, text: 'moderated', tags: ['cacti'] })
        .expect(200);
      await t
        .http()
        .delete('/api/iam/posts')
        .set(admin.headers)
        .send({ postId: item.id, userId: admin.id })
        .expect(200, { status: 'success', data: { deleted: true } });
      await t.http().get(`/api/iam/posts/${item.random_id}`).expect(404);
    });
  });

  describe('deleting', () => {
    it('deletes a post with its photos (files removed by the cleanup job) and tag links', async () => {
      const photos = await uploadPhotos(t, author, 2);
      const item = await createPost(t, author, {
        tags: ['orchids'],
        photos: photos.map((photo) => ({ ref: photo.ref })),
      });
      const files = photos.flatMap((photo) => photo.variants.map((variant) => variant.ref));
      expect(files.length).toBeGreaterThanOrEqual(2);
      expect(files.every(stored)).toBe(true);
      expect(await tagCount('orchids')).toBe(1);

      await t
        .http()
        .delete('/api/iam/posts')
        .set(author.headers)
        .send({ postId: item.random_id, userId: author.id })
        .expect(200);
      await t.http().get(`/api/iam/posts/${item.id}`).expect(404);
      expect(await tagCount('orchids')).toBe(0);
      await eventually(async () => expect(files.filter(stored)).toEqual([]));
      const rows = await t.dataSource.query(
        `SELECT (SELECT count(*) FROM post_photo WHERE post_id = $1)::int AS photos,
                (SELECT count(*) FROM post_tag WHERE post_id = $1)::int AS tags,
                (SELECT count(*) FROM uploaded_image WHERE ref = ANY($2))::int AS uploads`,
        [item.id, photos.map((photo) => photo.ref)],
      );
      expect(rows[0]).toEqual({ photos: 0, tags: 0, uploads: 0 });
      await t
        .http()
        .delete('/api/iam/posts')
        .set(author.headers)
        .send({ postId: item.random_id, userId: author.id })
        .expect(404);
    });
  });
});
