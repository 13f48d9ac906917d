import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

/**
 * The SQL texts (whitespace collapsed, no values) the app sends while `call` runs, but for those
 * `skip` names. For tests that pin how many round trips a request takes, or that two requests run
 * the same statements.
 */
export async function statementsOf<T>(
  call: () => Promise<T>,
  skip: (text: string) => boolean = () => false,
): Promise<{ answer: T; sql: string[] }> {
  const sql: string[] = [];
  const original = PostgresQueryRunner.prototype.query;
  const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
    this: PostgresQueryRunner,
    ...args
  ) {
    const text = String(args[0]).replace(/\s+/g, ' ').trim();
    if (!skip(text)) sql.push(text);
    return original.apply(this, args);
  });
  try {
    return { answer: await call(), sql };
  } finally {
    spy.mockRestore();
  }
}
