import { randomUUID } from 'node:crypto';
import { signFormToken } from '../../src/modules/forms/form-token';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

describe('contact and feedback forms', () => {
  let t: TestApp;
  let member: TestMember;
  let admin: TestMember;
  let trusted: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    [member, admin, trusted] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'admin'),
      createMember(t, 'trusted'),
    ]);
  });
  afterAll(() => t.close());

  /** A token as GET forms/validate gave it `ageMs` ago (the form must be shown ≥ 3 s). */
  const token = (ageMs = 10_000) => signFormToken(t.config.jwtSecret, Date.now() - ageMs);

  function send(caller: TestMember | null, body: Record<string, unknown>) {
    const call = t.http().post('/api/iam/forms/new');
    return (caller ? call.set(caller.headers) : call).send({ form_token: token(), ...body });
  }

  const entry = {
    kind: 'feedback',
    subject: 'Love the plant swaps',
    text: 'The nearby listings made my week.',
  };

  describe('GET forms/validate', () => {
    it('gives a guest the rules, a reply address to leave and a form token', async () => {
      const response = await t.http().get('/api/iam/forms/validate');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        kinds: ['contact', 'feedback'],
        subject_max: 150,
        text_min: 10,
        text_max: 5000,
        reply_email_required: true,
        form_token: expect.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{43}$/),
      });
    });

    it('does not ask a member for a reply address', async () => {
      const response = await t.http().get('/api/iam/forms/validate').set(member.headers);
      expect(response.body.data.reply_email_required).toBe(false);
    });

    it('hands out a token that is refused when sent at once', async () => {
      const rules = await t.http().get('/api/iam/forms/validate').set(member.headers);
      const response = await t
        .http()
        .post('/api/iam/forms/new')
        .set(member.headers)
        .send({ ...entry, form_token: rules.body.data.form_token });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('FORM_TOO_QUICK');
    });
  });

  describe('POST forms/new', () => {
    it('keeps a member’s entry, linked to them', async () => {
      const response = await send(member, entry);
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ id: expect.any(String), kind: 'feedback' });
      const [row] = await t.dataSource.query(
        'SELECT kind, subject, text, user_id, reply_email FROM form_entry WHERE id = $1',
        [response.body.data.id],
      );
      expect(row).toEqual({
        kind: 'feedback',
        subject: entry.subject,
        text: entry.text,
        user_id: member.id,
        reply_email: null,
      });
    });

    it('takes a guest’s entry with a reply address, and refuses one without', async () => {
      const withAddress = await send(null, {
        ...entry,
        kind: 'contact',
        replyEmail: 'Fern@Example.com',
      });
      expect(withAddress.status).toBe(201);
      const [row] = await t.dataSource.query(
        'SELECT reply_email, user_id FROM form_entry WHERE id = $1',
        [withAddress.body.data.id],
      );
      expect(row).toEqual({ reply_email: 'fern@example.com', user_id: null });
      const without = await send(null, entry);
      expect(without.status).toBe(400);
      expect(without.body.error.code).toBe('REPLY_EMAIL_REQUIRED');
    });

    it.each([
      ['a forged token', { form_token: `${Date.now() - 10_000}.${'a'.repeat(43)}` }],
      ['an expired token', { form_token: 'x' }],
      ['no token', { form_token: undefined }],
      ['an unknown kind', { kind: 'complaint' }],
      ['an empty subject', { subject: '' }],
      ['a subject over 150 characters', { subject: 's'.repeat(151) }],
      ['a two-line subject', { subject: 'one\ntwo' }],
      ['a text under 10 characters', { text: 'short' }],
      ['a blank subject', { subject: '   ' }],
      ['a text of spaces around a short word', { text: '     hi      ' }],
      ['a text over 5,000 characters', { text: 't'.repeat(5001) }],
      ['a NUL in the text', { text: 'hello there\u0000friend' }],
      ['a text that is a number', { text: 1234567890123 }],
      ['a null subject', { subject: null }],
      ['a malformed reply address', { replyEmail: 'not an address' }],
      ['a reply address that is null', { replyEmail: null }],
    ])('refuses %s with a 400 and keeps nothing', async (_label, changes) => {
      const before = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM form_entry WHERE user_id = $1',
        [trusted.id],
      );
      const response = await send(trusted, { ...entry, ...changes });
      expect(response.status).toBe(400);
      const after = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM form_entry WHERE user_id = $1',
        [trusted.id],
      );
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses a token older than two hours', async () => {
      const response = await t
        .http()
        .post('/api/iam/forms/new')
        .set(member.headers)
        .send({ ...entry, form_token: token(2 * 3600_000 + 1000) });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('FORM_TOKEN_INVALID');
    });
  });

  describe('rate limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp();
    });
    afterAll(() => limited.close());

    it('holds a member to five entries an hour', async () => {
      const writer = await createMember(limited, 'registered');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await limited
          .http()
          .post('/api/iam/forms/new')
          .set(writer.headers)
          .send({
            ...entry,
            form_token: signFormToken(limited.config.jwtSecret, Date.now() - 10_000),
          });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  describe('the admins’ list', () => {
    it('lists entries newest first by cursor, with their authors', async () => {
      for (let i = 0; i < 21; i += 1)
        await send(member, { ...entry, subject: `Entry ${i}` }).expect(201);
      const first = await t.http().get('/api/iam/admin/forms').set(admin.headers);
      expect(first.status).toBe(200);
      expect(first.body.data.items).toHaveLength(20);
      expect(first.body.data.items[0]).toMatchObject({
        subject: 'Entry 20',
        author: { uuid: member.id, username: member.username },
        handled_at: null,
      });
      const next = await t
        .http()
        .get(`/api/iam/admin/forms?cursorId=${first.body.data.next_cursor}`)
        .set(admin.headers);
      expect(next.status).toBe(200);
      expect(next.body.data.items[0].subject).toBe('Entry 0');
      const ids = new Set(
        [...first.body.data.items, ...next.body.data.items].map((item: { id: string }) => item.id),
      );
      expect(ids.size).toBe(first.body.data.items.length + next.body.data.items.length);
      const forged = await t.http().get('/api/iam/admin/forms?cursorId=%21').set(admin.headers);
      expect(forged.status).toBe(400);
    });

    it('lets an admin mark an entry handled and open again', async () => {
      const sent = await send(member, entry);
      const id = sent.body.data.id;
      const handled = await t
        .http()
        .put(`/api/iam/admin/forms/${id}/handled`)
        .set(admin.headers)
        .send({ handled: true });
      expect(handled.status).toBe(200);
      expect(handled.body.data).toMatchObject({
        id,
        handled_at: expect.any(String),
        handled_by: admin.id,
      });
      const reopened = await t
        .http()
        .put(`/api/iam/admin/forms/${id}/handled`)
        .set(admin.headers)
        .send({ handled: false });
      expect(reopened.body.data).toMatchObject({ handled_at: null, handled_by: null });
      const unknown = await t
        .http()
        .put(`/api/iam/admin/forms/${randomUUID()}/handled`)
        .set(admin.headers)
        .send({ handled: true });
      expect(unknown.status).toBe(404);
      const wrongType = await t
        .http()
        .put(`/api/iam/admin/forms/${id}/handled`)
        .set(admin.headers)
        .send({ handled: 'yes' });
      expect(wrongType.status).toBe(400);
    });

    it('refuses members who are not admins with 403, and guests with 401', async () => {
      for (const caller of [member, trusted]) {
        const list = await t.http().get('/api/iam/admin/forms').set(caller.headers);
        expect(list.status).toBe(403);
        const mark = await t
          .http()
          .put(`/api/iam/admin/forms/${randomUUID()}/handled`)
          .set(caller.headers)
          .send({ handled: true });
        expect(mark.status).toBe(403);
      }
      expect((await t.http().get('/api/iam/admin/forms')).status).toBe(401);
    });
  });
});
