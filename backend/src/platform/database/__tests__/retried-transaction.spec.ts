import { QueryFailedError } from 'typeorm';
import { retriedStatement } from '../retried-transaction';

function pgError(code: string): QueryFailedError {
  return new QueryFailedError('INSERT …', [], Object.assign(new Error(code), { code }));
}

/** A statement that fails with the given codes, one per attempt, then answers 'written'. */
function failingWith(...codes: string[]) {
  let attempts = 0;
  const statement = jest.fn(async () => {
    const code = codes[attempts];
    attempts += 1;
    if (code) throw pgError(code);
    return 'written';
  });
  return statement;
}

describe('retriedStatement', () => {
  it('runs a deadlock victim again', async () => {
    const statement = failingWith('40P01');
    await expect(retriedStatement(statement)).resolves.toBe('written');
    expect(statement).toHaveBeenCalledTimes(2);
  });

  it('runs a unique violation again only when told it can only be a race', async () => {
    const plain = failingWith('23505');
    await expect(retriedStatement(plain)).rejects.toThrow(QueryFailedError);
    expect(plain).toHaveBeenCalledTimes(1);

    const racing = failingWith('23505', '23505');
    await expect(retriedStatement(racing, { uniqueViolations: true })).resolves.toBe('written');
    expect(racing).toHaveBeenCalledTimes(3);
  });

  it('gives up after four attempts, and at once on any other error', async () => {
    const always = failingWith('40P01', '40P01', '40P01', '40P01', '40P01');
    await expect(retriedStatement(always)).rejects.toThrow(QueryFailedError);
    expect(always).toHaveBeenCalledTimes(4);

    const foreignKey = failingWith('23503');
    await expect(retriedStatement(foreignKey, { uniqueViolations: true })).rejects.toThrow(
      QueryFailedError,
    );
    expect(foreignKey).toHaveBeenCalledTimes(1);
  });
});
