import { AccountDeletionService } from '../../src/modules/identity/account-deletion.service';
import { INTEREST_TYPES } from '../../src/modules/tags/entities/user-tag-interest.entity';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedTag, tagRow, uniqueTagName } from './support';

describe('tags: members’ interests', () => {
  let t: TestApp;
  let admin: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await createMember(t, 'admin');
  });
  afterAll(() => t.close());

  const addInterests = (caller: TestMember, tagIdArr: unknown, interestType: unknown = 'follow') =>
    t
      .http()
      .post('/api/iam/tags/new-interests')
      .set(caller.headers)
      .send({ tagIdArr, interestType });
  const deleteInterests = (
    caller: TestMember,
    tagIdArr: unknown,
    interestType: unknown = 'follow',
  ) =>
    t
      .http()
      .delete('/api/iam/tags/delete-interests')
      .set(caller.headers)
      .send({ tagIdArr, interestType });
  const checkIfLast = (caller: TestMember, body: Record<string, unknown>) =>
    t.http().put('/api/iam/tags/check-if-last').set(caller.headers).send(body);
  const interestsOf = (caller: TestMember, userId: string) =>
    t.http().get(`/api/iam/tags/user-interests/${userId}`).set(caller.headers);
  const followers = async (id: number) => (await tagRow(t, id))?.follower_count;

  describe('POST new-interests', () => {
    it('adds interests of each type, one follower per new row, and answers with all of them', async () => {
      const member = await createMember(t, 'registered');
      const pothos = await seedTag(t, uniqueTagName('pothos'));
      const hoya = await seedTag(t, uniqueTagName('hoya'));

      const followed = await addInterests(member, [pothos, hoya], 'follow').expect(200);
      expect(followed.body.data).toHaveLength(2);
      await addInterests(member, [pothos], 'grow').expect(200);
      const all = await addInterests(member, [pothos], 'want').expect(200);

      expect(
        all.body.data.map((row: { tag: { id: number }; interest_type: string }) => [
          row.tag.id,
          row.interest_type,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [pothos, 'follow'],
          [pothos, 'grow'],
          [pothos, 'want'],
          [hoya, 'follow'],
        ]),
      );
      expect(all.body.data).toHaveLength(4);
      expect(all.body.data[0].tag).toMatchObject({ name: expect.any(String), is_parent: false });
      expect(await followers(pothos)).toBe(3);
      expect(await followers(hoya)).toBe(1);
      const shown = all.body.data.find((row: { tag: { id: number } }) => row.tag.id === pothos).tag;
      expect(shown.follower_count).toBe(3);
    });

    it('is idempotent: adding an interest again changes nothing', async () => {
      const member = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('again'));
      await addInterests(member, [tag, tag]).expect(200);
      await addInterests(member, [tag]).expect(200);
      expect(await followers(tag)).toBe(1);
      const rows = await t.dataSource.query(
        'SELECT 1 FROM user_tag_interest WHERE user_id = $1 AND tag_id = $2',
        [member.id, tag],
      );
      expect(rows).toHaveLength(1);
    });

    it('adds nothing when one of the tags does not exist (404 naming it)', async () => {
      const member = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('real'));
      const response = await addInterests(member, [tag, 999999]).expect(404);
      expect(response.body.error).toMatchObject({
        code: 'TAG_NOT_FOUND',
        details: { missing: [999999] },
      });
      expect(await followers(tag)).toBe(0);
      expect(
        await t.dataSource.query('SELECT 1 FROM user_tag_interest WHERE user_id = $1', [member.id]),
      ).toEqual([]);
    });

    it('refuses bad bodies', async () => {
      const member = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('body'));
      const tooMany = Array.from({ length: 51 }, (_, index) => index + 1);
      for (const [tagIdArr, interestType] of [
        [[], 'follow'],
        [tooMany, 'follow'],
        [[tag], 'love'],
        [[tag], null],
        [[tag], ['follow']],
        [['1'], 'follow'],
        [[1.5], 'follow'],
        [[0], 'follow'],
        [tag, 'follow'],
      ] as const) {
        const response = await addInterests(member, tagIdArr, interestType);
        expect([JSON.stringify(tagIdArr), response.status, response.body.error?.code]).toEqual([
          JSON.stringify(tagIdArr),
          400,
          'VALIDATION_FAILED',
        ]);
      }
      await t
        .http()
        .post('/api/iam/tags/new-interests')
        .set(member.headers)
        .send({ tagIdArr: [tag] })
        .expect(400);
      expect(await followers(tag)).toBe(0);
    });

    it('needs a registered member', async () => {
      const verified = await createMember(t, 'verified');
      const tag = await seedTag(t, uniqueTagName('gate'));
      await addInterests(verified, [tag]).expect(403);
      await t
        .http()
        .post('/api/iam/tags/new-interests')
        .send({ tagIdArr: [tag], interestType: 'follow' })
        .expect(401);
      expect(await followers(tag)).toBe(0);
    });
  });

  describe('DELETE delete-interests', () => {
    it('reports exactly which rows went and which counts went down, once', async () => {
      const member = await createMember(t, 'registered');
      const [a, b, c] = [
        await seedTag(t, uniqueTagName('del')),
        await seedTag(t, uniqueTagName('del')),
        await seedTag(t, uniqueTagName('del')),
      ];
      await addInterests(member, [a, b], 'grow').expect(200);
      await addInterests(member, [a], 'follow').expect(200);

      const response = await deleteInterests(member, [b, a, c, 999999], 'grow').expect(200);
      // Ids are random, so a and b come in either order; the answer lists them sorted.
      const ab = [a, b].sort((x, y) => x - y);
      expect(response.body.data).toEqual({ deleted: ab, decremented: ab });
      expect(await followers(a)).toBe(1); // the 'follow' row stays
      expect(await followers(b)).toBe(0);
      expect(await followers(c)).toBe(0);

      const again = await deleteInterests(member, [a, b], 'grow').expect(200);
      expect(again.body.data).toEqual({ deleted: [], decremented: [] });
      expect(await followers(a)).toBe(1);

      const interests = await interestsOf(member, member.id).expect(200);
      expect(interests.body.data).toEqual([
        { tag: expect.objectContaining({ id: a }), interest_type: 'follow' },
      ]);
    });

    it('never takes a count below 0', async () => {
      const member = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('zero'));
      await addInterests(member, [tag]).expect(200);
      // A count already wrong (say, edited by hand): the row goes, the count stays at 0.
      await t.dataSource.query('UPDATE tag SET follower_count = 0 WHERE id = $1', [tag]);
      const response = await deleteInterests(member, [tag]).expect(200);
      expect(response.body.data).toEqual({ deleted: [tag], decremented: [] });
      expect(await followers(tag)).toBe(0);
    });

    it('only removes the caller’s own rows', async () => {
      const owner = await createMember(t, 'registered');
      const other = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('mine'));
      await addInterests(owner, [tag]).expect(200);
      const response = await deleteInterests(other, [tag]).expect(200);
      expect(response.body.data).toEqual({ deleted: [], decremented: [] });
      expect(await followers(tag)).toBe(1);
    });

    it('refuses bad bodies', async () => {
      const member = await createMember(t, 'registered');
      await deleteInterests(member, [], 'follow').expect(400);
      await deleteInterests(member, [1], 'everything').expect(400);
    });
  });

  describe('PUT check-if-last', () => {
    it('says whether removing the tags would leave the member with no interests', async () => {
      const member = await createMember(t, 'registered');
      const [a, b] = [
        await seedTag(t, uniqueTagName('last')),
        await seedTag(t, uniqueTagName('last')),
      ];
      expect((await checkIfLast(member, { tagIdArr: [a] }).expect(200)).body.data).toEqual({
        last: true,
      });
      await addInterests(member, [a, b], 'follow').expect(200);
      await addInterests(member, [a], 'want').expect(200);

      const last = async (body: Record<string, unknown>) =>
        (await checkIfLast(member, body).expect(200)).body.data.last;
      expect(await last({ tagIdArr: [a] })).toBe(false);
      expect(await last({ tagIdArr: [a, b] })).toBe(true);
      expect(await last({ tagIdArr: [a, b], interestType: 'follow' })).toBe(false); // 'want' stays
      expect(await last({ tagIdArr: [a, b, 999999] })).toBe(true);

      await deleteInterests(member, [a], 'want').expect(200);
      expect(await last({ tagIdArr: [a, b], interestType: 'follow' })).toBe(true);
      // Asking changes nothing.
      expect(await followers(a)).toBe(1);
    });

    it('refuses bad bodies', async () => {
      const member = await createMember(t, 'registered');
      await checkIfLast(member, {}).expect(400);
      await checkIfLast(member, { tagIdArr: [1], interestType: 'nope' }).expect(400);
    });
  });

  describe('GET user-interests/{id}', () => {
    it('shows members their own interests, admins anyone’s, and nobody else’s', async () => {
      const member = await createMember(t, 'registered');
      const other = await createMember(t, 'registered');
      const tag = await seedTag(t, uniqueTagName('seen'));
      await addInterests(member, [tag], 'grow').expect(200);

      const own = await interestsOf(member, member.id).expect(200);
      expect(own.body.data).toEqual([
        { tag: expect.objectContaining({ id: tag, follower_count: 1 }), interest_type: 'grow' },
      ]);
      expect((await interestsOf(admin, member.id).expect(200)).body.data).toEqual(own.body.data);
      const refused = await interestsOf(other, member.id).expect(403);
      expect(refused.body.error.code).toBe('NOT_YOUR_INTERESTS');
      expect((await interestsOf(other, other.id).expect(200)).body.data).toEqual([]);
      await interestsOf(member, 'not-a-uuid').expect(400);
      // authd-only: a member still choosing a username sees (no) interests of their own.
      const signedUp = await createMember(t, 'signed-up');
      expect((await interestsOf(signedUp, signedUp.id).expect(200)).body.data).toEqual([]);
      await t.http().get(`/api/iam/tags/user-interests/${member.id}`).expect(401);
    });
  });

  describe('exact counts under concurrency', () => {
    it('counts 50 members adding the same tag at once, then removing it at once', async () => {
      const tag = await seedTag(t, uniqueTagName('popular'));
      const members = await Promise.all(
        Array.from({ length: 50 }, () => createMember(t, 'registered')),
      );
      const added = await Promise.all(members.map((member) => addInterests(member, [tag])));
      expect(added.map((response) => response.status)).toEqual(members.map(() => 200));
      expect(await followers(tag)).toBe(50);
      const [{ rows }] = await t.dataSource.query(
        'SELECT count(*)::int AS rows FROM user_tag_interest WHERE tag_id = $1',
        [tag],
      );
      expect(rows).toBe(50);

      const removed = await Promise.all(members.map((member) => deleteInterests(member, [tag])));
      expect(removed.map((response) => response.body.data)).toEqual(
        members.map(() => ({ deleted: [tag], decremented: [tag] })),
      );
      expect(await followers(tag)).toBe(0);
    });

    it('counts one member’s parallel duplicates once, both ways', async () => {
      const member = await createMember(t, 'registered');
      const [a, b] = [
        await seedTag(t, uniqueTagName('dup')),
        await seedTag(t, uniqueTagName('dup')),
      ];
      // Opposite orders in parallel must not deadlock either.
      const adds = await Promise.all(
        Array.from({ length: 20 }, (_, index) => addInterests(member, index % 2 ? [a, b] : [b, a])),
      );
      expect(adds.map((response) => response.status)).toEqual(adds.map(() => 200));
      expect([await followers(a), await followers(b)]).toEqual([1, 1]);

      const deletes = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          deleteInterests(member, index % 2 ? [a, b] : [b, a]),
        ),
      );
      const reported = deletes.map((response) => response.body.data);
      expect(reported.filter((data) => data.deleted.length)).toEqual([
        { deleted: [a, b].sort((x, y) => x - y), decremented: [a, b].sort((x, y) => x - y) },
      ]);
      expect([await followers(a), await followers(b)]).toEqual([0, 0]);
    });

    it('stays exact when adds and removes of every type interleave', async () => {
      const tag = await seedTag(t, uniqueTagName('mixed'));
      const members = await Promise.all(
        Array.from({ length: 10 }, () => createMember(t, 'registered')),
      );
      await Promise.all(
        members.flatMap((member) =>
          INTEREST_TYPES.map((type) => addInterests(member, [tag], type).expect(200)),
        ),
      );
      await Promise.all(
        members.flatMap((member, index) => [
          deleteInterests(member, [tag], INTEREST_TYPES[index % 3]).expect(200),
          deleteInterests(member, [tag], INTEREST_TYPES[index % 3]).expect(200),
          addInterests(member, [tag], INTEREST_TYPES[(index + 1) % 3]).expect(200),
        ]),
      );
      const [{ rows }] = await t.dataSource.query(
        'SELECT count(*)::int AS rows FROM user_tag_interest WHERE tag_id = $1',
        [tag],
      );
      expect(rows).toBe(20);
      expect(await followers(tag)).toBe(rows);
    });
  });

  it('takes a deleted account’s interests out of the follower counts', async () => {
    const leaving = await createMember(t, 'registered');
    const staying = await createMember(t, 'registered');
    const tag = await seedTag(t, uniqueTagName('leaving'));
    await addInterests(leaving, [tag], 'follow').expect(200);
    await addInterests(leaving, [tag], 'grow').expect(200);
    await addInterests(staying, [tag], 'follow').expect(200);
    expect(await followers(tag)).toBe(3);

    await t.app.get(AccountDeletionService).deleteAccount(leaving.id);
    expect(await followers(tag)).toBe(1);
    expect(
      await t.dataSource.query('SELECT 1 FROM user_tag_interest WHERE user_id = $1', [leaving.id]),
    ).toEqual([]);
  });

  it('limits how fast one member changes interests', async () => {
    const member = await createMember(t, 'registered');
    const tag = await seedTag(t, uniqueTagName('limit'));
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      const response =
        index % 2 ? await deleteInterests(member, [tag]) : await addInterests(member, [tag]);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await followers(tag)).toBe(0);
  });
});
