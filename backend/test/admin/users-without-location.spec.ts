import { createMember, type TestMember } from '../support/members';
import type { TestApp } from '../support/test-app';
import { adminAppPerSuite } from '../support/suite-app';

describe('admin: GET /api/iam/admin/users-without-location', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const list = (query: Record<string, string> = {}, who: TestMember = admin) =>
    t.http().get('/api/iam/admin/users-without-location').query(query).set(who.headers);

  it('lists only accounts without a location, newest first, page by page without repeats', async () => {
    const located = await createMember(t, 'registered');
    const without: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const member = await createMember(t, i % 2 ? 'verified' : 'registered', {
        latitude: null,
        longitude: null,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      without.push(member.id);
    }
    const seen: Array<{ uuid: string; created_at: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list({ take: '2', ...(cursor ? { cursorId: cursor } : {}) });
      expect(response.status).toBe(200);
      seen.push(...response.body.data.items);
      cursor = response.body.data.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    const ids = seen.map((item) => item.uuid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(located.id);
    expect(ids).not.toContain(admin.id);
    // Newest first: the five, latest created first.
    expect(ids.filter((id) => without.includes(id))).toEqual([...without].reverse());
    expect(pages).toBeGreaterThanOrEqual(3);
    const times = seen.map((item) => Date.parse(item.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each([
    ['a forged cursor', { cursorId: 'not-a-cursor' }],
    ['a bad page size', { take: 'x' }],
    ['a NUL', { cursorId: '\u0000' }],
  ])('answers %s with 400', async (_label, query) => {
    await list(query as Record<string, string>).expect(400);
  });

  it('is for admins only (operators too are refused: it is member data)', async () => {
    for (const kind of ['registered', 'trusted', 'ops'] as const)
      await list({}, await createMember(t, kind)).expect(403);
    await t.http().get('/api/iam/admin/users-without-location').expect(401);
  });
});
