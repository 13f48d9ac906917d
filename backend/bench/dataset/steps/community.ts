import { idOf, idSql, type SeedContext, type SeedStep } from '../seed-context';
import { memberId } from './members';

/** The demo site's admin (its second member): who changed the settings and wrote the audit log. */
const ADMIN = memberId('2');

const DEMO_DESCRIPTION =
  'A demo Plantfolk: growers in two cities swapping cuttings, seedlings and tips, and meeting up.';

/**
 * The demo site's invites, form entries, site settings and audit log (issue 13's domains), only
 * at size `demo`: the benchmark's sizes measure other things and stay as they were. A handful of
 * fixed rows, through the real schema (its checks hold the invites' and forms' rules); times are
 * relative to the epoch. Each table is filled only once its migration exists.
 */
export const communityStep: SeedStep = {
  name: 'community',
  async run(context: SeedContext) {
    if (!context.size.demo) return;
    const { db, epoch } = context;
    const at = (hoursBefore: number) =>
      new Date(new Date(epoch).getTime() - hoursBefore * 3_600_000).toISOString();

    await db.query(
      `UPDATE user_account SET is_admin = true, is_trusted = true WHERE id = ${ADMIN}`,
    );

    if ((await context.columns('invite')).has('id')) {
      const {
        rows: [page],
      } = await db.query<{ id: string; owner_id: string }>(
        `SELECT id, owner_id FROM page ORDER BY handle LIMIT 1`,
      );
      const {
        rows: [event],
      } = await db.query<{ id: string; creator_id: string }>(
        `SELECT id, creator_id FROM event ORDER BY random_id LIMIT 1`,
      );
      const demo = idOf('member', 1);
      const invites: Array<
        [string, string, string, string | null, string, number, number, number]
      > = [
        // key, inviter, type, target, note, created (hours before), expires (hours after), uses
        ['site-used', demo, 'site', null, 'Come and swap cuttings with us!', 120, 216, 1],
        ['site-open', demo, 'site', null, 'Your monstera deserves an audience.', 24, 312, 0],
        ['site-expired', demo, 'site', null, 'Join before the spring swap.', 480, -144, 0],
        ['page', page.owner_id, 'page', page.id, 'Follow our page for swap days.', 72, 264, 1],
        ['event', event.creator_id, 'event', event.id, 'Bring a plant, take a plant.', 48, 288, 0],
      ];
      for (const [key, inviter, type, target, note, created, expires, uses] of invites)
        await db.query(
          `INSERT INTO invite (id, inviter_id, invite_type, target_id, note_text, expires_at,
                               use_count, used_at, created_at)
           VALUES (${idSql('invite', '$1::text')}, $2, $3, $4, $5,
                   $6::timestamptz + make_interval(hours => $7), $8,
                   CASE WHEN $8 > 0 THEN $9::timestamptz + interval '2 hours' END, $9)`,
          [key, inviter, type, target, note, epoch, expires, uses, at(created)],
        );
      // The page invite's one acceptance (page and event invites are reusable links).
      await db.query(
        `INSERT INTO invite_acceptance (invite_id, user_id, created_at)
         VALUES (${idSql('invite', "'page'")}, ${memberId('7')}, $1)`,
        [at(70)],
      );
      context.progress('invites');
    }

    if ((await context.columns('form_entry')).has('id')) {
      const entries: Array<[string, string, string, string, string | null, string | null, number]> =
        [
          [
            'contact-guest',
            'contact',
            'Running a swap at our school',
            'Hello! Could our school garden club run a seedling swap through Plantfolk?',
            'gardenclub@example.com',
            null,
            30,
          ],
          [
            'feedback-photos',
            'feedback',
            'Photo order',
            'It would be lovely to choose which photo of a post comes first.',
            null,
            idOf('member', 5),
            20,
          ],
          [
            'feedback-map',
            'feedback',
            'The map',
            'The nearby map makes finding cuttings so easy. Thank you!',
            null,
            idOf('member', 9),
            6,
          ],
        ];
      for (const [key, kind, subject, text, replyEmail, userId, hours] of entries)
        await db.query(
          `INSERT INTO form_entry (id, kind, subject, text, reply_email, user_id, handled_at,
                                   handled_by, created_at)
           VALUES (${idSql('form', '$1::text')}, $2, $3, $4, $5, $6,
                   CASE WHEN $1 = 'contact-guest' THEN $7::timestamptz + interval '3 hours' END,
                   CASE WHEN $1 = 'contact-guest' THEN ${ADMIN} END, $7)`,
          [key, kind, subject, text, replyEmail, userId, at(hours)],
        );
      context.progress('form entries');
    }

    if ((await context.columns('site_setting')).has('name')) {
      const settings: Array<[string, unknown, string, number]> = [
        ['site_description', DEMO_DESCRIPTION, 'string', 200],
        ['video_max_per_post', 2, 'number', 190],
      ];
      for (const [name, value, dataType, hours] of settings)
        await db.query(
          `INSERT INTO site_setting (name, value, data_type, is_public, updated_at, updated_by)
           VALUES ($1, $2::jsonb, $3, true, $4, ${ADMIN})`,
          [name, JSON.stringify(value), dataType, at(hours)],
        );
      context.progress('site settings');
    }

    if ((await context.columns('audit_log')).has('id')) {
      const {
        rows: [announcement],
      } = await db.query<{ id: string; body: string }>(
        `UPDATE announcement SET author_id = ${ADMIN} RETURNING id, body`,
      );
      const entries: Array<[string, string, string, string | null, unknown, unknown, number]> = [
        [
          'site-setting.update',
          'site-setting',
          'site_description',
          'site_description',
          { value: 'Plant lovers sharing plants, pages and events near them.' },
          { value: DEMO_DESCRIPTION },
          200,
        ],
        [
          'site-setting.update',
          'site-setting',
          'video_max_per_post',
          'video_max_per_post',
          { value: 1 },
          { value: 2 },
          190,
        ],
        [
          'user.update',
          'user',
          'trusted',
          idOf('member', 3),
          { trusted: false },
          { trusted: true },
          100,
        ],
        [
          'announcement.create',
          'announcement',
          'announcement',
          announcement?.id ?? null,
          null,
          { message: announcement?.body ?? null },
          48,
        ],
      ];
      for (const [action, targetType, key, target, before, after, hours] of entries)
        await db.query(
          `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, before, after,
                                  created_at)
           VALUES (${idSql('audit', '$1::text')}, ${ADMIN}, $2, $3,
                   $4,
                   $5::jsonb, $6::jsonb, $7)`,
          [
            `${action}:${key}`,
            action,
            targetType,
            target,
            before === null ? null : JSON.stringify(before),
            JSON.stringify(after),
            at(hours),
          ],
        );
      await db.query(`UPDATE user_account SET is_trusted = true WHERE id = ${memberId('3')}`);
      context.progress('audit log');
    }
  },
};
