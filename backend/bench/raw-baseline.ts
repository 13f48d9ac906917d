/**
 * The raw baseline: bare node:http + pg (a pg.Pool), no Nest, no TypeORM, no Fastify, answering
 * the benchmark's URLs with the app's own SQL (the modules' exported builders and query
 * functions, so a change there changes both servers) and the same JSON body, byte for byte, as
 * the API. What the API does on top (framework, guards, validation, logging, headers) is what the
 * benchmark's ratio measures. Writes do the minimal SQL for the same change (one statement:
 * insert, counter moved) and answer a small JSON; the image route renders with the app's
 * renderer, in the request.
 *
 *   node -r @swc-node/register backend/bench/raw-baseline.ts   (PORT, DATABASE_URL, JWT_SECRET,
 *   STORAGE_DIR as the API takes them; RAW_BACKGROUND=1: the whole process at the worker's CPU
 *   priority)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Pool, type QueryResult } from 'pg';
import sharp from 'sharp';
import type { Caller } from '../src/platform/access/access-policy';
import { GUEST, type Viewer, viewerOf } from '../src/platform/access/viewer';
import { CONNECTION_OPTIONS } from '../src/platform/database/connection-options';
import { PreparedNames } from '../src/platform/database/sql';
import type { SqlRunner } from '../src/platform/database/sql-runner';
import { AppError } from '../src/platform/http/app-error';
import { errorEnvelope, successEnvelope, WithResponders } from '../src/platform/http/envelope';
import { PlatformErrors } from '../src/platform/http/platform.errors';
import { publicDistanceKm } from '../src/platform/geo/geo';
import { newRandomId } from '../src/platform/ids/random-id';
import { IMAGE_PRESETS } from '../src/platform/images/image-presets';
import { renderImage, SHARP_THREADS_PER_RENDER } from '../src/platform/images/image-renderer';
import { runInBackground } from '../src/platform/queues/process-priority';
import {
  type Cursor,
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  parseTake,
} from '../src/platform/paging/paging';
import type { PhotoView, TagRef } from '../src/modules/content/content-item';
import { contentItemOf, postKeyQuery } from '../src/modules/content/content-items.service';
import { ContentErrors } from '../src/modules/content/content.errors';
import {
  postDetailsSql,
  postExistsSql,
  postPageSql,
  type PostRow,
  type ResolvedPostQuery,
  siteCountsSql,
} from '../src/modules/content/feed.queries';
import * as members from '../src/modules/identity/members.queries';
import * as directory from '../src/modules/identity/directory.queries';
import { nearbyMember } from '../src/modules/identity/directory.service';
import {
  NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
  NEARBY_PEOPLE_DEFAULT_TAKE,
} from '../src/modules/profiles/dto/people.dto';
import { ProfilesErrors } from '../src/modules/profiles/profiles.errors';
import { NEARBY_DEFAULT_RADIUS_KM } from '../src/modules/plants/dto/plants.dto';
import { NEARBY_RESULTS } from '../src/modules/plants/plants.service';
import { AccessTokens } from '../src/modules/identity/access-tokens.service';
import type { AppConfig } from '../src/platform/config/app-config';
import { sessionCaller } from '../src/modules/identity/identity-caller.resolver';
import { IdentityErrors } from '../src/modules/identity/identity.errors';
import { PLANT_KIND, toPlantView, type PlantView } from '../src/modules/plants/plant-kind';
import { plantsOfPosts } from '../src/modules/plants/plants.queries';
import { normaliseTagName } from '../src/modules/tags/tag-name';
import { lookupTag, tagRefsByIds } from '../src/modules/tags/tags.queries';
import { rawEvents } from './raw-events';
import { rawMessaging } from './raw-messaging';
import { rawSearch } from './raw-search';

export interface RawBaselineOptions {
  databaseUrl: string;
  jwtSecret: string;
  storageDir: string;
  port?: number;
  host?: string;
  /** As the API's pool (data-source-options: 10). */
  poolSize?: number;
  /** As the API's PUBLIC_URL (its calendar links); the API's default otherwise. */
  publicUrl?: string;
}

