import type { AutocannonRequest } from './support/autocannon-types';
import { TAG_NAMES } from './dataset';
import type { SignedIn } from './support/members';

/** What the scenarios need to know of the dataset and the signed-in callers. */
export interface ScenarioFixtures {
  /** A verified member, logged in through the API (the signed-in reads). */
  reader: SignedIn;
  /** The bench's writing accounts (react, comment, post). */
  writers: SignedIn[];
  /** A public post's random id (single post). */
  post: string;
  /** A member with many posts (a member's posts). */
  username: string;
  /** The tag only old posts carry (tag feed). */
  oldTag: string;
  /** The cursor a client holds after `deepPage - 1` pages of the guests' feed. */
  deepCursor: string;
  deepPage: number;
  /** Public posts to react to and comment on, each member reacting once per post. */
  spreadPosts: string[];
  /** Public posts everyone reacts to, one after another (a hot counter row). */
  hotPosts: string[];
  /** A public event hosted by a page (its random id: the event page). */
  event: string;
  /** That event's place: the origin of the nearby events list. */
  eventPoint: { latitude: number; longitude: number };
  /** Dates to come of public events, which the writers answer. */
  eventDates: string[];
  /** The reader's conversation with the most messages: `/api/iam/messages/conversation/{a}/{b}`. */
  conversationPath: string;
  /** Per writer (same index), a conversation of theirs with a seeded member, to write in. */
  writerConversations: string[];
}

export type ScenarioKind = 'read' | 'write' | 'mixed';

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  /** What it measures, for the README and the JSON. */
  description: string;
  /** autocannon's request list (cycled per connection); setupRequest varies writes. */
  requests: (fixtures: ScenarioFixtures) => AutocannonRequest[];
  /**
   * The request the identity check sends to both servers and compares (reads only): a GET, or a
   * read sent as PUT with a JSON body (the nearby searches, as the spec has them).
   */
  check?: (fixtures: ScenarioFixtures) => {
    path: string;
    headers?: Record<string, string>;
    method?: 'GET' | 'PUT';
    body?: string;
  };
}

/** A word of one of the dataset's twelve post texts (a twelfth of the posts): a middling word. */
const SEARCH_TERM = 'tomatoes';

/** Each write draws the next number: every (member, post) pair reacts once, across both servers. */
let drawn = 0;
let hotDrawn = 0;
export function resetDraws(): void {
  drawn = 0;
  messaged = 0;
  answered = 0;
  hotDrawn = 0;
}

/**
 * A request's own copy of a caller's headers. autocannon writes `Content-Length` into the headers
 * object a request carries; given a member's shared `headers`, it left `Content-Length: 23` (a
 * reaction's body) there, and the next fetch with them (the image uploads) declared 23 bytes for a
 * 4 MB form and hung until its timeout. SignedIn headers are frozen, so such a write now throws.
 */
function own(headers: Readonly<Record<string, string>>): Record<string, string> {
  return { ...headers };
}

function get(path: string, headers?: Readonly<Record<string, string>>): AutocannonRequest {
  return { method: 'GET', path, headers: headers && own(headers) };
}

/** A member reacting to a post they have not reacted to: member k mod W, post by round. */
function reactSpread(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/iam/posts/reaction/new',
    setupRequest: (request) => {
      const k = drawn++;
      const writers = fixtures.writers.length;
      const member = k % writers;
      const round = Math.floor(k / writers);
      const post = fixtures.spreadPosts[(member * 7 + round) % fixtures.spreadPosts.length];
      return {
        ...request,
        headers: own(fixtures.writers[member].headers),
        body: JSON.stringify({ postId: post }),
      };
    },
  };
}

function reactHot(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/iam/posts/reaction/new',
    setupRequest: (request) => {
      const k = hotDrawn++;
      const writers = fixtures.writers.length;
      const post = fixtures.hotPosts[Math.floor(k / writers) % fixtures.hotPosts.length];
      return {
        ...request,
        headers: own(fixtures.writers[k % writers].headers),
        body: JSON.stringify({ postId: post }),
      };
    },
  };
}

