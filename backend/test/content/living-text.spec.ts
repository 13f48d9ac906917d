import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PurgeUnusedLinkPreviewsJob } from '../../src/modules/content/jobs/purge-unused-link-previews.job';
import { LinkPreviewsService } from '../../src/modules/content/link-previews.service';
import { AppConfig } from '../../src/platform/config/app-config';
import { backendVersion } from '../../src/platform/config/load-config';
import {
  isAllowedAddress,
  SafeFetchError,
  type SafeFetchPolicy,
  safeFetch,
} from '../../src/platform/http/safe-fetch';
import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { QueueWorkers } from '../../src/platform/queues/queue-workers.service';
import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, testEnv, type TestApp } from '../support/test-app';
import { jpeg, storedRefs } from '../support/test-images';

/**
 * Living text (issue 10): hashtags tag the post, mentions notify once, and a post's first URL gets
 * a preview fetched SSRF-safely from a local HTTP server started here.
 */
describe('living text', () => {
  let server: Server;
  let port: number;
  let base: string;
  /** Bytes the server managed to write for /big before the client hung up. */
  let bigWritten = 0;
  let t: TestApp;
  let author: TestMember;
  let fan: TestMember;
  let unverified: TestMember;

  const page = (head: string, body = '') =>
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

  function html(res: ServerResponse, text: string) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(text);
  }

  beforeAll(async () => {
    const image = await jpeg(320, 200);
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/good')
        return html(
          res,
          page(`<title>Fallback</title>
            <meta property="og:title" content="Monstera care &amp; repotting">
            <meta property="og:description" content="How to  repot
              a Swiss cheese plant">
            <meta property="og:site_name" content="Leafy">
            <meta property="og:image" content="/leaf.jpg">`),
        );
      if (path === '/twitter')
        return html(
          res,
          page(`<title>Only a title</title><meta name="twitter:title" content="Tweety">
            <meta name="twitter:description" content="From twitter tags">`),
        );
      if (path === '/title-only') return html(res, page('<title> Plain   title </title>'));
      if (path === '/leaf.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(image);
      }
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (hop) {
        const left = Number(hop[1]);
        res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/good' });
        return res.end();
      }
      if (path === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.7/admin' });
        return res.end();
      }
      if (path === '/to-metadata') {
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      if (path === '/to-mapped') {
        res.writeHead(307, { location: 'http://[::ffff:192.168.1.1]/' });
        return res.end();
      }
      if (path === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(`<html><head><title>Big page</title>`);
        const chunk = `<!-- ${'x'.repeat(64 * 1024)} -->`;
        let sent = 0;
        const pump = () => {
          while (sent < 256) {
            sent += 1;
            bigWritten += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('<meta property="og:title" content="Past the cap"></head></html>');
        };
        res.on('close', () => undefined);
        return pump();
      }
      if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        const timer = setTimeout(() => res.end('<title>Too late</title></head></html>'), 8000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (path === '/json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"title":"not html"}');
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('not found');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp({
      env: {
        WORKERS: 'inline',
        LINK_PREVIEW_ALLOW_LOOPBACK: 'true',
        LINK_PREVIEW_PORTS: String(port),
        LINK_PREVIEW_TIMEOUT_MS: '1500',
      },
    });
    [author, fan, unverified] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      // Registered but the e-mail is not verified: sees what a guest sees.
      createMember(t, 'registered', { emailVerifiedAt: null }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    server?.close();
  });

  const previews = () => t.app.get(LinkPreviewsService);
  const loopbackPolicy = (): SafeFetchPolicy => previews().policy('page');

  async function refusal(url: string, policy = loopbackPolicy()): Promise<string> {
    try {
      await safeFetch(url, policy);
    } catch (error) {
      if (error instanceof SafeFetchError) return error.reason;
      throw error;
    }
    throw new Error(`${url} was fetched`);
  }

  /** Waits until every outbox row has been relayed and the notification jobs have run. */
  async function settled() {
    await t.app.get(OutboxRelay).relayOnce();
    await eventually(async () => {
      const [{ pending }] = await t.dataSource.query(
        'SELECT count(*)::int AS pending FROM outbox_message WHERE dispatched_at IS NULL',
      );
      expect(pending).toBe(0);
    });
    await eventually(async () => {
      const counts = await t.app.get(JobQueue).queue('notifications').getJobCounts();
      expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
    });
  }

  describe('SSRF-safe fetching', () => {
    it('judges addresses: public unicast only, v4 and v6, mapped v6 as the v4 it maps', () => {
      for (const address of [
        '127.0.0.1',
        '127.1.2.3',
        '10.1.2.3',
        '172.16.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '224.0.0.1',
        '255.255.255.255',
        '240.0.0.1',
        '192.0.2.1',
        '::1',
        '::',
        'fe80::1',
        'fc00::1',
        'fd12:3456::1',
        'ff02::1',
        '::ffff:127.0.0.1',
        '::ffff:10.0.0.1',
        '::ffff:169.254.169.254',
        '64:ff9b::a00:1',
        '2002:a00:1::1',
        '::127.0.0.1',
        'not an address',
      ])
        expect([address, isAllowedAddress(address)]).toEqual([address, false]);
      for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])
        expect([address, isAllowedAddress(address)]).toEqual([address, true]);
      // The test flag lets loopback through, and nothing else.
      expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
      expect(isAllowedAddress('::1', true)).toBe(true);
      expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    });

    it('refuses 127.0.0.1 and localhost with the default configuration', async () => {
      const defaults = AppConfig.fromEnv(
        testEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/x' }),
        backendVersion(),
      );
      expect(defaults.linkPreviews.allowLoopback).toBe(false);
      expect(defaults.linkPreviews.extraPorts).toEqual([]);
      const policy = { ...loopbackPolicy(), ...defaults.linkPreviews };
      // The port is checked first: even allowed, the address is refused.
      expect(await refusal(`${base}/good`, policy)).toBe('port');
      const portAllowed = { ...policy, extraPorts: [port] };
      expect(await refusal(`${base}/good`, portAllowed)).toBe('address');
      expect(await refusal(`http://localhost:${port}/good`, portAllowed)).toBe('address');
      expect(await refusal(`http://[::1]:${port}/good`, portAllowed)).toBe('address');
      // Nor may production turn the test flag on.
      expect(() =>
        AppConfig.fromEnv(
          testEnv({
            NODE_ENV: 'production',
            DATABASE_URL: 'postgres://x@127.0.0.1/x',
            LINK_PREVIEW_ALLOW_LOOPBACK: 'true',
          }),
        ),
      ).toThrow(/LINK_PREVIEW_ALLOW_LOOPBACK/);
    });

    it('refuses other schemes, other ports, credentials and private literals', async () => {
      expect(await refusal(`ftp://127.0.0.1:${port}/good`)).toBe('scheme');
      expect(await refusal(`file:///etc/passwd`)).toBe('scheme');
      expect(await refusal(`http://127.0.0.1:${port + 1}/good`)).toBe('port');
      expect(await refusal(`http://user:pw@127.0.0.1:${port}/good`)).toBe('credentials');
      expect(await refusal('http://10.0.0.1/')).toBe('address');
      expect(await refusal('http://[fd00::1]/')).toBe('address');
    });

    it('resolves a name once and connects to the address it checked (no rebinding)', async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const dns = require('node:dns') as typeof import('node:dns');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const dnsPromises = require('node:dns/promises') as typeof import('node:dns/promises');
      const resolved = jest
        .spyOn(dnsPromises, 'lookup')
        .mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
      // A second resolution (the socket's own) would fail the fetch.
      const second = jest.spyOn(dns, 'lookup').mockImplementation(((...args: unknown[]) => {
        const callback = args[args.length - 1] as (error: Error) => void;
        callback(Object.assign(new Error('asked twice'), { code: 'ENOTFOUND' }));
      }) as never);
      try {
        const page = await safeFetch(`http://plants.rebind.test:${port}/good`, loopbackPolicy());
        expect(page.body.toString()).toContain('og:title');
        expect(resolved).toHaveBeenCalledTimes(1);
        expect(second).not.toHaveBeenCalled();
        // Every address a name has must be allowed, not just the first.
        resolved.mockResolvedValue([
          { address: '127.0.0.1', family: 4 },
          { address: '10.0.0.8', family: 4 },
        ] as never);
        expect(await refusal(`http://plants.rebind.test:${port}/good`)).toBe('address');
      } finally {
        resolved.mockRestore();
        second.mockRestore();
      }
    });

    it('follows at most 3 redirects, each one checked', async () => {
      const three = await safeFetch(`${base}/hop/2`, loopbackPolicy());
      expect(three.url).toBe(`${base}/good`);
      expect(await refusal(`${base}/hop/3`)).toBe('too-many-redirects');
      expect(await refusal(`${base}/to-private`)).toBe('address');
      expect(await refusal(`${base}/to-metadata`)).toBe('address');
      expect(await refusal(`${base}/to-mapped`)).toBe('address');
    });

    it('reads at most 1 MB of a body and hangs up', async () => {
      bigWritten = 0;
      const result = await safeFetch(`${base}/big`, loopbackPolicy());
      expect(result.truncated).toBe(true);
      expect(result.body.length).toBe(1024 * 1024);
      // The server did not get to write all of its 16 MB.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bigWritten).toBeLessThan(256 * 64 * 1024);
    });

    it('gives up on a slow server at the time cap', async () => {
      const started = Date.now();
      expect(await refusal(`${base}/slow`)).toBe('timeout');
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(6000);
    });

    it('takes text/html only', async () => {
      expect(await refusal(`${base}/json`)).toBe('content-type');
      expect(await refusal(`${base}/leaf.jpg`)).toBe('content-type');
    });
  });

  describe('link previews', () => {
    it('previews a page from its og tags, with its image re-hosted', async () => {
      const url = `${base}/good`;
      const post = await createPost(t, author, { text: `Read this: ${url}.` });
      expect(post.linkPreview).toBeNull();
      // The job is in the outbox with the post.
      const [job] = await t.dataSource.query(
        "SELECT queue, payload FROM outbox_message WHERE job_name = 'link-preview' AND payload->>'url' = $1",
        [url],
      );
      expect(job).toMatchObject({ queue: 'images', payload: { url } });

      // The job fetches it; a second fetch finds it fresh.
      await t.app.get(OutboxRelay).relayOnce();
      const preview = await eventually(async () => {
        const one = await t.http().get(`/api/iam/posts/${post.random_id}`).expect(200);
        expect(one.body.data.linkPreview).not.toBeNull();
        return one.body.data.linkPreview;
      });
      expect(await previews().refresh(url)).toBe('fresh');
      expect(preview).toMatchObject({
        url,
        title: 'Monstera care & repotting',
        description: 'How to repot a Swiss cheese plant',
        siteName: 'Leafy',
      });
      expect(preview.image.image_ref).toMatch(/^posts\/.+\.webp$/);
      expect(preview.image.blurhash.length).toBeGreaterThan(5);
      expect(preview.image.variants.length).toBeGreaterThanOrEqual(1);
      expect(preview.image.width).toBe(320);
      expect(await storedRefs(t.storageDir)).toEqual(
        expect.arrayContaining(preview.image.variants.map((v: { ref: string }) => v.ref)),
      );
      // Never the page's own image URL.
      expect(JSON.stringify(preview)).not.toContain('leaf.jpg');
      // Another post naming the URL has it at once.
      const again = await createPost(t, fan, { text: `Also ${url}` });
      expect(again.linkPreview).toEqual(preview);
    });

    it('keeps the first of two fetches of one URL running at once', async () => {
      const url = `${base}/hop/1`;
      const outcomes = await Promise.all([previews().refresh(url), previews().refresh(url)]);
      expect(outcomes.sort()).toEqual(['fresh', 'ok']);
      const rows = await t.dataSource.query('SELECT image_ref FROM link_preview WHERE url = $1', [
        url,
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].image_ref).toMatch(/^posts\/.+\.webp$/);
    });

    it('falls back to twitter tags and <title>', async () => {
      await previews().refresh(`${base}/twitter`);
      await previews().refresh(`${base}/title-only`);
      const views = await previews().viewsOf([`${base}/twitter`, `${base}/title-only`]);
      expect(views.get(`${base}/twitter`)).toMatchObject({
        title: 'Tweety',
        description: 'From twitter tags',
        siteName: null,
        image: null,
      });
      expect(views.get(`${base}/title-only`)).toMatchObject({ title: 'Plain title' });
    });

    it('records a failure, and the post simply has no preview', async () => {
      const url = `${base}/json`;
      const post = await createPost(t, author, { text: `data at ${url}` });
      expect(await previews().refresh(url)).toBe('failed');
      const [row] = await t.dataSource.query('SELECT status FROM link_preview WHERE url = $1', [
        url,
      ]);
      expect(row.status).toBe('failed');
      const one = await t.http().get(`/api/iam/posts/${post.random_id}`).expect(200);
      expect(one.body.data.linkPreview).toBeNull();
      expect(await previews().refresh(`${base}/to-private`)).toBe('failed');
    });
  });

  describe('hashtags', () => {
    const edit = (postId: string, text: string, tags: string[]) =>
      t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(author.headers)
        .send({ postId, text, tags });
    const names = (item: { tags: Array<{ name: string }> }) => item.tags.map((tag) => tag.name);

    it('tags the post with its hashtags, creating new tags, beside the picked ones', async () => {
      const post = await createPost(t, author, {
        text: 'My #Monstera and #Zz-Plant-Care love the sun #1 C#, see https://x.example/#anchor',
        tags: ['ferns'],
      });
      expect(names(post)).toEqual(['ferns', 'monstera', 'zz-plant-care']);
      const byTag = await t.http().get('/api/iam/posts/tag/monstera').expect(200);
      expect(byTag.body.data.items.map((item: { id: string }) => item.id)).toContain(post.id);
      const [{ post_count }] = await t.dataSource.query(
        "SELECT post_count FROM tag WHERE name = 'zz-plant-care'",
      );
      expect(post_count).toBe(1);
    });

    it('re-derives hashtag tags on edit and keeps the picked ones', async () => {
      const post = await createPost(t, author, { text: 'Hello #alocasia', tags: ['ferns'] });
      expect(names(post)).toEqual(['alocasia', 'ferns']);
      // The form sends back every tag it showed; the hashtag one still follows the text.
      const edited = await edit(post.random_id, 'Hello #calathea', ['ferns', 'alocasia']).expect(
        200,
      );
      expect(names(edited.body.data)).toEqual(['calathea', 'ferns']);
      const plain = await edit(post.random_id, 'Hello again', ['ferns', 'calathea']).expect(200);
      expect(names(plain.body.data)).toEqual(['ferns']);
      // A tag both picked and written stays when the hashtag goes.
      await edit(post.random_id, 'Now #ferns', ['ferns']).expect(200);
      const kept = await edit(post.random_id, 'No hashtag', ['ferns']).expect(200);
      expect(names(kept.body.data)).toEqual(['ferns']);
    });

    it('counts only the tags the edited post will have against the limit', async () => {
      const picked = ['p1a', 'p2a', 'p3a', 'p4a', 'p5a', 'p6a'];
      const post = await createPost(t, author, { text: '#h1a #h2a #h3a #h4a', tags: picked });
      expect(post.tags).toHaveLength(10);
      // The form sends back all 10; the text now names 4 other hashtags: still 10 tags.
      const edited = await edit(post.random_id, '#n1a #n2a #n3a #n4a', names(post)).expect(200);
      expect(names(edited.body.data)).toEqual([...picked, 'n1a', 'n2a', 'n3a', 'n4a'].sort());
      // One more is too many.
      const refused = await edit(post.random_id, '#n1a #n2a #n3a #n4a #n5a', picked).expect(400);
      expect(refused.body.error.code).toBe('TOO_MANY_TAGS');
    });

    it('counts hashtags within the limit of 10 tags', async () => {
      const text = Array.from({ length: 11 }, (_, i) => `#tag${'abcdefghijk'[i]}x`).join(' ');
      const response = await t
        .http()
        .post('/api/iam/posts/new')
        .set(author.headers)
        .send({ text, privacy: 'public', tags: [], photos: [] })
        .expect(400);
      expect(response.body.error.code).toBe('TOO_MANY_TAGS');
    });
  });

  describe('mentions', () => {
    async function mentionsOf(member: TestMember) {
      return t.dataSource.query(
        "SELECT actor_id, post_id FROM notification WHERE user_id = $1 AND type = 'mention'",
        [member.id],
      );
    }

    it('tells a mentioned member once per post, never the author, never one who cannot see it', async () => {
      const post = await createPost(t, author, {
        text: `Thanks @${fan.username?.toUpperCase()} and @${author.username} and @${unverified.username}! mail me at x@${fan.username}.example or bob@example.com`,
        privacy: 'members',
      });
      await settled();
      expect(await mentionsOf(fan)).toEqual([{ actor_id: author.id, post_id: post.id }]);
      expect(await mentionsOf(author)).toEqual([]);
      expect(await mentionsOf(unverified)).toEqual([]);

      // Editing the post (still mentioning them) does not tell them again.
      await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(author.headers)
        .send({ postId: post.random_id, text: `Thanks again @${fan.username}`, tags: [] })
        .expect(200);
      await settled();
      expect(await mentionsOf(fan)).toHaveLength(1);
    });

    it('tells nobody of a private post, and everybody verified of a public one', async () => {
      const note = await createPost(t, author, {
        text: `Note to self about @${fan.username}`,
        privacy: 'private',
      });
      const pub = await createPost(t, author, {
        text: `Public hello @${unverified.username}`,
        privacy: 'public',
      });
      await settled();
      expect(await mentionsOf(fan)).toHaveLength(1);
      expect(await mentionsOf(unverified)).toEqual([{ actor_id: author.id, post_id: pub.id }]);

      // Made visible to members later, the private note tells them then, once.
      for (const privacy of ['members', 'public'])
        await t
          .http()
          .put('/api/iam/posts/privacy')
          .set(author.headers)
          .send({ id: note.random_id, uuid: author.id, privacy })
          .expect(200);
      await settled();
      expect(await mentionsOf(fan)).toEqual(
        expect.arrayContaining([{ actor_id: author.id, post_id: note.id }]),
      );
      expect(await mentionsOf(fan)).toHaveLength(2);
    });

    it('tells the owner of a mentioned page, once even when they are named twice', async () => {
      const organiser = await createMember(t, 'trusted');
      const handle = `pg_${Date.now().toString(36)}`;
      await t
        .http()
        .post('/api/iam/pages/new')
        .set(organiser.headers)
        .send({
          handle,
          name: 'Fern Friends',
          suburb_city: 'Fitzroy',
          state: 'Victoria',
          country: 'Australia',
          latitude: -37.79871,
          longitude: 144.97834,
        })
        .expect(201);
      const post = await createPost(t, author, {
        text: `Swap on Sunday with @${handle}`,
        privacy: 'public',
      });
      await settled();
      expect(await mentionsOf(organiser)).toEqual([{ actor_id: author.id, post_id: post.id }]);

      // Named as a member and through their page in one post: told once for it.
      const both = await createPost(t, author, {
        text: `Thanks @${handle} and @${organiser.username}, see you @${handle.toUpperCase()}`,
        privacy: 'public',
      });
      await settled();
      expect(await mentionsOf(organiser)).toEqual(
        expect.arrayContaining([{ actor_id: author.id, post_id: both.id }]),
      );
      expect(await mentionsOf(organiser)).toHaveLength(2);

      // A page's own post naming the page tells nobody (its owner wrote it).
      await createPost(t, organiser, { text: `News from @${handle}`, privacy: 'public' });
      await settled();
      expect(await mentionsOf(organiser)).toHaveLength(2);
    });

    it('tells those a comment mentions, once, but not the one its comment notice goes to', async () => {
      const post = await createPost(t, author, { text: 'Comment away', privacy: 'public' });
      const created = await t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(fan.headers)
        .send({
          postId: post.random_id,
          content: `@${author.username} @${unverified.username} @${fan.username} look!`,
        })
        .expect(201);
      await settled();
      const all = (member: TestMember) =>
        t.dataSource.query(
          'SELECT type, actor_id, comment_id FROM notification WHERE user_id = $1 AND post_id = $2',
          [member.id, post.id],
        );
      const commentId = created.body.data.id;
      expect(await all(unverified)).toEqual([
        { type: 'mention', actor_id: fan.id, comment_id: commentId },
      ]);
      expect(await all(author)).toEqual([
        { type: 'comment', actor_id: fan.id, comment_id: commentId },
      ]);
      expect(await all(fan)).toEqual([]);
    });
  });

  describe('mentions added by an edit', () => {
    async function mentionsOf(member: TestMember, postId: string) {
      return t.dataSource.query(
        "SELECT actor_id, comment_id FROM notification WHERE user_id = $1 AND post_id = $2 AND type = 'mention'",
        [member.id, postId],
      );
    }

    it('tells those an edited comment newly mentions, once; never its writer nor one who cannot see it', async () => {
      const [writer, early, late] = await Promise.all([
        createMember(t, 'registered'),
        createMember(t, 'registered'),
        createMember(t, 'registered'),
      ]);
      const post = await createPost(t, author, { text: 'Members talk', privacy: 'members' });
      const created = await t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(writer.headers)
        .send({ postId: post.random_id, content: `Hi @${early.username}` })
        .expect(201);
      const commentId = created.body.data.id;
      await settled();
      expect(await mentionsOf(early, post.id)).toEqual([
        { actor_id: writer.id, comment_id: commentId },
      ]);

      const edit = (content: string) =>
        t
          .http()
          .put('/api/iam/posts/comment/update')
          .set(writer.headers)
          .send({ id: commentId, uuid: writer.id, content })
          .expect(200);
      await edit(
        `Hi @${early.username}, @${late.username}, @${writer.username} and @${unverified.username}`,
      );
      await settled();
      expect(await mentionsOf(late, post.id)).toEqual([
        { actor_id: writer.id, comment_id: commentId },
      ]);
      expect(await mentionsOf(early, post.id)).toHaveLength(1);
      expect(await mentionsOf(writer, post.id)).toEqual([]);
      // Unverified: may not see a members' post.
      expect(await mentionsOf(unverified, post.id)).toEqual([]);

      // Edited again, still naming them: nobody hears twice.
      await edit(`Hello @${late.username} and @${early.username}!`);
      await settled();
      expect(await mentionsOf(late, post.id)).toHaveLength(1);
      expect(await mentionsOf(early, post.id)).toHaveLength(1);
    });

    it('tells those an edited post newly mentions, once, and not the author', async () => {
      const [writer, early, late] = await Promise.all([
        createMember(t, 'registered'),
        createMember(t, 'registered'),
        createMember(t, 'registered'),
      ]);
      const post = await createPost(t, writer, {
        text: `With @${early.username}`,
        privacy: 'members',
      });
      await settled();
      const edit = (text: string) =>
        t
          .http()
          .put('/api/iam/posts/update/textandtags')
          .set(writer.headers)
          .send({ postId: post.random_id, text, tags: [] })
          .expect(200);
      await edit(
        `With @${early.username}, @${late.username}, @${writer.username} and @${unverified.username}`,
      );
      await settled();
      expect(await mentionsOf(late, post.id)).toEqual([{ actor_id: writer.id, comment_id: null }]);
      expect(await mentionsOf(early, post.id)).toHaveLength(1);
      expect(await mentionsOf(writer, post.id)).toEqual([]);
      expect(await mentionsOf(unverified, post.id)).toEqual([]);
      await edit(`Still @${late.username} and @${early.username}`);
      await settled();
      expect(await mentionsOf(late, post.id)).toHaveLength(1);
      expect(await mentionsOf(early, post.id)).toHaveLength(1);
    });
  });

  describe('unused link previews', () => {
    it('go a month after their fetch once no post names them first, with their images', async () => {
      expect(t.app.get(QueueWorkers).recurringJobs()).toContainEqual(
        expect.objectContaining({ queue: 'cleanup', name: 'purge-unused-link-previews' }),
      );
      const writer = await createMember(t, 'registered');
      // Named first, then only second after an edit; named by a post since deleted; named first
      // by a post; named by none but fetched recently.
      const [moved, deleted, kept, recent] = [
        `${base}/hop/0`,
        `${base}/hop/2`,
        `${base}/twitter`,
        `${base}/title-only`,
      ];
      const first = await createPost(t, writer, { text: `See ${moved}` });
      const gone = await createPost(t, writer, { text: `Also ${deleted}` });
      for (const url of [moved, deleted, kept, recent]) await previews().refresh(url);
      const images = await t.dataSource.query(
        'SELECT url, image_variants FROM link_preview WHERE url = ANY($1) AND image_ref IS NOT NULL',
        [[moved, deleted]],
      );
      expect(images).toHaveLength(2);
      const files = images.flatMap((row: { image_variants: Array<{ ref: string }> }) =>
        row.image_variants.map((variant) => variant.ref),
      );
      expect(await storedRefs(t.storageDir)).toEqual(expect.arrayContaining(files));
      await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(writer.headers)
        .send({ postId: first.random_id, text: `Now ${kept} and ${moved}`, tags: [] })
        .expect(200);
      await t
        .http()
        .delete('/api/iam/posts')
        .set(writer.headers)
        .send({ postId: gone.random_id, userId: writer.id })
        .expect(200);
      // The posts' own preview jobs have run (none refetches what is aged below).
      await settled();
      await eventually(async () => {
        const counts = await t.app.get(JobQueue).queue('images').getJobCounts();
        expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
      });
      await t.dataSource.query(
        "UPDATE link_preview SET fetched_at = now() - interval '31 days' WHERE url = ANY($1)",
        [[moved, deleted, kept]],
      );
      await t.dataSource.query(
        "UPDATE link_preview SET fetched_at = now() - interval '29 days' WHERE url = $1",
        [recent],
      );

      await t.app.get(PurgeUnusedLinkPreviewsJob).handle();
      const left = await t.dataSource.query(
        'SELECT url FROM link_preview WHERE url = ANY($1) ORDER BY url',
        [[moved, deleted, kept, recent]],
      );
      expect(left.map((row: { url: string }) => row.url).sort()).toEqual([kept, recent].sort());
      // The post still shows its preview; the images of those gone follow by a cleanup job.
      const shown = await t.http().get(`/api/iam/posts/${first.random_id}`).expect(200);
      expect(shown.body.data.linkPreview).toMatchObject({ url: kept, title: 'Tweety' });
      await t.app.get(OutboxRelay).relayOnce();
      await eventually(async () => {
        const stored = await storedRefs(t.storageDir);
        expect(files.filter((ref: string) => stored.includes(ref))).toEqual([]);
      });
      expect(await previews().purgeUnused()).toBe(0);
    });
  });

  describe('bad input', () => {
    it('refuses NUL bytes and huge texts with a 4xx and writes nothing', async () => {
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM post');
      for (const text of ['#ferns\u0000 @x', 'x'.repeat(5001), `http://${'a'.repeat(6000)}.com`]) {
        const response = await t
          .http()
          .post('/api/iam/posts/new')
          .set(author.headers)
          .send({ text, privacy: 'public', tags: [], photos: [] });
        expect([text.slice(0, 10), response.status]).toEqual([text.slice(0, 10), 400]);
      }
      const after = await t.dataSource.query('SELECT count(*)::int AS n FROM post');
      expect(after[0].n).toBe(before[0].n);
    });
  });
});
