import { Client } from 'pg';

/** The text of what a pg client was asked to run: a string, or a query config's `text`. */
function textOf(statement: unknown): string {
  const text =
    typeof statement === 'object' && statement !== null && 'text' in statement
      ? (statement as { text: unknown }).text
      : statement;
  return String(text).replace(/\s+/g, ' ').trim();
}

/**
 * The SQL texts (whitespace collapsed, no values) the app sends while `call` runs, but for those
 * `skip` names. For tests that pin how many round trips a request takes, or that two requests run
 * the same statements. Taken where every statement passes, the pg client: through TypeORM (its
 * query runners and transactions) or straight on its pool (platform/database/sql.ts).
 */
export async function statementsOf<T>(
  call: () => Promise<T>,
  skip: (text: string) => boolean = () => false,
): Promise<{ answer: T; sql: string[] }> {
  const sql: string[] = [];
  const original = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
    this: Client,
    ...args: unknown[]
  ) {
    const text = textOf(args[0]);
    if (!skip(text)) sql.push(text);
    return (original as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query);
  try {
    return { answer: await call(), sql };
  } finally {
    spy.mockRestore();
  }
}