/**
 * A writer answering a date: writer k mod W, its status moving GOING → MAYBE → NOT_GOING at each
 * of its turns (so every answer changes the row and tells the creator), three turns per date.
 */
let answered = 0;
const ANSWERS = ['GOING', 'MAYBE', 'NOT_GOING'] as const;
function answerDate(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'PUT',
    path: '/api/iam/events/upsert-attend-specific',
    setupRequest: (request) => {
      const k = answered++;
      const writers = fixtures.writers.length;
      const member = k % writers;
      const turn = Math.floor(k / writers);
      const status = ANSWERS[turn % ANSWERS.length];
      const date =
        fixtures.eventDates[(member * 7 + Math.floor(turn / 3)) % fixtures.eventDates.length];
      return {
        ...request,
        headers: own(fixtures.writers[member].headers),
        body: JSON.stringify(
          status === 'GOING'
            ? { specificId: date, status, bring: 'Two monstera cuttings' }
            : { specificId: date, status },
        ),
      };
    },
  };
}

/** The events list's first call (the `/events` screen): events near the fixture event's place. */
function eventListPath(f: ScenarioFixtures): string {
  return `/api/events/nearby?lat=${f.eventPoint.latitude}&long=${f.eventPoint.longitude}`;
}

let commented = 0;
function comment(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/iam/posts/comment/new',
    setupRequest: (request) => {
      const k = commented++;
      return {
        ...request,
        headers: own(fixtures.writers[k % fixtures.writers.length].headers),
        body: JSON.stringify({
          postId: fixtures.spreadPosts[(k * 13) % fixtures.spreadPosts.length],
          content: 'Lovely! How often do you water it?',
        }),
      };
    },
  };
}

let posted = 0;
function createPost(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/iam/posts/new',
    setupRequest: (request) => {
      const k = posted++;
      return {
        ...request,
        headers: own(fixtures.writers[k % fixtures.writers.length].headers),
        body: JSON.stringify({
          text: `Bench post ${k}: my cuttings rooted this week.`,
          privacy: 'public',
          tags: [TAG_NAMES[k % TAG_NAMES.length], TAG_NAMES[(k * 7 + 3) % TAG_NAMES.length]],
          photos: [],
        }),
      };
    },
  };
}

/** Writer k mod W writes in their own conversation with a seeded member. */
let messaged = 0;
function sendMessage(fixtures: ScenarioFixtures): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/iam/messages/new',
    setupRequest: (request) => {
      const k = messaged++;
      const member = k % fixtures.writers.length;
      return {
        ...request,
        headers: own(fixtures.writers[member].headers),
        body: JSON.stringify({
          convnId: fixtures.writerConversations[member % fixtures.writerConversations.length],
          message: `Bench message ${k}: is the cutting still available?`,
        }),
      };
    },
  };
}

/** A read sent as PUT with a JSON body (the spec's nearby searches). */
function put(
  path: string,
  body: unknown,
  headers: Readonly<Record<string, string>> = { 'content-type': 'application/json' },
): AutocannonRequest {
  return { method: 'PUT', path, headers: own(headers), body: JSON.stringify(body) };
}

/** Melbourne's centre: the densest of the dataset's cities. */
export const NEARBY_POINT = { latitude: -37.8136, longitude: 144.9631 };

