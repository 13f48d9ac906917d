import { randomUUID } from 'node:crypto';
import { AccountDeletionService as AccountDeletion } from '../../src/modules/identity';
import { RealtimePublisher } from '../../src/platform/realtime/realtime-publisher';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Messaging: member ↔ member and member → page conversations, who may start, read and answer
 * them, cursor paging, unread tallies, mark-as-seen, deletions and live delivery.
 */
describe('messaging', () => {
  let t: TestApp;
  let live: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp();
    live = jest.spyOn(t.app.get(RealtimePublisher), 'toMembers');
  });
  afterAll(() => t.close());
  beforeEach(() => live.mockClear());

  const trusted = () => createMember(t, 'trusted');
  const registered = () => createMember(t, 'registered');
  const name = (member: TestMember) => member.username as string;

  const startU = (from: TestMember, username: string, message: string) =>
    t
      .http()
      .post('/api/iam/messages/new-u-to-u-conversation')
      .set(from.headers)
      .send({ username, message });
  const startP = (from: TestMember, pageHandle: string, message: string) =>
    t
      .http()
      .post('/api/iam/messages/new-u-to-p-conversation')
      .set(from.headers)
      .send({ pageHandle, message });
  const send = (from: TestMember, convnId: string, message: string) =>
    t.http().post('/api/iam/messages/new').set(from.headers).send({ convnId, message });
  const read = (who: TestMember, a: string, b: string, c?: string) =>
    t
      .http()
      .get(`/api/iam/messages/conversation/${a}/${b}${c === undefined ? '' : `/${c}`}`)
      .set(who.headers);
  const list = async (who: TestMember) =>
    (await t.http().get('/api/iam/messages/all').set(who.headers).expect(200)).body.data;
  const tally = async (who: TestMember) =>
    (await t.http().get('/api/iam/messages/unread-tally').set(who.headers).expect(200)).body.data;
  const markSeen = (who: TestMember, msgsArr: unknown) =>
    t.http().put('/api/messages/mark-as-seen').set(who.headers).send({ msgsArr });
  const deleteConversation = (who: TestMember, convnId: unknown) =>
    t.http().delete('/api/iam/messages/conversation').set(who.headers).send({ convnId });
  const messagee = (who: TestMember, handle: string) =>
    t.http().get(`/api/iam/users/user-or-page-messagee-by-handle/${handle}`).set(who.headers);

  async function createPage(owner: TestMember): Promise<{ id: string; handle: string }> {
    const handle = `pg_${randomUUID().slice(0, 8)}`;
    const response = await t
      .http()
      .post('/api/iam/pages/new')
      .set(owner.headers)
      .send({ handle, name: `Page ${handle}` })
      .expect(201);
    return { id: response.body.data.id, handle };
  }

  const counts = async () => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM message) AS messages,
              (SELECT count(*)::int FROM conversation) AS conversations,
              (SELECT count(*)::int FROM conversation_participant) AS participants`,
    );
    return row as { messages: number; conversations: number; participants: number };
  };

  describe('member ↔ member', () => {
    it('a trusted member starts; the other sees it unread, answers, and both read it', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const started = await startU(ana, name(ben).toUpperCase(), '  Hello Ben!  ').expect(201);
      const { conversation, message } = started.body.data;
      expect(conversation).toMatchObject({
        convType: 'u2u',
        inbox: 'member',
        user: { uuid: ben.id, username: name(ben) },
        page: null,
        link: `/messages/${name(ben)}`,
        path: [name(ana), name(ben)],
        unread_count: 0,
        can_write: true,
        write_block: null,
      });
      expect(message).toMatchObject({
        conversation_id: conversation.id,
        sender_id: ana.id,
        author: { type: 'user', id: ana.id, handle: name(ana) },
        text: 'Hello Ben!',
      });
      // Live: the message to the other side only, a tally to each.
      expect(live).toHaveBeenCalledWith([ben.id], 'message', message);
      expect(
        live.mock.calls.filter(([ids, event]) => event === 'message' && ids.includes(ana.id)),
      ).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(live).toHaveBeenCalledWith([ben.id], 'messages-tally', {
        count: 1,
        conversations: 1,
      });

      expect(await tally(ben)).toEqual({ count: 1, conversations: 1 });
      const benList = await list(ben);
      expect(benList.items).toHaveLength(1);
      expect(benList.items[0]).toMatchObject({
        id: conversation.id,
        unread: true,
        unread_count: 1,
        user: { uuid: ana.id },
        last_message: { id: message.id, text: 'Hello Ben!' },
        link: `/messages/${name(ana)}`,
        path: [name(ben), name(ana)],
      });

      // A member who is not trusted answers a conversation addressed to them.
      const answer = await send(ben, conversation.id, 'Hi Ana').expect(201);
      expect(answer.body.data).toMatchObject({ sender_id: ben.id, text: 'Hi Ana' });
      expect(await tally(ben)).toEqual({ count: 0, conversations: 0 });
      expect(await tally(ana)).toEqual({ count: 1, conversations: 1 });

      // Either order of the two usernames, by either of them; newest first.
      for (const [who, a, b] of [
        [ana, name(ana), name(ben)],
        [ben, name(ana), name(ben)],
        [ben, name(ben), name(ana)],
      ] as const) {
        const page = (await read(who, a, b).expect(200)).body.data;
        expect(page.conversation.id).toBe(conversation.id);
        expect(page.items.map((item: { text: string }) => item.text)).toEqual([
          'Hi Ana',
          'Hello Ben!',
        ]);
        expect(page.next_cursor).toBeNull();
      }

      // Starting again adds to the same conversation.
      const again = await startU(ana, name(ben), 'Me again').expect(201);
      expect(again.body.data.conversation.id).toBe(conversation.id);
      expect((await list(ana)).items).toHaveLength(1);
    });

    it('two members starting at once meet in one conversation', async () => {
      const [ana, ben] = await Promise.all([trusted(), trusted()]);
      const [one, two] = await Promise.all([
        startU(ana, name(ben), 'Hello from Ana'),
        startU(ben, name(ana), 'Hello from Ben'),
      ]);
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(one.body.data.conversation.id).toBe(two.body.data.conversation.id);
      const thread = (await read(ana, name(ana), name(ben)).expect(200)).body.data;
      expect(thread.items).toHaveLength(2);
      expect((await list(ben)).items).toHaveLength(1);
    });

    it('records the recipient’s e-mail about a message as their settings say, once', async () => {
      const [ana, ben, owner] = await Promise.all([trusted(), registered(), trusted()]);
      for (const member of [ben, owner, ana])
        await t
          .http()
          .put('/api/iam/users/update-user-settings')
          .set(member.headers)
          .send({ email_messages: member === ana ? 'off' : 'immediately' })
          .expect(200);
      const { message, conversation } = (await startU(ana, name(ben), 'Hi Ben').expect(201)).body
        .data;
      const page = await createPage(owner);
      const toPage = (await startP(ana, page.handle, 'Hi page').expect(201)).body.data;
      await send(ben, conversation.id, 'Hi Ana').expect(201);
      const items = () =>
        t.dataSource.query(
          `SELECT user_id, kind, cause_key, link, actor_id FROM email_item
            WHERE user_id = ANY($1::uuid[]) ORDER BY created_at`,
          [[ana.id, ben.id, owner.id]],
        );
      await eventually(async () => expect(await items()).toHaveLength(2));
      expect(await items()).toEqual([
        {
          user_id: ben.id,
          kind: 'messages',
          cause_key: `x:message:${message.id}`,
          link: `/messages/${name(ana)}`,
          actor_id: ana.id,
        },
        {
          user_id: owner.id,
          kind: 'messages',
          cause_key: `x:message:${toPage.message.id}`,
          link: `/messages/${name(ana)}/to/${page.handle}`,
          actor_id: ana.id,
        },
      ]);
    });

    it('answers conversation null between two members with none yet', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const page = (await read(ana, name(ana), name(ben)).expect(200)).body.data;
      expect(page).toEqual({ conversation: null, items: [], next_cursor: null });
    });

    it('a member who is not trusted cannot start a conversation, and nothing is written', async () => {
      const [ben, cy] = await Promise.all([registered(), registered()]);
      const before = await counts();
      const refused = await startU(ben, name(cy), 'Hello?').expect(403);
      expect(refused.body.error.code).toBe('NOT_PERMITTED');
      const page = await createPage(await trusted());
      await startP(ben, page.handle, 'Hello page').expect(403);
      expect(await counts()).toEqual(before);

      const who = (await messagee(ben, name(cy)).expect(200)).body.data;
      expect(who).toMatchObject({
        type: 'user',
        user: { uuid: cy.id },
        convType: 'u2u',
        conversation_id: null,
        can_start: false,
        can_write: false,
        start_block: 'NOT_TRUSTED',
        write_block: 'NOT_TRUSTED',
        path: [name(ben), name(cy)],
      });
    });

    it('tells a member who may not start that they may answer the one addressed to them', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const started = (await startU(ana, name(ben), 'Hi').expect(201)).body.data;
      const who = (await messagee(ben, name(ana)).expect(200)).body.data;
      expect(who).toMatchObject({
        conversation_id: started.conversation.id,
        can_start: false,
        can_write: true,
        start_block: 'NOT_TRUSTED',
        write_block: null,
      });
      const self = (await messagee(ana, name(ana)).expect(200)).body.data;
      expect(self).toMatchObject({ can_start: false, start_block: 'SELF' });
      await startU(ana, name(ana), 'Me').expect(400);
      await messagee(ana, 'no_such_handle_x').expect(404);
    });

    it('refuses clearly to write to a suspended or a deleted member', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const suspended = await createMember(t, 'suspended');
      const refused = await startU(ana, name(suspended), 'Hi').expect(409);
      expect(refused.body.error.code).toBe('RECIPIENT_UNAVAILABLE');

      const conversation = (await startU(ana, name(ben), 'Hi').expect(201)).body.data.conversation;
      await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
        ben.id,
      ]);
      const blocked = await send(ana, conversation.id, 'Still there?').expect(409);
      expect(blocked.body.error.code).toBe('RECIPIENT_UNAVAILABLE');
      expect((await list(ana)).items[0]).toMatchObject({
        can_write: false,
        write_block: 'RECIPIENT_UNAVAILABLE',
      });

      const gone = await registered();
      await t.app.get(AccountDeletion).deleteAccount(gone.id);
      const missing = await startU(ana, name(gone), 'Hi').expect(404);
      expect(missing.body.error.code).toBe('MEMBER_NOT_FOUND');
    });
  });

  describe('a stranger', () => {
    it('gets 404 on every conversation path, and changes nothing', async () => {
      const [ana, ben, eve] = await Promise.all([trusted(), registered(), trusted()]);
      const owner = await trusted();
      const page = await createPage(owner);
      const { conversation, message } = (await startU(ana, name(ben), 'Private').expect(201)).body
        .data;
      const toPage = (await startP(ana, page.handle, 'To the page').expect(201)).body.data;
      const before = await counts();

      const cursor = Buffer.from(
        JSON.stringify({ created_at: '2030-01-01T00:00:00.000000Z', id: randomUUID() }),
      ).toString('base64url');
      const responses = [
        await read(eve, name(ana), name(ben)),
        await read(eve, name(ben), name(ana)),
        await read(eve, name(ana), name(ben), cursor),
        await read(eve, name(ana), page.handle),
        await read(eve, name(ana), page.handle, cursor),
        await read(eve, name(eve), page.handle).expect(200),
        await send(eve, conversation.id, 'Let me in'),
        await send(eve, toPage.conversation.id, 'Let me in'),
        await deleteConversation(eve, conversation.id),
        await deleteConversation(eve, toPage.conversation.id),
        await send(eve, randomUUID(), 'Nothing here'),
        await deleteConversation(eve, randomUUID()),
      ];
      // Reading their own (empty) conversation with the page is theirs; everything else is 404.
      const statuses = responses.map((response) => response.status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 200, 404, 404, 404, 404, 404, 404]);
      for (const response of responses.filter((r) => r.status === 404))
        expect(response.body.error.code).toBe('CONVERSATION_NOT_FOUND');
      expect(responses[5].body.data.conversation).toBeNull();

      // Marking another's messages seen is ignored.
      const seen = await markSeen(eve, [message.id, toPage.message.id]).expect(200);
      expect(seen.body.data).toMatchObject({ marked: 0, count: 0 });
      expect(await tally(ben)).toEqual({ count: 1, conversations: 1 });
      expect(await counts()).toEqual(before);
    });
  });

  describe('member → page', () => {
    it('the page’s owner reads its inbox and answers as the page', async () => {
      const [ana, owner, cy] = await Promise.all([trusted(), trusted(), trusted()]);
      const page = await createPage(owner);
      const started = (
        await startP(ana, page.handle.toUpperCase(), 'Do you meet on Sundays?').expect(201)
      ).body.data;
      expect(started.conversation).toMatchObject({
        convType: 'u2p',
        inbox: 'member',
        user: null,
        page: { id: page.id, handle: page.handle, name: `Page ${page.handle}` },
        link: `/messages/${name(ana)}/to/${page.handle}`,
        path: [name(ana), page.handle],
      });
      expect(live).toHaveBeenCalledWith([owner.id], 'message', started.message);

      const inbox = await list(owner);
      expect(inbox.items).toHaveLength(1);
      expect(inbox.items[0]).toMatchObject({
        id: started.conversation.id,
        convType: 'u2p',
        inbox: 'page',
        user: { uuid: ana.id },
        page: { handle: page.handle },
        unread_count: 1,
        link: `/messages/${name(ana)}/to/${page.handle}`,
      });
      expect(await tally(owner)).toEqual({ count: 1, conversations: 1 });

      const reply = (await send(owner, started.conversation.id, 'Yes, at ten').expect(201)).body
        .data;
      expect(reply.author).toMatchObject({ type: 'page', id: page.id, handle: page.handle });
      expect(reply.sender_id).toBe(owner.id);

      for (const who of [ana, owner]) {
        const thread = (await read(who, name(ana), page.handle).expect(200)).body.data;
        expect(thread.conversation.id).toBe(started.conversation.id);
        expect(thread.items.map((m: { author: { type: string } }) => m.author.type)).toEqual([
          'page',
          'user',
        ]);
      }
      await read(cy, name(ana), page.handle).expect(404);
      const who = (await messagee(ana, page.handle).expect(200)).body.data;
      expect(who).toMatchObject({
        type: 'page',
        page: { id: page.id },
        convType: 'u2p',
        conversation_id: started.conversation.id,
        can_start: true,
        can_write: true,
      });
    });

    it('a member writing to a page they own makes a tomypage conversation', async () => {
      const owner = await trusted();
      const page = await createPage(owner);
      const started = (await startP(owner, page.handle, 'Note to my page').expect(201)).body.data;
      expect(started.conversation).toMatchObject({ convType: 'tomypage', inbox: 'member' });
      const [{ n }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM conversation_participant WHERE conversation_id = $1',
        [started.conversation.id],
      );
      expect(n).toBe(1);
      expect((await list(owner)).items[0]).toMatchObject({ convType: 'tomypage', unread: false });
      const thread = (await read(owner, name(owner), page.handle).expect(200)).body.data;
      expect(thread.items).toHaveLength(1);
      expect((await messagee(owner, page.handle).expect(200)).body.data.convType).toBe('tomypage');
    });

    it('a page that takes no messages, or no longer exists, refuses clearly', async () => {
      const [ana, owner] = await Promise.all([trusted(), trusted()]);
      const page = await createPage(owner);
      const started = (await startP(ana, page.handle, 'Hello').expect(201)).body.data;
      await t
        .http()
        .put('/api/iam/pages/update-page-settings')
        .set(owner.headers)
        .send({ pageId: page.id, allow_messages: false })
        .expect(200);
      const closed = await startP(ana, page.handle, 'Hello again').expect(409);
      expect(closed.body.error.code).toBe('PAGE_CLOSED');
      expect((await send(ana, started.conversation.id, 'Hello?').expect(409)).body.error.code).toBe(
        'PAGE_CLOSED',
      );
      // The owner may still answer what is in the inbox.
      await send(owner, started.conversation.id, 'We are closed for now').expect(201);

      await t
        .http()
        .delete('/api/iam/pages/page')
        .set(owner.headers)
        .send({ pageId: page.id })
        .expect(200);
      const gone = await startP(ana, page.handle, 'Anyone?').expect(404);
      expect(gone.body.error.code).toBe('PAGE_NOT_FOUND');
      const lost = await send(ana, started.conversation.id, 'Anyone?').expect(404);
      expect(lost.body.error.code).toBe('CONVERSATION_NOT_FOUND');
    });
  });

  describe('paging and reading', () => {
    it('pages a conversation by cursor, newest first, without gaps or repeats', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const { conversation } = (await startU(ana, name(ben), 'message 0').expect(201)).body.data;
      for (let i = 1; i < 25; i += 1)
        await send(i % 2 ? ben : ana, conversation.id, `message ${i}`).expect(201);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response: {
          body: { data: { items: Array<{ text: string }>; next_cursor: string } };
        } =
          cursor === null
            ? await read(ana, name(ana), name(ben)).query({ take: '10' }).expect(200)
            : pages % 2
              ? await read(ana, name(ana), name(ben), cursor).query({ take: '10' }).expect(200)
              : await read(ana, name(ana), name(ben))
                  .query({ take: '10', cursorId: cursor })
                  .expect(200);
        seen.push(...response.body.data.items.map((item) => item.text));
        cursor = response.body.data.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `message ${24 - i}`));

      await read(ana, name(ana), name(ben), 'not-a-cursor').expect(400);
      await read(ana, name(ana), name(ben)).query({ take: 'many' }).expect(400);
    });

    it('lists conversations newest activity first, by cursor', async () => {
      const ana = await trusted();
      const others = await Promise.all([registered(), registered(), registered()]);
      const ids: string[] = [];
      for (const other of others)
        ids.push((await startU(ana, name(other), 'hi').expect(201)).body.data.conversation.id);
      // The first one becomes the most recent.
      await send(ana, ids[0], 'bump').expect(201);
      const first = (
        await t
          .http()
          .get('/api/iam/messages/all')
          .query({ take: '2' })
          .set(ana.headers)
          .expect(200)
      ).body.data;
      expect(first.items.map((item: { id: string }) => item.id)).toEqual([ids[0], ids[2]]);
      const second = (
        await t
          .http()
          .get('/api/iam/messages/all')
          .query({ take: '2', cursorId: first.next_cursor })
          .set(ana.headers)
          .expect(200)
      ).body.data;
      expect(second.items.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
      expect(second.next_cursor).toBeNull();
      await t
        .http()
        .get('/api/iam/messages/all')
        .query({ cursorId: '%%%' })
        .set(ana.headers)
        .expect(400);
    });
  });

  describe('unread tally and mark-as-seen', () => {
    it('counts per participant and reads up to the newest message given', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const first = (await startU(ana, name(ben), 'one').expect(201)).body.data;
      const second = (await send(ana, first.conversation.id, 'two').expect(201)).body.data;
      const third = (await send(ana, first.conversation.id, 'three').expect(201)).body.data;
      expect(await tally(ben)).toEqual({ count: 3, conversations: 1 });
      expect(await tally(ana)).toEqual({ count: 0, conversations: 0 });

      live.mockClear();
      const part = (await markSeen(ben, [second.id]).expect(200)).body.data;
      expect(part).toEqual({ count: 1, conversations: 1, marked: 1 });
      expect(live).toHaveBeenCalledWith([ben.id], 'messages-tally', {
        count: 1,
        conversations: 1,
      });
      // Going back changes nothing.
      expect((await markSeen(ben, [first.message.id]).expect(200)).body.data.marked).toBe(0);
      const all = (await markSeen(ben, [third.id.toUpperCase(), second.id]).expect(200)).body.data;
      expect(all).toEqual({ count: 0, conversations: 0, marked: 1 });
      expect((await list(ben)).items[0]).toMatchObject({ unread: false, unread_count: 0 });

      // A new message after reading counts again.
      await send(ana, first.conversation.id, 'four').expect(201);
      expect(await tally(ben)).toEqual({ count: 1, conversations: 1 });
    });

    it('refuses malformed mark-as-seen bodies', async () => {
      const ben = await registered();
      for (const msgsArr of [
        null,
        undefined,
        [],
        'x',
        [1],
        ['not-a-uuid'],
        [null],
        Array.from({ length: 501 }, () => randomUUID()),
      ])
        await markSeen(ben, msgsArr).expect(400);
    });
  });

  describe('deleting', () => {
    it('a participant deletes a conversation for both sides', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const { conversation } = (await startU(ana, name(ben), 'Hi').expect(201)).body.data;
      const deleted = await deleteConversation(ben, conversation.id.toUpperCase()).expect(200);
      expect(deleted.body.data).toEqual({ id: conversation.id, deleted: true });
      expect((await list(ana)).items).toEqual([]);
      expect((await list(ben)).items).toEqual([]);
      expect(await tally(ben)).toEqual({ count: 0, conversations: 0 });
      await send(ana, conversation.id, 'Hello?').expect(404);
      const [{ n }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM message WHERE conversation_id = $1',
        [conversation.id],
      );
      expect(n).toBe(0);
    });

    it('DELETE conversations removes all of a member’s, only for themselves or an admin', async () => {
      const [ana, ben, cy] = await Promise.all([trusted(), registered(), trusted()]);
      const admin = await createMember(t, 'admin');
      await startU(ana, name(ben), 'Hi').expect(201);
      await startU(cy, name(ana), 'Hi').expect(201);
      const other = await t
        .http()
        .delete('/api/iam/messages/conversations')
        .set(ben.headers)
        .send({ uuid: ana.id })
        .expect(404);
      expect(other.body.error.code).toBe('MEMBER_NOT_FOUND');
      expect((await list(ana)).items).toHaveLength(2);
      const own = await t
        .http()
        .delete('/api/iam/messages/conversations')
        .set(ana.headers)
        .send({ uuid: ana.id })
        .expect(200);
      expect(own.body.data).toEqual({ deleted: 2 });
      expect((await list(ben)).items).toEqual([]);
      expect((await list(cy)).items).toEqual([]);

      await startU(cy, name(ben), 'Hi').expect(201);
      const byAdmin = await t
        .http()
        .delete('/api/iam/messages/conversations')
        .set(admin.headers)
        .send({ uuid: ben.id })
        .expect(200);
      expect(byAdmin.body.data).toEqual({ deleted: 1 });
    });

    it('deleting an account removes the member’s conversations (and their pages’ inboxes) first', async () => {
      const [ana, ben, owner] = await Promise.all([trusted(), trusted(), trusted()]);
      const page = await createPage(owner);
      await startU(ana, name(ben), 'Hi').expect(201);
      await startP(ben, page.handle, 'Hi page').expect(201);
      await startU(owner, name(ben), 'Hi from the owner').expect(201);

      await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(owner.headers)
        .send({ uuid: owner.id, password: owner.password })
        .expect(200);
      const left = (await list(ben)).items;
      expect(left).toHaveLength(1);
      expect(left[0].user.uuid).toBe(ana.id);
      const rows = await t.dataSource.query(
        `SELECT 1 FROM conversation c
          WHERE c.starter_id = $1
             OR c.id IN (SELECT conversation_id FROM conversation_participant WHERE user_id = $1)`,
        [owner.id],
      );
      expect(rows).toHaveLength(0);
    });
  });

  describe('bad input', () => {
    it('answers 4xx to malformed messages and writes nothing', async () => {
      const [ana, ben] = await Promise.all([trusted(), registered()]);
      const { conversation } = (await startU(ana, name(ben), 'Hi').expect(201)).body.data;
      const page = await createPage(await trusted());
      const before = await counts();
      const bad: unknown[] = [
        undefined,
        null,
        '',
        '   \n\t ',
        'nul \u0000 here',
        'x'.repeat(2001),
        42,
        true,
        ['hi'],
        { text: 'hi' },
      ];
      const calls: Array<[string, (message: unknown) => object]> = [
        ['/api/iam/messages/new', (message) => ({ convnId: conversation.id, message })],
        [
          '/api/iam/messages/new-u-to-u-conversation',
          (message) => ({ username: name(ben), message }),
        ],
        [
          '/api/iam/messages/new-u-to-p-conversation',
          (message) => ({ pageHandle: page.handle, message }),
        ],
      ];
      const failures: string[] = [];
      for (const [path, body] of calls) {
        for (const message of bad) {
          const response = await t.http().post(path).set(ana.headers).send(body(message));
          if (response.status < 400 || response.status >= 500)
            failures.push(`${path} ${JSON.stringify(message)?.slice(0, 40)}: ${response.status}`);
        }
      }
      const others: Array<[string, object]> = [
        ['/api/iam/messages/new', { convnId: 'not-a-uuid', message: 'hi' }],
        ['/api/iam/messages/new', { convnId: null, message: 'hi' }],
        ['/api/iam/messages/new', { convnId: 7, message: 'hi' }],
        ['/api/iam/messages/new', { message: 'hi' }],
        ['/api/iam/messages/new-u-to-u-conversation', { username: null, message: 'hi' }],
        [
          '/api/iam/messages/new-u-to-u-conversation',
          { username: 'a'.repeat(5000), message: 'hi' },
        ],
        ['/api/iam/messages/new-u-to-u-conversation', { username: 'bad handle!', message: 'hi' }],
        ['/api/iam/messages/new-u-to-u-conversation', { username: 'ab\u0000cd', message: 'hi' }],
        ['/api/iam/messages/new-u-to-p-conversation', { pageHandle: ['x'], message: 'hi' }],
        [
          '/api/iam/messages/new-u-to-p-conversation',
          { pageHandle: 'nosuchpage_x', message: 'hi' },
        ],
      ];
      for (const [path, body] of others) {
        const response = await t.http().post(path).set(ana.headers).send(body);
        if (response.status < 400 || response.status >= 500)
          failures.push(`${path} ${JSON.stringify(body).slice(0, 60)}: ${response.status}`);
      }
      const huge = await t
        .http()
        .post('/api/iam/messages/new')
        .set(ana.headers)
        .send({ convnId: conversation.id, message: 'x'.repeat(3_000_000) });
      if (huge.status < 400 || huge.status >= 500) failures.push(`huge body: ${huge.status}`);
      const textPlain = await t
        .http()
        .post('/api/iam/messages/new')
        .set({ ...ana.headers, 'content-type': 'text/plain' })
        .send(`convnId=${conversation.id}&message=hi`);
      if (textPlain.status < 400 || textPlain.status >= 500)
        failures.push(`text/plain: ${textPlain.status}`);
      for (const body of [
        { convnId: 'x' },
        { convnId: null },
        {},
        { convnId: [conversation.id] },
      ]) {
        const response = await t
          .http()
          .delete('/api/iam/messages/conversation')
          .set(ana.headers)
          .send(body);
        if (response.status < 400 || response.status >= 500)
          failures.push(`delete ${JSON.stringify(body)}: ${response.status}`);
      }
      for (const body of [{ uuid: 'x' }, { uuid: null }, {}]) {
        const response = await t
          .http()
          .delete('/api/iam/messages/conversations')
          .set(ana.headers)
          .send(body);
        if (response.status < 400 || response.status >= 500)
          failures.push(`delete all ${JSON.stringify(body)}: ${response.status}`);
      }
      for (const path of [
        `/api/iam/messages/conversation/${name(ana)}/%00`,
        `/api/iam/messages/conversation/${'a'.repeat(3000)}/${name(ben)}`,
        `/api/iam/messages/conversation/${name(ana)}/${name(ben)}/%00`,
        `/api/iam/messages/conversation/${name(ana)}/${name(ben)}/${'A'.repeat(5000)}`,
        `/api/iam/messages/conversation/%E2%80%AE/x`,
        `/api/iam/users/user-or-page-messagee-by-handle/%00`,
        `/api/iam/users/user-or-page-messagee-by-handle/${'z'.repeat(5000)}`,
        `/api/iam/messages/all?cursorId=${'A'.repeat(300)}`,
        `/api/iam/messages/all?take=-1`,
      ]) {
        const response = await t.http().get(path).set(ana.headers);
        if (response.status < 400 || response.status >= 500)
          failures.push(`GET ${path.slice(0, 60)}: ${response.status}`);
      }
      expect(failures).toEqual([]);
      expect(await counts()).toEqual(before);

      // 2,000 characters (code points, emoji included) is fine.
      const longest = '🌿'.repeat(2000);
      const ok = await send(ana, conversation.id, longest).expect(201);
      expect(ok.body.data.text).toBe(longest);
    });
  });
});
