import { AppError } from '../app-error';
import { fieldsWithNul, refuseNul } from '../nul-guard';

describe('fieldsWithNul', () => {
  it('names each string holding a NUL by its path, in objects, arrays and keys', () => {
    expect(
      fieldsWithNul({
        text: 'a\u0000b',
        tags: ['ok', 'x\u0000'],
        plant: { name: 'fern', details: [{ species: '\u0000' }] },
        ['k\u0000']: 'value',
        fine: 'no nul here',
        count: 3,
        none: null,
      }).sort(),
    ).toEqual(['k\\u0000', 'plant.details.0.species', 'tags.1', 'text']);
  });

  it('finds nothing in clean input, and names a bare string "body"', () => {
    expect(fieldsWithNul({ text: 'plain', list: [1, true, null] })).toEqual([]);
    expect(fieldsWithNul(undefined)).toEqual([]);
    expect(fieldsWithNul('\u0000')).toEqual(['body']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(fieldsWithNul(deep)).toHaveLength(1);
  });

  it('stops after ten findings', () => {
    expect(fieldsWithNul(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(10);
  });
});

describe('refuseNul', () => {
  it('throws VALIDATION_FAILED naming the fields of every source', () => {
    let thrown: unknown;
    try {
      refuseNul({ username: 'a\u0000' }, { cursorId: '\u0000' }, { text: 'fine' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      details: [
        { field: 'username', messages: ['username must not contain a NUL character (U+0000)'] },
        { field: 'cursorId', messages: ['cursorId must not contain a NUL character (U+0000)'] },
      ],
    });
  });

  it('lets clean input through', () => {
    expect(() => refuseNul({ id: 'abc' }, {}, undefined)).not.toThrow();
  });
});