/** Nearby searches, API and raw alike (the same SQL, the same bytes). */
const nearbyReads: Array<{
  name: string;
  description: string;
  path: string;
  body: (f: ScenarioFixtures) => unknown;
  headers: (f: ScenarioFixtures) => Readonly<Record<string, string>>;
}> = [
  {
    name: 'plants-nearby',
    description: 'Guest, available plants near Melbourne’s centre (PUT /api/plants/avail-nearby)',
    path: '/api/plants/avail-nearby',
    body: () => NEARBY_POINT,
    headers: () => ({ 'content-type': 'application/json' }),
  },
  {
    name: 'people-nearby',
    description: 'A member, the 20 members nearest Melbourne’s centre (PUT /api/users/nearby)',
    path: '/api/users/nearby',
    body: (f) => ({ userId: f.reader.userId, ...NEARBY_POINT }),
    headers: (f) => f.reader.headers,
  },
];

const reads: Array<Omit<Scenario, 'requests'> & { path: (f: ScenarioFixtures) => string }> = [
  {
    name: 'guest-feed',
    kind: 'read',
    description: 'Guest, the news feed first page with the site counts (/api/content-items/recent)',
    path: () => '/api/content-items/recent',
  },
  {
    name: 'guest-feed-deep',
    kind: 'read',
    description: 'Guest, the news feed page ~1,000 deep (/api/content-items/more/{cursor})',
    path: (f) => `/api/content-items/more/${f.deepCursor}`,
  },
  {
    name: 'tag-feed-old-tag',
    kind: 'read',
    description: 'Guest, posts with a popular tag nobody used lately (/api/posts/tag/{tag})',
    path: (f) => `/api/posts/tag/${f.oldTag}`,
  },
  {
    name: 'single-post',
    kind: 'read',
    description: 'Guest, one post with its author (/api/post/{randomId})',
    path: (f) => `/api/post/${f.post}`,
  },
  {
    name: 'member-posts',
    kind: 'read',
    description: 'Guest, a member’s posts first page (/api/posts/{username})',
    path: (f) => `/api/posts/${f.username}`,
  },
  {
    name: 'plants',
    kind: 'read',
    description: 'Guest, recent available plant listings (/api/plants/recent/available)',
    path: () => '/api/plants/recent/available',
  },
  {
    name: 'event-list',
    kind: 'read',
    description: 'Guest, the 20 events nearest a place with a date to come (/api/events/nearby)',
    path: eventListPath,
  },
  {
    name: 'event-page',
    kind: 'read',
    description:
      'Guest, an event with its next 10 dates and their answers (/api/events/{randomId})',
    path: (f) => `/api/events/${f.event}`,
  },
];

