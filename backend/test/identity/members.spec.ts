import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { AccountDeletionService } from '../../src/modules/identity/account-deletion.service';
import { IdentityModule } from '../../src/modules/identity/identity.module';
import { PurgeExpiredAuthJob } from '../../src/modules/identity/jobs/purge-expired-auth.job';
import { StorageService } from '../../src/platform/storage/storage.service';
import { mailTo, testSmtpUrl } from '../support/mailbox';
import { cookieFrom, createMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** Stands in for a later module's deletion step (messaging: "conversations first"). */
@Injectable()
class ProbeDeletionSteps implements OnModuleInit {
  static failFor = new Set<string>();
  static ran: string[] = [];

  constructor(private readonly deletion: AccountDeletionService) {}

  onModuleInit() {
    this.deletion.registerStep({
      name: 'conversations',
      phase: 'before-user',
      run: async (manager: EntityManager, userId: string) => {
        ProbeDeletionSteps.ran.push(`conversations:${userId}`);
        await manager.query('SELECT 1');
        if (ProbeDeletionSteps.failFor.has(userId))
          throw new Error('conversations could not be deleted');
      },
    });
    this.deletion.registerStep({
      name: 'lists',
      phase: 'after-user',
      run: async (_manager: EntityManager, userId: string) => {
        ProbeDeletionSteps.ran.push(`lists:${userId}`);
      },
    });
  }
}

@Module({ imports: [IdentityModule], providers: [ProbeDeletionSteps] })
class ProbeDeletionModule {}

describe('identity: members, admins and account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { WORKERS: 'inline', SMTP_URL: testSmtpUrl() },
      extraModules: [ProbeDeletionModule],
    });
  });
  afterAll(() => t.close());

  describe('deleting one’s account', () => {
    it('runs the steps in order, removes the account, its avatar files and sessions, and says goodbye', async () => {
      const member = await createMember(t, 'registered', {
        avatar: 'avatars/ab/me.webp',
        avatarVariants: ['avatars/ab/me-96.webp'],
      });
      const storage = t.app.get(StorageService);
      await storage.put('avatars/ab/me.webp', Buffer.from('img'));
      await storage.put('avatars/ab/me-96.webp', Buffer.from('img'));

      await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(member.headers)
        .send({ uuid: member.id, password: member.password })
        .expect(200);
      expect(ProbeDeletionSteps.ran.filter((entry) => entry.endsWith(member.id))).toEqual([
        `conversations:${member.id}`,
        `lists:${member.id}`,
      ]);
      const rows = await t.dataSource.query('SELECT 1 FROM user_account WHERE id = $1', [
        member.id,
      ]);
      expect(rows).toHaveLength(0);
      expect(
        await t.dataSource.query('SELECT 1 FROM handle WHERE owner_id = $1', [member.id]),
      ).toHaveLength(0);
      expect(
        await t.dataSource.query('SELECT 1 FROM auth_session WHERE user_id = $1', [member.id]),
      ).toHaveLength(0);
      await eventually(async () => {
        expect(existsSync(join(t.storageDir, 'images', 'avatars/ab/me.webp'))).toBe(false);
        expect(existsSync(join(t.storageDir, 'images', 'avatars/ab/me-96.webp'))).toBe(false);
      });
      const [goodbye] = await eventually(async () => {
        const messages = await mailTo(member.email);
        expect(messages).toHaveLength(1);
        return messages;
      });
      expect(goodbye.subject).toBe('Your Plantfolk account has been deleted');
    });

    it('leaves the account intact when a step fails, and sends nothing', async () => {
      const member = await createMember(t, 'registered', { avatar: 'avatars/ab/keep.webp' });
      await t.app.get(StorageService).put('avatars/ab/keep.webp', Buffer.from('img'));
      ProbeDeletionSteps.failFor.add(member.id);
      const response = await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(member.headers)
        .send({ uuid: member.id, password: member.password });
      expect(response.status).toBe(500);
      expect(response.body.error).toEqual({
        code: 'DELETION_FAILED',
        message: 'Your account could not be deleted; nothing was changed',
      });
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(existsSync(join(t.storageDir, 'images', 'avatars/ab/keep.webp'))).toBe(true);
      expect(await mailTo(member.email)).toEqual([]);
      const outbox = await t.dataSource.query(
        "SELECT 1 FROM outbox_message WHERE payload->>'to' = $1",
        [member.email],
      );
      expect(outbox).toHaveLength(0);
    });

    it('needs the right password and one’s own uuid', async () => {
      const member = await createMember(t, 'registered');
      const other = await createMember(t, 'registered');
      const wrong = await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(member.headers)
        .send({ uuid: member.id, password: 'not it at all' })
        .expect(400);
      expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
      const notMine = await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(member.headers)
        .send({ uuid: other.id, password: member.password })
        .expect(403);
      expect(notMine.body.error.code).toBe('NOT_YOUR_ACCOUNT');
      await t.http().get('/api/iam/authn/profile').set(other.headers).expect(200);
    });
  });

  describe('admins', () => {
    it('grant trust, which unlocks trusted permissions', async () => {
      const admin = await createMember(t, 'admin');
      const member = await createMember(t, 'registered');
      const before = await t
        .http()
        .get(`/api/iam/users/${member.id}/permission/create-page`)
        .set(member.headers)
        .expect(200);
      expect(before.body.data).toEqual({ permitted: false });
      const updated = await t
        .http()
        .put(`/api/iam/users/${member.id}`)
        .set(admin.headers)
        .send({ trusted: true })
        .expect(200);
      expect(updated.body.data).toMatchObject({
        uuid: member.id,
        trusted: true,
        admin: false,
        suspended: false,
      });
      const after = await t
        .http()
        .get(`/api/iam/users/${member.id}/permission/create-page`)
        .set(member.headers)
        .expect(200);
      expect(after.body.data).toEqual({ permitted: true });
      // Members may ask only about themselves.
      await t
        .http()
        .get(`/api/iam/users/${admin.id}/permission/admin`)
        .set(member.headers)
        .expect(403);
      const byAdmin = await t
        .http()
        .get(`/api/iam/users/${member.id}/permission/admin`)
        .set(admin.headers)
        .expect(200);
      expect(byAdmin.body.data).toEqual({ permitted: false });
    });

    it('suspend a member, who can then only learn that they are suspended', async () => {
      const admin = await createMember(t, 'admin');
      const member = await createMember(t, 'registered');
      await t
        .http()
        .put(`/api/iam/users/${member.id}`)
        .set(admin.headers)
        .send({ suspended: true })
        .expect(200);
      const profile = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(403);
      expect(profile.body.error.code).toBe('ACCOUNT_SUSPENDED');
      const status = await t
        .http()
        .get('/api/iam/authn/isauthenticated')
        .set(member.headers)
        .expect(200);
      expect(status.body.data).toEqual({
        authenticated: true,
        stage: 'registered',
        suspended: true,
      });
      await t.http().get(`/api/user/get-user-by-uuid/${member.id}`).expect(404);
      await t
        .http()
        .put(`/api/iam/users/${member.id}`)
        .set(admin.headers)
        .send({ suspended: false })
        .expect(200);
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
    });

    it('cannot suspend or delete themselves', async () => {
      const admin = await createMember(t, 'admin');
      await t
        .http()
        .put(`/api/iam/users/${admin.id}`)
        .set(admin.headers)
        .send({ suspended: true })
        .expect(400);
      await t.http().delete(`/api/iam/users/${admin.id}`).set(admin.headers).expect(400);
    });

    it('list sessions, end one, and purge ended ones', async () => {
      const admin = await createMember(t, 'admin');
      const member = await createMember(t, 'registered');
      const list = await t.http().get('/api/iam/refresh-tokens').set(admin.headers).expect(200);
      expect(list.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: member.sessionId,
            user: expect.objectContaining({ uuid: member.id, email: member.email }),
          }),
        ]),
      );
      await t
        .http()
        .delete(`/api/iam/refresh-tokens/${member.sessionId}`)
        .set(admin.headers)
        .expect(200);
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(401);
      await t.dataSource.query(
        "UPDATE auth_session SET revoked_at = now() - interval '31 days' WHERE id = $1",
        [member.sessionId],
      );
      const purged = await t
        .http()
        .delete('/api/iam/refresh-tokens')
        .set(admin.headers)
        .expect(200);
      expect(purged.body.data.deleted).toBeGreaterThanOrEqual(1);
      expect(
        await t.dataSource.query('SELECT 1 FROM auth_session WHERE id = $1', [member.sessionId]),
      ).toHaveLength(0);
    });

    it('delete a member with the same ordered steps as self-deletion', async () => {
      const admin = await createMember(t, 'admin');
      const member = await createMember(t, 'registered');
      await t.http().delete(`/api/iam/users/${member.id}`).set(admin.headers).expect(200);
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(401);
      expect(ProbeDeletionSteps.ran.filter((entry) => entry.endsWith(member.id))).toEqual([
        `conversations:${member.id}`,
        `lists:${member.id}`,
      ]);
      expect(
        await t.dataSource.query('SELECT 1 FROM handle WHERE owner_id = $1', [member.id]),
      ).toHaveLength(0);
    });

    it('delete a member all or nothing: a failing step leaves the account whole', async () => {
      const admin = await createMember(t, 'admin');
      const member = await createMember(t, 'registered');
      ProbeDeletionSteps.failFor.add(member.id);
      const response = await t.http().delete(`/api/iam/users/${member.id}`).set(admin.headers);
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('DELETION_FAILED');
      await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
      expect(
        await t.dataSource.query('SELECT 1 FROM handle WHERE owner_id = $1', [member.id]),
      ).toHaveLength(1);
    });
  });

  describe('the queue dashboard', () => {
    it('opens for an admin with the ops pass, and for nobody else', async () => {
      await t.http().get('/admin/queues').expect(403);
      const member = await createMember(t, 'trusted');
      await t.http().post('/api/iam/admin/queue-dashboard-session').set(member.headers).expect(403);

      const admin = await createMember(t, 'admin');
      const pass = await t
        .http()
        .post('/api/iam/admin/queue-dashboard-session')
        .set(admin.headers)
        .expect(200);
      expect(pass.body.data).toEqual({ url: '/admin/queues' });
      const cookie = cookieFrom(pass, 'pf_ops') as string;
      expect(String(pass.headers['set-cookie'])).toMatch(
        /Path=\/admin\/queues.*HttpOnly.*SameSite=Strict/i,
      );
      await t.http().get('/admin/queues').set('cookie', `pf_ops=${cookie}`).expect(200);
      await t.http().get('/admin/queues/api/queues').set('cookie', `pf_ops=${cookie}`).expect(200);

      // The pass dies with the admin's session.
      await t.http().post('/api/iam/authn/logout').set(admin.headers).expect(200);
      await t.http().get('/admin/queues').set('cookie', `pf_ops=${cookie}`).expect(403);
    });
  });

  describe('housekeeping', () => {
    it('purges spent and expired link tokens and ended sessions, keeping live ones', async () => {
      const live = await createMember(t, 'registered');
      const ended = await createMember(t, 'registered');
      await t.dataSource.query(
        "UPDATE auth_session SET expires_at = now() - interval '1 hour' WHERE id = $1",
        [ended.sessionId],
      );
      await t.dataSource.query(
        `INSERT INTO email_token (user_id, purpose, token_hash, expires_at, used_at) VALUES
           ($1, 'verify-email', 'spent-hash', now() + interval '1 day', now() - interval '2 days'),
           ($1, 'reset-password', 'expired-hash', now() - interval '2 days', NULL),
           ($1, 'reset-password', 'live-hash', now() + interval '1 hour', NULL)`,
        [live.id],
      );
      await t.app.get(PurgeExpiredAuthJob).handle();
      const tokens = await t.dataSource.query(
        'SELECT token_hash FROM email_token WHERE user_id = $1',
        [live.id],
      );
      expect(tokens).toEqual([{ token_hash: 'live-hash' }]);
      expect(
        await t.dataSource.query('SELECT id FROM auth_session WHERE id = ANY($1)', [
          [live.sessionId, ended.sessionId],
        ]),
      ).toEqual([{ id: live.sessionId }]);
    });
  });

  describe('user settings', () => {
    it('start from defaults, are created once, and change field by field', async () => {
      const member = await createMember(t, 'registered');
      const defaults = {
        email_on_message: true,
        email_on_comment: true,
        email_on_event: true,
        email_messages: 'immediately',
        email_comments: 'daily',
        email_events: 'daily',
        show_in_nearby: true,
        distance_unit: 'km',
        time_zone: null,
      };
      expect(
        (await t.http().get('/api/iam/users/user-settings').set(member.headers).expect(200)).body
          .data,
      ).toEqual(defaults);
      await t.http().post('/api/iam/users/create-user-settings').set(member.headers).expect(200);
      await t
        .http()
        .put('/api/iam/users/update-user-settings')
        .set(member.headers)
        .send({ show_in_nearby: false })
        .expect(200);
      const again = await t
        .http()
        .post('/api/iam/users/create-user-settings')
        .set(member.headers)
        .expect(200);
      expect(again.body.data).toEqual({ ...defaults, show_in_nearby: false });
      await t
        .http()
        .put('/api/iam/users/update-user-settings')
        .set(member.headers)
        .send({ distance_unit: 'miles' })
        .expect(400);
    });
  });
});
