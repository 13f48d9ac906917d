const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is written as a uuid (any version, any case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
