/** Collects the values of a raw SQL statement and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
