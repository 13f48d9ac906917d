import { SCENARIOS, resetDraws, type ScenarioFixtures } from '../bench/scenarios';
import type { SignedIn } from '../bench/support/members';

// autocannon's own request builder, as its workers drive it (the package ships no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestIterator = require('autocannon/lib/requestIterator') as new (options: object) => {
  nextRequestBuffer(): Buffer;
};

function signedIn(n: number): SignedIn {
  return {
    userId: `user-${n}`,
    headers: Object.freeze({
      authorization: `Bearer token-${n}`,
      'x-csrf-token': `csrf-${n}`,
      'content-type': 'application/json',
    }),
  };
}

function fixtures(): ScenarioFixtures {
  return {
    reader: signedIn(0),
    writers: [signedIn(1), signedIn(2)],
    post: 'b000000013',
    username: 'member_1',
    oldTag: 'heritage-roses',
    deepCursor: 'cursor',
    deepPage: 2,
    spreadPosts: ['b000000001', 'b000000002', 'b000000003'],
    hotPosts: ['b000000004'],
    event: 'e000000001',
    eventPoint: { latitude: -37.81, longitude: 144.96 },
    eventDates: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
    conversationPath: '/api/iam/messages/conversation/member_7/member_8',
    writerConversations: [
      '00000000-0000-4000-8000-000000000011',
      '00000000-0000-4000-8000-000000000012',
    ],
  };
}

describe('bench scenarios', () => {
  it('build every request without writing into the callers’ shared headers', () => {
    const f = fixtures();
    const before = [f.reader, ...f.writers].map((caller) => ({ ...caller.headers }));
    resetDraws();
    for (const scenario of SCENARIOS) {
      const requests = new RequestIterator({
        hostname: '127.0.0.1',
        port: 1,
        requests: scenario.requests(f),
      });
      for (let sent = 0; sent < 25; sent += 1) {
        const text = requests.nextRequestBuffer().toString();
        const [head, body] = text.split('\r\n\r\n');
        const length = /^content-length: (\d+)$/im.exec(head);
        // Each request declares its own body's length (none for a GET).
        expect(length ? Number(length[1]) : 0).toBe(Buffer.byteLength(body));
      }
    }
    // What the image uploads later send with writers[0] is what the member signed in with.
    expect([f.reader, ...f.writers].map((caller) => ({ ...caller.headers }))).toEqual(before);
    expect(Object.keys(f.writers[0].headers)).not.toContain('Content-Length');
  });

  it('sends each writer’s messages into that writer’s own conversation', () => {
    const f = fixtures();
    resetDraws();
    const scenario = SCENARIOS.find((candidate) => candidate.name === 'message-send');
    const requests = new RequestIterator({
      hostname: '127.0.0.1',
      port: 1,
      requests: scenario!.requests(f),
    });
    const drawn: number[] = [];
    for (let sent = 0; sent < 4; sent += 1) {
      const [head, body] = requests.nextRequestBuffer().toString().split('\r\n\r\n');
      expect(head).toMatch(/^POST \/api\/iam\/messages\/new /);
      const writer = Number(/authorization: Bearer token-(\d+)/.exec(head)?.[1]) - 1;
      const message = JSON.parse(body) as { convnId: string; message: string };
      const k = Number(/^Bench message (\d+):/.exec(message.message)?.[1]);
      // Draw k is writer k mod W's, in that writer's conversation.
      expect(writer).toBe(k % f.writers.length);
      expect(message.convnId).toBe(f.writerConversations[writer]);
      drawn.push(k);
    }
    // Each request is a new draw.
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
