import { idSql, inBatches, type SeedContext, type SeedStep } from '../seed-context';
import { memberId } from './members';

/** What members write to each other (and to pages), drawn per message. */
const MESSAGE_TEXTS = [
  'Hi! Is the monstera cutting still available?',
  'Yes, it is. It rooted last week, happy to swap.',
  'Lovely. Would a pothos or a spider plant baby suit you?',
  'A spider plant would be perfect, thank you!',
  'How often do you water your calathea?',
  'Once a week, with rain water. It hates tap water.',
  'My fiddle leaf fig dropped two leaves this week. Any ideas?',
  'Probably a draught. Mine did that next to the door.',
  'Could I pick it up on Saturday morning?',
  'Saturday works. I am home from nine.',
  'Thanks again for the tomato seedlings, they are flowering already.',
  'So glad! Pinch the side shoots and they will love you.',
  'Do you know a good potting mix for succulents?',
  'Half cactus mix, half perlite. Works every time.',
  'See you at the swap on Sunday?',
  'Definitely. I will bring some fern spores.',
  'The hoya you gave me is finally blooming!',
  'Amazing. Did it smell sweet in the evening?',
  'Is the workshop still on if it rains?',
  'Yes, it is under the shelter, bring gloves.',
] as const;

/** Pages each take this many members' conversations (bench sizes; the demo: 3). */
const CONVERSATIONS_PER_PAGE = 3;

