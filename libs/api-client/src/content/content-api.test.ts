import { createSessionStore } from '@plantfolk/session';
import { describe, expect, it, vi } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { createPlantsApi } from '../plants/plants-api';
import { createTagsApi } from '../tags/tags-api';
import { isValidTagName, normaliseTagName } from '../tags/tag-names';
import { createFakeApi, fail, fakePost, fakeResponder, ok, okWith } from '../testing';
import type { UploadTransport } from '../upload-transport';
import { createContentApi } from './content-api';

function setup() {
  const fake = createFakeApi();
  const session = createSessionStore();
  session.setSession({ loggedIn: true, accessToken: 'token-1' });
  const upload = vi.fn<UploadTransport>(async (url, init) => fake.fetch(url, init));
  const apiFetch = createApiFetch({ fetch: fake.fetch, session, upload });
  return {
    fake,
    upload,
    content: createContentApi(apiFetch),
    plants: createPlantsApi(apiFetch),
    tags: createTagsApi(apiFetch),
  };
}

describe('content api', () => {
  it('reads a feed page with the responders sent next to it', async () => {
    const { fake, content } = setup();
    const post = fakePost();
    fake.on(
      'GET',
      '/api/iam/posts/more-recent/abc%2Fdef',
      okWith({ items: [post], next_cursor: null }, [fakeResponder()]),
    );

    const page = await content.moreFeed('abc/def');

    expect(page.data.items).toEqual([post]);
    expect(page.responders).toEqual([fakeResponder()]);
  });

  it('answers an empty responders list when the API sends none', async () => {
    const { fake, content } = setup();
    fake.on('GET', '/api/iam/posts/init-recent', ok({ items: [], next_cursor: null }));
    expect((await content.feed()).responders).toEqual([]);
  });

  it('pages tag posts and comments with ?cursorId=', async () => {
    const { fake, content } = setup();
    fake.on('GET', /^\/api\//, ok({ items: [], next_cursor: null }));

    await content.tagPosts('house plants', 'c1');
    await content.publicTagPosts('ferns');
    await content.comments('Ab12Cd34Ef', 'c2');
    await content.morePublicUserPosts('maria', 'c3');

    expect(fake.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/iam/posts/tag/house%20plants?cursorId=c1',
      '/api/posts/tag/ferns',
      '/api/iam/posts/comments/Ab12Cd34Ef?cursorId=c2',
      '/api/posts/more/by-user/maria?cursorId=c3',
    ]);
  });

  it('sends the mutations with the bodies of the contract', async () => {
    const { fake, content } = setup();
    fake.on('POST', /./, ok({})).on('DELETE', /./, ok({})).on('PUT', /./, ok({}));

    await content.createPost({
      text: 'Hi',
      privacy: 'members',
      tags: ['ferns'],
      photos: [{ ref: 'r1', alt_text: 'A fern' }],
    });
    await content.createComment({ postId: 'Ab12Cd34Ef', content: 'Nice', parentId: 'c-1' });
    await content.react({ postId: 'p-1' });
    await content.unreact('r-1');
    await content.deleteComment('c-1', 'u-1');
    await content.deletePost('p-1', 'u-1');
    await content.updateTextAndTags({ postId: 'p-1', text: 'New', tags: [] });
    await content.updatePrivacy({ id: 'p-1', uuid: 'u-1', privacy: 'private' });

    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/api/iam/posts/new',
        {
          text: 'Hi',
          privacy: 'members',
          tags: ['ferns'],
          photos: [{ ref: 'r1', alt_text: 'A fern' }],
        },
      ],
      [
        'POST',
        '/api/iam/posts/comment/new',
        { postId: 'Ab12Cd34Ef', content: 'Nice', parentId: 'c-1' },
      ],
      ['POST', '/api/iam/posts/reaction/new', { postId: 'p-1' }],
      ['DELETE', '/api/iam/posts/reaction', { id: 'r-1' }],
      ['DELETE', '/api/iam/posts/comment', { id: 'c-1', uuid: 'u-1' }],
      ['DELETE', '/api/iam/posts', { postId: 'p-1', userId: 'u-1' }],
      ['PUT', '/api/iam/posts/update/textandtags', { postId: 'p-1', text: 'New', tags: [] }],
      ['PUT', '/api/iam/posts/privacy', { id: 'p-1', uuid: 'u-1', privacy: 'private' }],
    ]);
  });

  it('uploads photos as multipart `photos` through the transport that reports progress', async () => {
    const { fake, content, upload } = setup();
    fake.on('POST', '/api/iam/posts/photos', ok([{ ref: 'u/1.webp' }]));
    const onProgress = vi.fn();

    const uploaded = await content.uploadPhotos([new Blob(['x'], { type: 'image/png' })], {
      onProgress,
    });

    expect(uploaded).toEqual([{ ref: 'u/1.webp' }]);
    expect(upload).toHaveBeenCalledTimes(1);
    const body = fake.requests[0]!.body as FormData;
    expect(body.getAll('photos')).toHaveLength(1);
  });

  it('rejects with the API error', async () => {
    const { fake, content } = setup();
    fake.on('GET', '/api/iam/posts/gone', fail(404, 'POST_NOT_FOUND', 'Post not found'));
    await expect(content.post('gone')).rejects.toMatchObject({
      status: 404,
      code: 'POST_NOT_FOUND',
    });
  });
});

describe('plants api', () => {
  it('builds the list paths of the contract', async () => {
    const { fake, plants } = setup();
    fake.on('GET', /./, ok({ items: [], next_cursor: null }));

    await plants.userPlants('u-1', 'plantsAvail', 20);
    await plants.moreUserPlants('u-1', 'plantsAll', 20, 'cur');
    await plants.publicUserPlants('maria', 'plantsAll');
    await plants.morePublicUserPlants('maria', 'plantsAvail', 'cur');
    await plants.listing('pl-1');
    await plants.publicListing('pl-1');

    expect(fake.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/iam/posts/plantsbyuser/u-1/plantsAvail/20',
      '/api/iam/posts/moreplantsbyuser/u-1/plantsAll/20/cur',
      '/api/plants/by-user/maria?filter=plantsAll',
      '/api/plants/by-user/more/maria?cursorId=cur&filter=plantsAvail',
      '/api/iam/posts/plant/pl-1',
      '/api/plant/pl-1',
    ]);
  });
});

describe('tags api', () => {
  it('looks tags up by prefix and creates them', async () => {
    const { fake, tags } = setup();
    fake.on('GET', /./, ok([])).on('POST', /./, ok({ id: 3, name: 'ferns' }));

    await tags.tagsByPrefix('fe');
    await tags.tagsByPrefix('pl', true);
    await tags.createTag({ tagName: 'Ferns' });

    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/iam/tags/prefix/fe/false', undefined],
      ['GET', '/api/iam/tags/prefix/pl/true', undefined],
      ['POST', '/api/iam/tags/new', { tagName: 'Ferns', isParent: false, returnAnId: false }],
    ]);
  });

  it('normalises tag names the way the API stores them', () => {
    expect(normaliseTagName('  House   Plants ')).toBe('house-plants');
    expect(isValidTagName('Zimmerpflanzen')).toBe(true);
    expect(isValidTagName('観葉植物')).toBe(true);
    expect(isValidTagName('a')).toBe(false);
    expect(isValidTagName('no_underscores')).toBe(false);
  });
});