export interface RawBaseline {
  url: string;
  close: () => Promise<void>;
}

/** No tag has this id (as FeedsService): a name with no tag looks for posts with it. */
const NO_TAG = 0;

type Answer = unknown;

class NotFoundRoute extends Error {}

/**
 * Runs SQL as TypeORM's DataSource.query answers: rows, or [rows, count] for UPDATE and DELETE;
 * `prepared` as the app's Sql does (the statements the app prepares are prepared here too).
 */
function runnerOf(pool: Pool, names: PreparedNames): SqlRunner {
  const answer = (result: QueryResult) =>
    result.command === 'UPDATE' || result.command === 'DELETE'
      ? [result.rows, result.rowCount]
      : result.rows;
  return {
    query: async (text: string, values?: unknown[]) => answer(await pool.query(text, values)),
    prepared: async (text: string, values?: unknown[]) =>
      answer(await pool.query(names.config(text, values))),
  };
}

export async function startRawBaseline(options: RawBaselineOptions): Promise<RawBaseline> {
  const pool = new Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // As the API's connections (data-source-options): the same statements run alike.
    options: CONNECTION_OPTIONS,
  });
  const preparedNames = new PreparedNames();
  const db = runnerOf(pool, preparedNames);
  const eventRoutes = rawEvents(
    db,
    (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
  );
  const messaging = rawMessaging(db);
  const search = rawSearch(db);
  const rows = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await pool.query(text, values)).rows as T[];
  // The writes' one statement each, prepared as the app prepares its own (queryPrepared).
  const preparedRows = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await pool.query(preparedNames.config(text, values))).rows as T[];
  // The identity module's own token check (it remembers verified tokens until they expire), so
  // both sides pay the same for a signed-in request.
  const accessTokens = new AccessTokens({ jwtSecret: options.jwtSecret } as AppConfig);
  const postTagColumns = new Set(
    (
      await rows<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'post_tag'`,
        [],
      )
    ).map((row) => row.column_name),
  );

  /** Bearer token → session → caller, with the identity module's own query. */
  async function callerOf(request: IncomingMessage): Promise<Caller> {
    const header = request.headers.authorization;
    if (!header) return { kind: 'guest' };
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match) throw PlatformErrors.UNAUTHENTICATED();
    const claims = await accessTokens.verify(match[1]);
    if (!claims) throw PlatformErrors.UNAUTHENTICATED();
    const { userId, sessionId } = claims;
    const caller = await sessionCaller(db, userId, sessionId);
    if (!caller) throw PlatformErrors.UNAUTHENTICATED();
    return caller;
  }

  function member(caller: Caller, request: IncomingMessage) {
    if (caller.kind !== 'user') throw PlatformErrors.UNAUTHENTICATED();
    if (request.method !== 'GET' && request.headers['x-csrf-token'] !== caller.csrfToken)
      throw PlatformErrors.UNAUTHENTICATED();
    return caller;
  }

  // ---- reads: ContentItemsService's steps, in plain code over the same SQL ----

  async function hydrate(viewer: Viewer, pageRows: PostRow[]) {
    if (!pageRows.length) return [];
    const ids = pageRows.map((row) => row.id);
    const plantIds = pageRows.filter((row) => row.type === PLANT_KIND.type).map((row) => row.id);
    const details = postDetailsSql(ids);
    const [photosAndTags, plants] = await Promise.all([
      (async () => {
        const found = await rows<{ post_id: string; photos: PhotoView[]; tag_ids: number[] }>(
          details.text,
          details.values,
        );
        const tagIds = found.flatMap((row) => row.tag_ids);
        const tags = tagIds.length ? await tagRefsByIds(db, [...new Set(tagIds)]) : [];
        return { found, tagNames: new Map(tags.map((tag) => [tag.id, tag])) };
      })(),
      plantIds.length
        ? plantsOfPosts(db, plantIds).then(async (plantRows) => {
            // As the plants module does: each owner's distance from a member viewer.
            const owners = [...new Set(plantRows.map((row) => row.user_id))];
            const distances = new Map(
              viewer.kind === 'member' && owners.length
                ? (await members.distancesFromMember(db, viewer.userId, owners)).map((row) => [
                    row.id,
                    publicDistanceKm(row.metres),
                  ])
                : [],
            );
            return new Map<string, PlantView>(
              plantRows.map((row) => [
                row.post_id,
                toPlantView(row, distances.get(row.user_id) ?? null),
              ]),
            );
          })
        : Promise.resolve(undefined),
    ]);
    const byPost = new Map(photosAndTags.found.map((row) => [row.post_id, row]));
    return pageRows.map((row) =>
      contentItemOf(row, {
        photos: byPost.get(row.id)?.photos ?? [],
        tags: (byPost.get(row.id)?.tag_ids ?? [])
          .map((id) => photosAndTags.tagNames.get(id))
          .filter((tag): tag is TagRef => Boolean(tag)),
        details: (slot) => (slot === PLANT_KIND.slot ? (plants?.get(row.id) ?? null) : null),
      }),
    );
  }

  function respondersOf(pageRows: Array<{ user_id: string }>) {
    const unique = [...new Set(pageRows.map((row) => row.user_id))];
    return unique.length ? members.summariesByIds(db, unique) : Promise.resolve([]);
  }

  async function page(
    viewer: Viewer,
    query: ResolvedPostQuery,
    cursor: Cursor | null,
    take = DEFAULT_PAGE_SIZE,
  ) {
    const sql = postPageSql(viewer, query, cursor, take + 1);
    const found = await rows<PostRow>(sql.text, sql.values);
    const more = found.length > take;
    const pageRows = more ? found.slice(0, take) : found;
    const last = pageRows[pageRows.length - 1];
    const [items, responders] = await Promise.all([
      hydrate(viewer, pageRows),
      respondersOf(pageRows),
    ]);
    return new WithResponders(
      {
        items,
        next_cursor:
          more && last ? encodeCursor('bumped_at', { at: last.cursor_at, id: last.id }) : null,
      },
      responders,
    );
  }

  async function guestFeed(viewer: Viewer, rawCursor: string | undefined) {
    const cursor = decodeCursor('bumped_at', rawCursor);
    const counts = siteCountsSql(viewer, { plants: 'plant/image' });
    const [listed, [count]] = await Promise.all([
      page(viewer, {}, cursor),
      rows<{ total: number; plants: number }>(counts.text, counts.values),
    ]);
    return new WithResponders(
      {
        contentItems: listed.data.items,
        counts: { posts: count.total, plants: count.plants },
        next_cursor: listed.data.next_cursor,
      },
      listed.responders,
    );
  }

  async function tagFeed(viewer: Viewer, name: string, rawCursor: string | undefined) {
    const normalised = normaliseTagName(name);
    const tag = normalised
      ? await lookupTag(
          db,
          normalised,
          viewer.kind === 'member' ? { userId: viewer.userId, admin: viewer.admin } : null,
        )
      : undefined;
    const tagId = tag?.id ?? NO_TAG;
    if (!tag?.listed) {
      const exists = postExistsSql(viewer, { tagId });
      const [{ found }] = await rows<{ found: boolean }>(exists.text, exists.values);
      if (!found) throw ContentErrors.TAG_NOT_FOUND();
    }
    return page(viewer, { tagId }, decodeCursor('bumped_at', rawCursor));
  }

  async function onePost(viewer: Viewer, key: string) {
    const query = postKeyQuery(key);
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const listed = await page(viewer, query, null, 1);
    const [item] = listed.data.items;
    if (!item) throw ContentErrors.POST_NOT_FOUND();
    return new WithResponders({ post: item }, listed.responders);
  }

  async function memberPosts(viewer: Viewer, username: string) {
    const user = await members.publicSummaryByUsername(db, username.trim().toLowerCase());
    if (!user) throw IdentityErrors.USER_NOT_FOUND();
    return page(viewer, { userId: user.uuid.toLowerCase() }, null);
  }

  function recentPlants(viewer: Viewer, type: string) {
    if (type !== 'available' && type !== 'all') throw new NotFoundRoute();
    return page(
      viewer,
      {
        type: PLANT_KIND.type,
        kindFilter:
          type === 'available'
            ? { table: PLANT_KIND.table, column: PLANT_KIND.filters.available.column }
            : undefined,
      },
      null,
    );
  }

  // ---- nearby searches (reads sent as PUT) ----

  /** PlantsService.nearby: one statement over the listings' GiST index (their owner's point). */
  async function nearbyPlants(viewer: Viewer, body: Record<string, unknown>) {
    const uuid = typeof body.uuid === 'string' ? body.uuid.toLowerCase() : undefined;
    const radiusKm = typeof body.radius_km === 'number' ? body.radius_km : NEARBY_DEFAULT_RADIUS_KM;
    const sql = postPageSql(
      viewer,
      {
        type: PLANT_KIND.type,
        kindFilter: { table: PLANT_KIND.table, column: PLANT_KIND.filters.available.column },
        near: {
          latitude: Number(body.latitude),
          longitude: Number(body.longitude),
          radiusKm,
          location: { table: PLANT_KIND.table, ...PLANT_KIND.location },
        },
        exceptUserId: uuid,
      },
      null,
      NEARBY_RESULTS,
    );
    const found = await rows<PostRow>(sql.text, sql.values);
    if (!found.length) return new WithResponders([], []);
    const [items, responders] = await Promise.all([hydrate(viewer, found), respondersOf(found)]);
    return new WithResponders(
      items.map((item, index) => ({
        ...item,
        distance_km: publicDistanceKm(Number(found[index].distance_m)),
      })),
      responders,
    );
  }

  /** PeopleService.nearby over MemberDirectoryService.nearby: the same two statements. */
  async function nearbyPeople(caller: Caller & { kind: 'user' }, body: Record<string, unknown>) {
    if (String(body.userId).toLowerCase() !== caller.userId)
      throw ProfilesErrors.NOT_YOUR_ACCOUNT();
    const take = typeof body.take === 'number' ? body.take : NEARBY_PEOPLE_DEFAULT_TAKE;
    const radiusKm =
      typeof body.radius_km === 'number' ? body.radius_km : NEARBY_PEOPLE_DEFAULT_RADIUS_KM;
    const point = { latitude: Number(body.latitude), longitude: Number(body.longitude) };
    const near = (await directory.nearestShownMembers(db, point, radiusKm, take + 1))
      .filter((row) => row.id !== caller.userId)
      .slice(0, take);
    if (!near.length) return [];
    const summaries = new Map(
      (
        await directory.locatedSummariesByIds(
          db,
          near.map((row) => row.id),
        )
      ).map((row) => [row.uuid, row]),
    );
    // The service's own mapping (fields written out), so both sides do the same work per member.
    return near.flatMap((row) => {
      const found = summaries.get(row.id);
      return found ? [nearbyMember(found, row.distanceKm)] : [];
    });
  }

  // ---- writes: the minimal SQL for the same change ----

  async function createPost(caller: Caller & { kind: 'user' }, body: Record<string, unknown>) {
    const tags = (Array.isArray(body.tags) ? body.tags : [])
      .map((name) => normaliseTagName(String(name)))
      .filter((name): name is string => Boolean(name));
    const [created] = await preparedRows<{ id: string; random_id: string }>(
      `WITH p AS (
         INSERT INTO post (random_id, type, user_id, text, privacy)
         VALUES ($1, 'text/image', $2, $3, $4) RETURNING id, random_id, bumped_at),
       linked AS (
         INSERT INTO post_tag (post_id, tag_id${postTagColumns.has('bumped_at') ? ', bumped_at' : ''})
         SELECT p.id, t.id${postTagColumns.has('bumped_at') ? ', p.bumped_at' : ''}
           FROM p, tag t WHERE t.name = ANY($5::text[]) RETURNING tag_id),
       locked AS (
         SELECT id FROM tag WHERE $4 = 'public' AND id IN (SELECT tag_id FROM linked)
          ORDER BY id FOR NO KEY UPDATE),
       counted AS (
         UPDATE tag SET post_count = post_count + 1 FROM locked WHERE tag.id = locked.id)
       SELECT id, random_id FROM p`,
      [newRandomId(), caller.userId, String(body.text ?? ''), String(body.privacy), tags],
    );
    return created;
  }

  async function react(caller: Caller & { kind: 'user' }, body: Record<string, unknown>) {
    const key = postKeyQuery(String(body.postId ?? ''));
    if (!key) throw ContentErrors.POST_NOT_FOUND();
    const [column, value] = 'randomId' in key ? ['random_id', key.randomId] : ['id', key.postId];
    const [reacted] = await preparedRows<{ id: string; reaction_count: number }>(
      `WITH r AS (
         INSERT INTO reaction (user_id, post_id)
         SELECT $1, p.id FROM post p
          WHERE p.${column} = $2 AND (p.privacy <> 'private' OR p.user_id = $1)
         ON CONFLICT DO NOTHING RETURNING id, post_id)
       UPDATE post SET reaction_count = reaction_count + 1 FROM r WHERE post.id = r.post_id
       RETURNING r.id, post.reaction_count`,
      [caller.userId, value],
    );
    if (!reacted) throw ContentErrors.ALREADY_REACTED({ id: null });
    return reacted;
  }

  async function comment(caller: Caller & { kind: 'user' }, body: Record<string, unknown>) {
    const key = postKeyQuery(String(body.postId ?? ''));
    if (!key) throw ContentErrors.POST_NOT_FOUND();
    const [column, value] = 'randomId' in key ? ['random_id', key.randomId] : ['id', key.postId];
    const [written] = await preparedRows<Record<string, unknown>>(
      `WITH c AS (
         INSERT INTO comment (post_id, user_id, content)
         SELECT p.id, $1, $3 FROM post p
          WHERE p.${column} = $2 AND (p.privacy <> 'private' OR p.user_id = $1)
         RETURNING id, post_id, parent_id, level, content, user_id, reaction_count, created_at),
       counted AS (UPDATE post SET comment_count = comment_count + 1 FROM c WHERE post.id = c.post_id)
       SELECT * FROM c`,
      [caller.userId, value, String(body.content ?? '').trim()],
    );
    if (!written) throw ContentErrors.POST_NOT_FOUND();
    return written;
  }

  /** The app's renderer on the raw bytes, the files written as the local driver writes them. */
  async function renderPhoto(bytes: Buffer) {
    const rendered = await renderImage(bytes, IMAGE_PRESETS.posts);
    const id = randomUUID();
    const ref = `raw/${id.slice(0, 2)}/${id}.webp`;
    const files = [
      ...rendered.variants.map((variant) => ({
        ...variant,
        ref: ref.replace(/\.webp$/, `-${variant.width}.webp`),
      })),
      { ...rendered.main, ref },
    ];
    for (const file of files) {
      const path = join(options.storageDir, 'images', file.ref);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.data);
    }
    return { ref, width: rendered.main.width, height: rendered.main.height };
  }

  async function route(request: IncomingMessage, body: Buffer): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://raw');
    const path = url.pathname;
    const cursorId = url.searchParams.get('cursorId') ?? undefined;
    const caller = await callerOf(request);
    const viewer: Viewer = caller.kind === 'user' ? viewerOf(caller) : GUEST;
    const json = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    let match: RegExpExecArray | null;
    if (request.method === 'GET') {
      if (path === '/api/content-items/recent') return guestFeed(viewer, undefined);
      if ((match = /^\/api\/content-items\/more\/([^/]+)$/.exec(path)))
        return guestFeed(viewer, decodeURIComponent(match[1]));
      if ((match = /^\/api\/posts\/tag\/([^/]+)$/.exec(path)))
        return tagFeed(viewer, decodeURIComponent(match[1]), cursorId);
      if ((match = /^\/api\/post\/([^/]+)$/.exec(path)))
        return onePost(viewer, decodeURIComponent(match[1]));
      if ((match = /^\/api\/posts\/([^/]+)$/.exec(path)))
        return memberPosts(viewer, decodeURIComponent(match[1]));
      if ((match = /^\/api\/plants\/recent\/([^/]+)$/.exec(path)))
        return recentPlants(viewer, decodeURIComponent(match[1]));
      if (path === '/api/events/nearby') return eventRoutes.nearby(viewer, url.searchParams);
      if ((match = /^\/api\/events\/([^/]+)$/.exec(path)))
        return eventRoutes.eventPage(viewer, decodeURIComponent(match[1]));
      if (path === '/api/iam/posts/init-recent') {
        member(caller, request);
        return page(viewer, {}, null);
      }
      if ((match = /^\/api\/iam\/search\/term\/([^/]+)$/.exec(path))) {
        member(caller, request);
        return search.term(viewer, decodeURIComponent(match[1]), url.searchParams);
      }
      if (path === '/api/iam/messages/unread-tally')
        return messaging.messagesTally(member(caller, request));
      if (path === '/api/iam/notifications/unread-tally')
        return messaging.notificationsTally(member(caller, request));
      if (
        (match = /^\/api\/iam\/messages\/conversation\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(path))
      )
        return messaging.conversation(
          member(caller, request),
          decodeURIComponent(match[1]),
          decodeURIComponent(match[2]),
          match[3] === undefined ? cursorId : decodeURIComponent(match[3]),
          parseTake(url.searchParams.get('take') ?? undefined),
        );
    } else if (request.method === 'PUT') {
      if (path === '/api/plants/avail-nearby') return nearbyPlants(viewer, json());
      if (path === '/api/users/nearby') return nearbyPeople(member(caller, request), json());
      if (path === '/api/iam/events/upsert-attend-specific')
        return eventRoutes.answer(member(caller, request), viewer, json());
    } else if (request.method === 'POST') {
      if (path === '/api/iam/posts/new') return createPost(member(caller, request), json());
      if (path === '/api/iam/posts/reaction/new') return react(member(caller, request), json());
      if (path === '/api/iam/posts/comment/new') return comment(member(caller, request), json());
      if (path === '/api/iam/messages/new') return messaging.send(member(caller, request), json());
      if (path === '/api/iam/notifications/new-immutable')
        return messaging.announce(member(caller, request), json());
      if (path === '/raw/photos') return renderPhoto(body);
    }
    throw new NotFoundRoute();
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let status = request.method === 'POST' ? 201 : 200;
    let payload: unknown;
    try {
      payload = successEnvelope(await route(request, Buffer.concat(chunks)));
    } catch (error) {
      if (error instanceof AppError) {
        status = error.status;
        payload = errorEnvelope(error.code, error.message, error.details);
      } else if (error instanceof NotFoundRoute) {
        status = 404;
        payload = errorEnvelope('NOT_FOUND', 'Not found');
      } else {
        status = 500;
        payload = errorEnvelope('INTERNAL', 'Something went wrong');
        console.error(error);
      }
    }
    const text = JSON.stringify(payload);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

if (require.main === module) {
  // The image scenario's raw server renders at the worker's priority (see run.ts), and with the
  // worker's libvips threads per render (ImagesModule sets it there; sharp's own default depends
  // on the platform's allocator).
  if (process.env.RAW_BACKGROUND === '1') runInBackground();
  sharp.concurrency(SHARP_THREADS_PER_RENDER);
  startRawBaseline({
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    jwtSecret: process.env.JWT_SECRET ?? '',
    publicUrl: process.env.PUBLIC_URL,
    storageDir: process.env.STORAGE_DIR ?? '.data/bench-storage/raw',
    port: Number(process.env.PORT ?? 0),
  })
    .then((baseline) => {
      // The driver reads this line to learn the port.
      process.stdout.write(`raw baseline listening on ${baseline.url}\n`);
      const stop = () => baseline.close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })
    .catch((error) => {
      console.error('raw baseline failed to start:', error);
      process.exit(1);
    });
}
