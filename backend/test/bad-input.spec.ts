import { createPlant, createPost } from './support/content';
import { createMember, type TestMember } from './support/members';
import { listOperations, resolveSchema } from './support/openapi-operations';
import { startTestApp, type TestApp } from './support/test-app';
import { jpeg } from './support/test-images';

/**
 * The inputs an outside probe answered with 500 (issue 7, item 4), one by one: a NUL byte in a
 * path segment, a cursor, a query string or anywhere in a JSON body; and null in fields that may
 * be left out but that the services take as values. Each must be a 400 that changes nothing.
 */
describe('bad input: NUL bytes and nulls are refused at the edge', () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await createMember(t, 'registered');
  });
  afterAll(() => t.close());

  function expectValidationFailed(
    response: { status: number; body: { status?: string; error?: { code?: string } } },
    code = 'VALIDATION_FAILED',
  ) {
    expect({ status: response.status, body: response.body }).toMatchObject({
      status: 400,
      body: { status: 'error', error: { code } },
    });
  }

  async function countRows(table: string): Promise<number> {
    const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`);
    return row.n;
  }

  describe('a NUL byte', () => {
    it('in a path segment (guest): GET /api/posts/ab%00cd', async () => {
      const response = await t.http().get('/api/posts/ab%00cd');
      expectValidationFailed(response);
      expect(response.body.error.details).toEqual([
        { field: 'username', messages: ['username must not contain a NUL character (U+0000)'] },
      ]);
    });

    it.each([
      '/api/iam/posts/user-or-page-basic/a%00b',
      '/api/posts/more/by-user/%00',
      '/api/plants/by-user/a%00b',
      '/api/iam/tags/get-single/name/a%00b',
      '/api/iam/tags/prefix/a%00/false',
      '/api/iam/tags/get-tags-n-children/a%00b,c',
    ])('in a path segment: GET %s', async (path) => {
      expectValidationFailed(await t.http().get(path));
      expectValidationFailed(await t.http().get(path).set(member.headers));
    });

    it('in a cursor (guest): GET /api/iam/tags/all/{base64url of {"name":"a\\u0000b"}}', async () => {
      expect(Buffer.from('eyJuYW1lIjoiYVx1MDAwMGIifQ', 'base64url').toString()).toBe(
        '{"name":"a\\u0000b"}',
      );
      const response = await t.http().get('/api/iam/tags/all/eyJuYW1lIjoiYVx1MDAwMGIifQ');
      expectValidationFailed(response, 'INVALID_CURSOR');
    });

    it.each([
      '/api/plants/recent/all?cursorId=%00',
      '/api/iam/tags/interest-cat-tags?unused=%00',
      '/api/posts/tag/ferns?cursorId=a%00b',
      '/api/content-items/recent?anything=%00',
    ])('in a query string: GET %s', async (path) => {
      expectValidationFailed(await t.http().get(path));
    });

    it('in post text: POST /api/iam/posts/new {"text":"a\\u0000b"} writes nothing', async () => {
      const before = await countRows('post');
      const response = await t
        .http()
        .post('/api/iam/posts/new')
        .set(member.headers)
        .send({ text: 'a\u0000b', privacy: 'public', tags: [], photos: [] });
      expectValidationFailed(response);
      expect(response.body.error.details).toEqual([
        { field: 'text', messages: ['text must not contain a NUL character (U+0000)'] },
      ]);
      expect(await countRows('post')).toBe(before);
    });

    it('deep inside a JSON body, and in a key, naming the field', async () => {
      const before = await countRows('post');
      const deep = await t
        .http()
        .post('/api/iam/posts/new')
        .set(member.headers)
        .send({ text: 'ok', privacy: 'public', tags: ['ferns', 'x\u0000'], photos: [] });
      expectValidationFailed(deep);
      expect(deep.body.error.details[0].field).toBe('tags.1');
      const key = await t
        .http()
        .post('/api/iam/posts/new')
        .set(member.headers)
        .send({ text: 'ok', privacy: 'public', tags: [], photos: [], ['a\u0000']: 1 });
      expectValidationFailed(key);
      expect(await countRows('post')).toBe(before);
    });

    it('in a comment, whose text would travel on in a job payload (jsonb)', async () => {
      const post = await createPost(t, member);
      const outbox = await countRows('outbox_message');
      const comments = await countRows('comment');
      const response = await t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(member.headers)
        .send({ postId: post.random_id, content: 'nice\u0000plant' });
      expectValidationFailed(response);
      expect(await countRows('comment')).toBe(comments);
      expect(await countRows('outbox_message')).toBe(outbox);
    });

    it('in a text field of an upload form', async () => {
      const response = await t
        .http()
        .post('/api/iam/posts/photos')
        .set(member.headers)
        .field('folder', 'posts\u0000')
        .attach('photos', await jpeg(32, 32), 'a.jpg');
      expectValidationFailed(response);
      expect(response.body.error.details).toEqual([
        { field: 'folder', messages: ['folder must not contain a NUL character (U+0000)'] },
      ]);
      expect(await countRows('uploaded_image')).toBe(0);
    });
  });

  describe('null where a field may only be left out', () => {
    it('PUT /api/iam/users/update-user-settings {"email_on_message":null}', async () => {
      const before = await t.http().get('/api/iam/users/user-settings').set(member.headers);
      for (const field of [
        'email_on_message',
        'email_on_comment',
        'email_on_event',
        'show_in_nearby',
        'distance_unit',
        'time_zone',
      ]) {
        const response = await t
          .http()
          .put('/api/iam/users/update-user-settings')
          .set(member.headers)
          .send({ [field]: null });
        expectValidationFailed(response);
        expect(response.body.error.details[0]).toEqual({
          field,
          messages: expect.arrayContaining([`${field} may be left out but may not be null`]),
        });
      }
      const after = await t.http().get('/api/iam/users/user-settings').set(member.headers);
      expect(after.body.data).toEqual(before.body.data);
    });

    it('PUT /api/iam/authn/update {"suburb_city":null}', async () => {
      const before = await t.http().get('/api/iam/authn/profile').set(member.headers);
      for (const field of [
        'username',
        'suburb_city',
        'state',
        'country',
        'latitude',
        'longitude',
        'current_password',
        'new_password',
        'end_other_sessions',
      ]) {
        const response = await t
          .http()
          .put('/api/iam/authn/update')
          .set(member.headers)
          .send({ [field]: null });
        expectValidationFailed(response);
      }
      const after = await t.http().get('/api/iam/authn/profile').set(member.headers);
      expect(after.body.data).toEqual(before.body.data);
    });

    it('PUT /api/iam/posts/plant/update/details: null name or availability is refused, null species clears it', async () => {
      const plant = await createPlant(t, member, {
        plant: { name: 'Monstera', species: 'deliciosa', quantity: 2, swap_terms: 'a fern' },
      });
      const update = (changes: Record<string, unknown>) =>
        t
          .http()
          .put('/api/iam/posts/plant/update/details')
          .set(member.headers)
          .send({ postId: plant.random_id, userId: member.id, plant: changes });
      const rowOf = async () =>
        (
          await t.dataSource.query(
            'SELECT name, species, available, quantity, swap_terms, updated_at FROM plant WHERE post_id = $1',
            [plant.id],
          )
        )[0];
      const before = await rowOf();
      expectValidationFailed(await update({ name: null }));
      expectValidationFailed(await update({ available: null }));
      expectValidationFailed(await update({ name: 'a\u0000b' }));
      const refusedPrivacy = await t
        .http()
        .put('/api/iam/posts/plant/update/details')
        .set(member.headers)
        .send({ postId: plant.random_id, userId: member.id, plant: {}, privacy: null });
      expectValidationFailed(refusedPrivacy);
      expect(await rowOf()).toEqual(before);

      // Null is the documented way to clear the optional details.
      const cleared = await update({ species: null, quantity: null, swap_terms: null });
      expect(cleared.status).toBe(200);
      expect(await rowOf()).toMatchObject({
        name: 'Monstera',
        species: null,
        quantity: null,
        swap_terms: null,
      });
    });

    it('other optional fields: reactions, comments, refresh, new tags, nearby', async () => {
      const post = await createPost(t, member);
      const reactions = await countRows('reaction');
      expectValidationFailed(
        await t
          .http()
          .post('/api/iam/posts/reaction/new')
          .set(member.headers)
          .send({ postId: post.random_id, commentId: null }),
      );
      expectValidationFailed(
        await t
          .http()
          .post('/api/iam/posts/comment/new')
          .set(member.headers)
          .send({ postId: post.random_id, content: 'hi', parentId: null }),
      );
      expectValidationFailed(
        await t
          .http()
          .post('/api/iam/tags/new')
          .set(member.headers)
          .send({ tagName: 'ferns', isParent: null }),
      );
      expectValidationFailed(
        await t
          .http()
          .post('/api/iam/authn/refresh')
          .send({ grant_type: 'authorization_code', code: null, code_verifier: null }),
      );
      expectValidationFailed(
        await t
          .http()
          .put('/api/plants/avail-nearby')
          .send({ latitude: 1, longitude: 1, radius_km: null }),
      );
      expect(await countRows('reaction')).toBe(reactions);
    });

    it('the OpenAPI document says which optional fields may be null', () => {
      const { document } = listOperations(t);
      const schema = (name: string) =>
        resolveSchema(document, { $ref: `#/components/schemas/${name}` });
      expect(
        schema('UpdateUserSettingsDto').properties?.email_on_message?.nullable,
      ).toBeUndefined();
      expect(schema('UpdateAccountDto').properties?.suburb_city?.nullable).toBeUndefined();
      expect(schema('PlantDetailsPatchDto').properties?.name?.nullable).toBeUndefined();
      for (const field of ['species', 'quantity', 'swap_terms'])
        expect(schema('PlantDetailsPatchDto').properties?.[field]?.nullable).toBe(true);
      expect(schema('NewPostDto').properties?.page_id?.nullable).toBe(true);
      expect(schema('TagDetailsDto').properties?.description?.nullable).toBe(true);
    });
  });

  describe('a number PostgreSQL cannot compute with', () => {
    it('refuses a vanishingly small coordinate (float underflow) and stores nothing', async () => {
      const nearby = await t
        .http()
        .put('/api/plants/avail-nearby')
        .send({ latitude: -7e-323, longitude: -8.48e-191, radius_km: 45 });
      expectValidationFailed(nearby);
      const before = await t.http().get('/api/iam/authn/profile').set(member.headers);
      const update = await t
        .http()
        .put('/api/iam/authn/update')
        .set(member.headers)
        .send({ latitude: 5e-324, longitude: 1e-300 });
      expectValidationFailed(update);
      expect(update.body.error.details.map((problem: { field: string }) => problem.field)).toEqual([
        'latitude',
        'longitude',
      ]);
      const after = await t.http().get('/api/iam/authn/profile').set(member.headers);
      expect(after.body.data).toEqual(before.body.data);
      // 0 itself (the equator, the prime meridian) stays a fine coordinate.
      await t
        .http()
        .put('/api/plants/avail-nearby')
        .send({ latitude: 0, longitude: 0, radius_km: 45 })
        .expect(200);
    });
  });

  describe('a malformed address', () => {
    it.each(['/api/posts/%', '/api/posts/%C0%80', '/api/iam/tags/all/%E0%A4%A'])(
      'answers %s with the error envelope',
      async (path) => {
        const response = await t.http().get(path);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          status: 'error',
          error: { code: 'MALFORMED_URL', message: 'The address could not be read' },
        });
      },
    );

    it('answers an over-long path parameter with 414 in the envelope', async () => {
      const response = await t.http().get(`/api/posts/${'x'.repeat(9000)}`);
      expect(response.status).toBe(414);
      expect(response.body.error.code).toBe('URI_TOO_LONG');
    });
  });
});