const sqlArray = (values: readonly string[]) =>
  `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * Conversations with messages, and notifications:
 * - member n ↔ member n + 1 (a ring: every member in two conversations), and three members
 *   writing to each page (its owner answering as the page);
 * - messages per conversation drawn (bench: 12–48, mean ~24; demo: 3–11), the two sides in turn,
 *   four minutes apart, the newest conversation's last message at the epoch (the demo's: an hour
 *   ago); each participant has read up to the last message or (a third of them, and the demo's
 *   login in every conversation) up to one to three before it; unread_count is counted from the
 *   rows;
 * - notifications of reactions (half of them) and comments to post authors, grouped as the app
 *   groups them, the last three days' unseen; the demo also gets a welcome announcement;
 * - `audienceMembers` more registered members without a place or posts (`reader_<n>`), so that a
 *   site announcement reaches `members + benchMembers + audienceMembers` (the fan-out scenario).
 */
export const messagingStep: SeedStep = {
  name: 'messaging',
  async run(context: SeedContext) {
    const { db, size } = context;
    if (!(await context.columns('conversation')).size) return;
    const members = size.members;
    // The demo's conversations go on until an hour ago (its epoch is ten hours back).
    const newest = size.demo ? `$2::timestamptz + interval '9 hours'` : '$2::timestamptz';
    await db.query(`DROP TABLE IF EXISTS pg_temp.seed_conversation`);
    await db.query(`CREATE TEMP TABLE seed_conversation (
        n int PRIMARY KEY, id uuid, key text, conv_type text, a uuid, b uuid, page_id uuid,
        messages int, last_at timestamptz)`);
    // Member n and member n + 1 (the last with the first): one conversation per member.
    await db.query(
      `INSERT INTO seed_conversation
       SELECT g, ${idSql('conversation', `'u' || g`)}, 'u' || g, 'u2u',
              ${memberId('g')}, ${memberId('(g % $1) + 1')}, NULL,
              ${size.demo ? `4 + floor(pg_temp.h('messages:u' || g) * 8)::int` : `12 + floor(pg_temp.h('messages:u' || g) ^ 2 * 37)::int`},
              ${newest} - g * interval '17 minutes'
         FROM generate_series(1, $1::int) g`,
      [members, context.epoch],
    );
    // Three members (never the owner) writing to each page.
    if ((await context.columns('page')).size) {
      await db.query(
        `INSERT INTO seed_conversation
         SELECT $1::int + row_number() OVER (ORDER BY pg.k, w.k), x.id, x.key, 'u2p',
                x.member_id, pg.owner_id, pg.id,
                ${size.demo ? `3 + floor(pg_temp.h('messages:' || x.key) * 6)::int` : `12 + floor(pg_temp.h('messages:' || x.key) ^ 2 * 37)::int`},
                ${newest.replace('$2', '$3')} - (pg.k * 7 + w.k) * interval '23 minutes'
           FROM (SELECT id, owner_id, row_number() OVER (ORDER BY created_at, id) AS k FROM page) pg
          CROSS JOIN generate_series(1, $2::int) w(k)
          CROSS JOIN LATERAL (
                SELECT ${idSql('conversation', `'p' || pg.k || ':' || w.k`)} AS id,
                       'p' || pg.k || ':' || w.k AS key,
                       ${memberId(`((pg.k * 53 + w.k * 17) % ${members}) + 1`)} AS member_id) x
          WHERE x.member_id <> pg.owner_id`,
        [members, CONVERSATIONS_PER_PAGE, context.epoch],
      );
    }
    const { rows } = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM seed_conversation',
    );
    const total = rows[0].total;
    await inBatches(context, 'conversations', total, 50_000, async (from, to) => {
      const range = [from, to];
      await db.query(
        `INSERT INTO conversation (id, conv_type, pair_key, starter_id, page_id, created_at,
                                   last_message_at)
         SELECT id, conv_type,
                CASE WHEN conv_type = 'u2u'
                     THEN 'u:' || LEAST(a::text COLLATE "C", b::text COLLATE "C") || ':'
                               || GREATEST(a::text COLLATE "C", b::text COLLATE "C")
                     ELSE 'p:' || page_id::text || ':' || a::text END,
                a, page_id, last_at - (messages - 1) * interval '4 minutes', last_at
           FROM seed_conversation WHERE n BETWEEN $1 AND $2`,
        range,
      );
      // Message j of a conversation: the starter's, then the other side's, in turn (a question and
      // its answer from the list); four minutes apart.
      await db.query(
        `INSERT INTO message (id, conversation_id, sender_id, as_page, body, created_at)
         SELECT ${idSql('message', `c.key || ':' || j`)}, c.id, s.sender, s.sender = c.b AND c.conv_type <> 'u2u',
                (${sqlArray(MESSAGE_TEXTS)})[1 + (2 * c.n + j - 1) % ${MESSAGE_TEXTS.length}],
                c.last_at - (c.messages - j) * interval '4 minutes'
           FROM seed_conversation c
          CROSS JOIN LATERAL generate_series(1, c.messages) j
          CROSS JOIN LATERAL (SELECT CASE WHEN j % 2 = 1 THEN c.a ELSE c.b END AS sender) s
          WHERE c.n BETWEEN $1 AND $2`,
        range,
      );
      // Each side read up to the last message, or (a third) up to one to three before it.
      await db.query(
        `INSERT INTO conversation_participant (conversation_id, user_id, role, unread_count,
                                               last_read_at, last_activity_at)
         SELECT c.id, p.user_id, p.role, 0,
                c.last_at - CASE WHEN pg_temp.h('read:' || c.key || ':' || p.side) < 0.35
                                      OR ($3::boolean AND p.user_id = ${memberId('1')})
                                 THEN (1 + floor(pg_temp.h('behind:' || c.key || ':' || p.side) * 3))
                                      * interval '4 minutes'
                                 ELSE interval '0' END,
                c.last_at
           FROM seed_conversation c
          CROSS JOIN LATERAL (VALUES (c.a, 'member', 'a'),
                                     (c.b, CASE WHEN c.conv_type = 'u2u' THEN 'member' ELSE 'page' END, 'b'))
                AS p(user_id, role, side)
          WHERE c.n BETWEEN $1 AND $2`,
        [from, to, Boolean(size.demo)],
      );
      await db.query(
        `UPDATE conversation_participant cp SET unread_count = (
           SELECT count(*) FROM message m
            WHERE m.conversation_id = cp.conversation_id AND m.sender_id <> cp.user_id
              AND m.created_at > cp.last_read_at)
          WHERE cp.conversation_id IN (SELECT id FROM seed_conversation WHERE n BETWEEN $1 AND $2)`,
        range,
      );
    });

    await db.query(`DROP TABLE seed_conversation`);

    const notification = await context.columns('notification');
    if (notification.has('group_key')) {
      // Half the reactions and every comment tell the post's author, grouped as the app groups.
      await db.query(
        `INSERT INTO notification (user_id, type, actor_id, post_id, dedupe_key, group_key, seen,
                                   created_at)
         SELECT p.user_id, 'reaction', r.user_id, r.post_id, 'seed:reaction:' || r.id,
                'reaction:' || r.post_id, r.created_at < $1::timestamptz - interval '3 days',
                r.created_at
           FROM reaction r JOIN post p ON p.id = r.post_id
          WHERE r.user_id <> p.user_id AND pg_temp.h('notify:' || r.id) < 0.5`,
        [context.epoch],
      );
      await db.query(
        `INSERT INTO notification (user_id, type, actor_id, post_id, comment_id, dedupe_key,
                                   group_key, seen, created_at)
         SELECT p.user_id, 'comment', c.user_id, c.post_id, c.id, 'seed:comment:' || c.id,
                'comment:' || c.post_id, c.created_at < $1::timestamptz - interval '3 days',
                c.created_at
           FROM comment c JOIN post p ON p.id = c.post_id
          WHERE c.user_id <> p.user_id`,
        [context.epoch],
      );
      if (size.demo && (await context.columns('announcement')).has('id')) {
        const announcement = idSql('announcement', "'welcome'");
        await db.query(
          `INSERT INTO announcement (id, body, created_at)
           VALUES (${announcement}, $1, $2::timestamptz - interval '2 days')`,
          [
            'Welcome to Plantfolk! Share your plants, swap cuttings and meet growers nearby.',
            context.epoch,
          ],
        );
        // Each member's receipt of it (announcement_receipt), or, before that table, a row each.
        if ((await context.columns('announcement_receipt')).has('user_id'))
          await db.query(
            `INSERT INTO announcement_receipt (announcement_id, user_id, created_at)
             SELECT ${announcement}, u.id, $1::timestamptz - interval '2 days'
               FROM user_account u WHERE u.registered_at IS NOT NULL`,
            [context.epoch],
          );
        else
          await db.query(
            `INSERT INTO notification (user_id, type, announcement_id, dedupe_key, created_at)
             SELECT u.id, 'immutable', ${announcement},
                    'immutable:' || ${announcement}::text || ':' || u.id::text,
                    $1::timestamptz - interval '2 days'
               FROM user_account u WHERE u.registered_at IS NOT NULL`,
            [context.epoch],
          );
      }
      context.progress('notifications');
    }

    const audience = size.audienceMembers ?? 0;
    await inBatches(context, 'audience members', audience, 50_000, async (from, to) => {
      await db.query(
        `INSERT INTO user_account (id, email, email_verified_at, password_hash, username,
                                   registered_at, created_at, updated_at)
         SELECT ${idSql('reader', 'g')}, 'reader-' || g || '@bench.plantfolk.test', t.at, $3,
                'reader_' || g, t.at, t.at, t.at
           FROM generate_series($1::int, $2::int) g,
                LATERAL (SELECT $4::timestamptz - interval '300 days' + g * interval '1 second' AS at) t`,
        [from, to, context.passwordHash, context.epoch],
      );
      await db.query(
        `INSERT INTO handle (handle, owner_type, owner_id)
         SELECT 'reader_' || g, 'user', ${idSql('reader', 'g')} FROM generate_series($1::int, $2::int) g`,
        [from, to],
      );
    });
  },
};