export const SCENARIOS: Scenario[] = [
  ...reads.map((read): Scenario => ({
    name: read.name,
    kind: read.kind,
    description: read.description,
    requests: (f) => [get(read.path(f))],
    check: (f) => ({ path: read.path(f) }),
  })),
  ...nearbyReads.map((read): Scenario => ({
    name: read.name,
    kind: 'read',
    description: read.description,
    requests: (f) => [put(read.path, read.body(f), read.headers(f))],
    check: (f) => ({
      path: read.path,
      method: 'PUT',
      headers: own(read.headers(f)),
      body: JSON.stringify(read.body(f)),
    }),
  })),
  {
    name: 'signed-in-feed',
    kind: 'read',
    description: 'A verified member, the news feed (/api/iam/posts/init-recent)',
    requests: (f) => [get('/api/iam/posts/init-recent', f.reader.headers)],
    check: (f) => ({ path: '/api/iam/posts/init-recent', headers: f.reader.headers }),
  },
  {
    name: 'search',
    kind: 'read',
    description:
      'A verified member, full-text search of a middling word over every group, newest first ' +
      '(/api/iam/search/term/{term})',
    requests: (f) => [get(`/api/iam/search/term/${SEARCH_TERM}`, f.reader.headers)],
    check: (f) => ({ path: `/api/iam/search/term/${SEARCH_TERM}`, headers: f.reader.headers }),
  },
  {
    name: 'search-ranked',
    kind: 'read',
    description:
      "The same, re-ranked by relevance over each group's newest ≤ 1,000 matches (order=relevance)",
    requests: (f) => [get(`/api/iam/search/term/${SEARCH_TERM}?order=relevance`, f.reader.headers)],
    check: (f) => ({
      path: `/api/iam/search/term/${SEARCH_TERM}?order=relevance`,
      headers: f.reader.headers,
    }),
  },
  {
    name: 'signed-in-single-post',
    kind: 'read',
    description: 'A verified member, one post with their reaction (/api/post/{randomId})',
    requests: (f) => [get(`/api/post/${f.post}`, f.reader.headers)],
    check: (f) => ({ path: `/api/post/${f.post}`, headers: f.reader.headers }),
  },
  ...(
    [
      {
        name: 'conversation-page',
        description:
          'A member reads a conversation: its newest 20 messages (/api/iam/messages/conversation/{a}/{b})',
        path: (f: ScenarioFixtures) => f.conversationPath,
      },
      {
        name: 'messages-tally',
        description: 'A member’s unseen messages (/api/iam/messages/unread-tally)',
        path: () => '/api/iam/messages/unread-tally',
      },
      {
        name: 'notifications-tally',
        description: 'A member’s unseen notifications (/api/iam/notifications/unread-tally)',
        path: () => '/api/iam/notifications/unread-tally',
      },
    ] as const
  ).map((read): Scenario => ({
    name: read.name,
    kind: 'read',
    description: read.description,
    requests: (f) => [get(read.path(f), f.reader.headers)],
    check: (f) => ({ path: read.path(f), headers: f.reader.headers }),
  })),
  {
    name: 'message-send',
    kind: 'write',
    description: 'Members write in their conversations (/api/iam/messages/new)',
    requests: (f) => [sendMessage(f)],
  },
  {
    name: 'create-post',
    kind: 'write',
    description: 'A member posts text with two tags of 40 (/api/iam/posts/new)',
    requests: (f) => [createPost(f)],
  },
  {
    name: 'react',
    kind: 'write',
    description: 'Members react to posts spread over the feed (/api/iam/posts/reaction/new)',
    requests: (f) => [reactSpread(f)],
  },
  {
    name: 'react-hot-post',
    kind: 'write',
    description: 'Every member reacts to the same post (one hot counter row)',
    requests: (f) => [reactHot(f)],
  },
  {
    name: 'comment',
    kind: 'write',
    description: 'Members comment on posts (/api/iam/posts/comment/new)',
    requests: (f) => [comment(f)],
  },
  {
    name: 'answer-date',
    kind: 'write',
    description:
      'Members answer dates, each answer changed (/api/iam/events/upsert-attend-specific)',
    requests: (f) => [answerDate(f)],
  },
  {
    name: 'mixed-90-10',
    kind: 'mixed',
    description:
      '9 reads (feeds, post, tag, member, plants, signed-in feed) to 1 write (react, comment)',
    requests: (f) => [
      get('/api/content-items/recent'),
      get(`/api/post/${f.post}`),
      get('/api/iam/posts/init-recent', f.reader.headers),
      get(`/api/posts/${f.username}`),
      get('/api/plants/recent/available'),
      reactSpread(f),
      get(`/api/posts/tag/${f.oldTag}`),
      get(`/api/content-items/more/${f.deepCursor}`),
      get(`/api/post/${f.post}`, f.reader.headers),
      get('/api/content-items/recent'),
      get(`/api/post/${f.post}`),
      get('/api/iam/posts/init-recent', f.reader.headers),
      get(`/api/posts/${f.username}`),
      get('/api/plants/recent/available'),
      comment(f),
      get(`/api/posts/tag/${f.oldTag}`),
      get('/api/content-items/recent'),
      get(`/api/post/${f.post}`),
      get('/api/iam/posts/init-recent', f.reader.headers),
      get(`/api/posts/${f.username}`),
    ],
  },
];

/** Ratio targets of the issue (API ÷ raw req/s). */
export const RATIO_TARGETS: Record<ScenarioKind, number> = { read: 0.8, write: 0.6, mixed: 0.8 };
