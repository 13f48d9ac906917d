import { createMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertMembers, seeded } from './people-support';

interface Listed {
  uuid: string;
  username: string;
  registeredAt: number;
}

const SUMMARY_KEYS = [
  'avatar',
  'bio',
  'country',
  'display_name',
  'state',
  'suburb_city',
  'username',
  'uuid',
].sort();

describe('people directory: GET /api/users', () => {
  let t: TestApp;
  /** Everyone the directory must list, and the ids of those it must not. */
  let listed: Listed[];
  let unlisted: string[];

  const page = (query: Record<string, string>) =>
    t.http().get('/api/users').query(query).set('client-platform', 'browser');

  /** Every page of an order, `take` at a time; fails on a page that does not answer 200. */
  async function walk(order: 'newest' | 'name', take: number) {
    const pages: Array<Array<{ uuid: string; username: string }>> = [];
    let cursor: string | null = null;
    do {
      const response = await page({
        order,
        take: String(take),
        ...(cursor && { cursorId: cursor }),
      });
      expect(response.status).toBe(200);
      pages.push(response.body.data.items);
      cursor = response.body.data.next_cursor;
    } while (cursor && pages.length < 100);
    return pages;
  }

  const newestFirst = (a: Listed, b: Listed) =>
    b.registeredAt - a.registeredAt || (a.uuid < b.uuid ? 1 : a.uuid > b.uuid ? -1 : 0);

  beforeAll(async () => {
    t = await startTestApp();
    const random = seeded(11);
    const base = Date.UTC(2026, 0, 1);
    // 43 listed members; groups of three share a registration instant (ties broken by id).
    const rows = Array.from({ length: 43 }, (_unused, index) => ({
      username: `p${Math.floor(random() * 1e9).toString(36)}${index}`,
      registeredAt: new Date(base + Math.floor(index / 3) * 60_000),
    }));
    const ids = await insertMembers(t, [
      ...rows,
      // never listed: suspended, e-mail verified but not registered, signed up only
      { username: 'zsuspended', registeredAt: new Date(base + 10 * 60_000), suspended: true },
      { username: null, registeredAt: null, emailVerified: true },
      { username: null, registeredAt: null, emailVerified: false },
    ]);
    listed = rows.map((row, index) => ({
      uuid: ids[index],
      username: row.username,
      registeredAt: row.registeredAt.getTime(),
    }));
    unlisted = ids.slice(rows.length);
  });
  afterAll(() => t.close());

  it('pages newest first on (registered_at, id), every member once, none unlisted', async () => {
    const pages = await walk('newest', 7);
    expect(pages.map((items) => items.length)).toEqual([7, 7, 7, 7, 7, 7, 1]);
    const expected = [...listed].sort(newestFirst).map((member) => member.uuid);
    expect(pages.flat().map((item) => item.uuid)).toEqual(expected);
    const seen = new Set(pages.flat().map((item) => item.uuid));
    expect(unlisted.filter((id) => seen.has(id))).toEqual([]);
  });

  it('pages by username, every member once, none unlisted', async () => {
    const pages = await walk('name', 10);
    expect(pages.map((items) => items.length)).toEqual([10, 10, 10, 10, 3]);
    const names = pages.flat().map((item) => item.username);
    // Plain lower-case letters and digits: code-point order is every collation's order here.
    expect(names).toEqual(listed.map((member) => member.username).sort());
    expect(names).not.toContain('zsuspended');
  });

  it('shows the public summary and bio only (no e-mail, no location)', async () => {
    const response = await page({});
    expect(response.status).toBe(200);
    expect(response.body.data.items).toHaveLength(20);
    for (const item of response.body.data.items)
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS);
    expect(JSON.stringify(response.body)).not.toMatch(/latitude|email|password/);
  });

  it('keeps its cursors stable while people join, leave and register', async () => {
    // Newest: read two pages, then someone registers (goes on top) and someone on page 3 is
    // suspended; the rest of the list goes on from where it was, without repeats.
    const first = await page({ order: 'newest', take: '10' });
    const second = await page({
      order: 'newest',
      take: '10',
      cursorId: first.body.data.next_cursor,
    });
    const before = [...listed].sort(newestFirst).map((member) => member.uuid);
    const leaving = before[25];
    await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
      leaving,
    ]);
    const newcomer = await createMember(t, 'registered');
    try {
      let cursor: string | null = second.body.data.next_cursor;
      const rest: string[] = [];
      while (cursor) {
        const next = await page({ order: 'newest', take: '10', cursorId: cursor });
        expect(next.status).toBe(200);
        rest.push(...next.body.data.items.map((item: { uuid: string }) => item.uuid));
        cursor = next.body.data.next_cursor;
      }
      expect(rest).toEqual(before.slice(20).filter((id) => id !== leaving));
      expect(rest).not.toContain(newcomer.id);
      const top = await page({ order: 'newest', take: '1' });
      expect(top.body.data.items[0].uuid).toBe(newcomer.id);

      // By name: a member who registers before the cursor's name is not on later pages, one
      // after it is.
      const firstNames = await page({ order: 'name', take: '5' });
      const cursorName: string = firstNames.body.data.items[4].username;
      const [early, late] = await insertMembers(t, [
        { username: `${cursorName.slice(0, -1)}`, registeredAt: new Date() },
        { username: `${cursorName}zz`, registeredAt: new Date() },
      ]);
      const after = await page({
        order: 'name',
        take: '50',
        cursorId: firstNames.body.data.next_cursor,
      });
      const afterIds = after.body.data.items.map((item: { uuid: string }) => item.uuid);
      expect(afterIds).not.toContain(early);
      expect(afterIds).toContain(late);
    } finally {
      await t.dataSource.query('UPDATE user_account SET suspended_at = NULL WHERE id = $1', [
        leaving,
      ]);
    }
  });

  it('caps take at 50 and defaults to 20', async () => {
    const big = await page({ take: '500' });
    expect(big.status).toBe(200);
    expect(big.body.data.items.length).toBeLessThanOrEqual(50);
    expect(big.body.data.items.length).toBeGreaterThan(20);
  });

  it.each([
    [{ order: 'oldest' }, 'VALIDATION_FAILED'],
    [{ order: '' + '\u0000' }, null],
    [{ take: 'ten' }, 'VALIDATION_FAILED'],
    [{ take: '-1' }, 'VALIDATION_FAILED'],
    [{ cursorId: 'not a cursor' }, 'INVALID_CURSOR'],
    [
      {
        cursorId: Buffer.from('{"registered_at":"2026-02-31T00:00:00Z","id":"x"}').toString(
          'base64url',
        ),
      },
      'INVALID_CURSOR',
    ],
    [
      { order: 'name', cursorId: Buffer.from('{"username":"a\\u0000"}').toString('base64url') },
      'INVALID_CURSOR',
    ],
    [
      {
        order: 'name',
        cursorId: Buffer.from('{"username":"' + 'a'.repeat(40) + '"}').toString('base64url'),
      },
      'INVALID_CURSOR',
    ],
  ])('refuses %j with a 400', async (query, code) => {
    const response = await page(query as Record<string, string>);
    expect(response.status).toBe(400);
    if (code) expect(response.body.error.code).toBe(code);
  });

  it('refuses a cursor of one order given to the other', async () => {
    const newest = await page({ order: 'newest', take: '2' });
    const name = await page({ order: 'name', take: '2' });
    const crossed = await page({ order: 'name', cursorId: newest.body.data.next_cursor });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.code).toBe('INVALID_CURSOR');
    const crossedBack = await page({ order: 'newest', cursorId: name.body.data.next_cursor });
    expect(crossedBack.status).toBe(400);
    expect(crossedBack.body.error.code).toBe('INVALID_CURSOR');
  });

  it('refuses a repeated query parameter rather than guessing', async () => {
    const response = await t.http().get('/api/users?order=name&order=newest');
    expect(response.status).toBe(400);
  });
});
