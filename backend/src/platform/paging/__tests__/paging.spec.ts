import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../paging';

const id = '0b9a4c2e-7a1f-4c3b-9d8e-5f6a7b8c9d0e';
const cursor = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

function refusal(raw: unknown): string | undefined {
  try {
    decodeCursor('bumped_at', raw);
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('list cursors', () => {
  it('round-trips a position with microseconds, and reads no cursor as the first page', () => {
    const at = '2024-02-29T23:59:59.123456Z';
    expect(decodeCursor('bumped_at', encodeCursor('bumped_at', { at, id }))).toEqual({ at, id });
    for (const first of [undefined, null, '', '0'])
      expect(decodeCursor('bumped_at', first)).toBe(null);
  });

  it.each([
    ['a day February does not have', '2024-02-31T00:00:00.000000Z'],
    ['the 29th of February in a common year', '2023-02-29T00:00:00Z'],
    ['the 31st of April', '2024-04-31T10:00:00Z'],
    ['year 0', '0000-01-01T00:00:00Z'],
    ['hour 24', '2024-01-01T24:00:00Z'],
    ['month 13', '2024-13-01T00:00:00Z'],
    ['a local time', '2024-01-01T00:00:00'],
  ])('refuses %s as INVALID_CURSOR (not a time any list writes)', (_name, at) => {
    expect(refusal(cursor({ bumped_at: at, id }))).toBe('INVALID_CURSOR');
  });

  it('refuses another list’s field, a bad id and anything that is not our encoding', () => {
    expect(refusal(cursor({ created_at: '2024-01-01T00:00:00Z', id }))).toBe('INVALID_CURSOR');
    expect(refusal(cursor({ bumped_at: '2024-01-01T00:00:00Z', id: 'x' }))).toBe('INVALID_CURSOR');
    for (const raw of ['garbage', 'a=b', 'a'.repeat(201), 42, cursor(null), cursor([1])])
      expect(refusal(raw)).toBe('INVALID_CURSOR');
  });
});
