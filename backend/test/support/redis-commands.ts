import { Redis } from 'ioredis';

/**
 * The Redis commands (name and first key, no other arguments) the app sends on its command
 * connection while `call` runs, each as `<command> <key>`. For tests that pin how many Redis
 * round trips a request takes. Only the connection named `plantfolk-commands` (RedisService's
 * `client`: rate limits, caches) is counted: BullMQ's and the live connections work on their
 * own schedule, not the request's.
 */
export async function redisCommandsOf<T>(
  call: () => Promise<T>,
): Promise<{ answer: T; commands: string[] }> {
  const commands: string[] = [];
  const original = Redis.prototype.sendCommand;
  const spy = jest.spyOn(Redis.prototype, 'sendCommand').mockImplementation(function (
    this: Redis,
    ...args: Parameters<Redis['sendCommand']>
  ) {
    const [command] = args as unknown as [{ name: string; args: unknown[] }];
    if (this.options.connectionName === 'plantfolk-commands') {
      // EVALSHA and EVAL name their script and key count before the first key.
      const keyAt = /^eval/i.test(command.name) ? 2 : 0;
      commands.push(`${command.name} ${String(command.args[keyAt] ?? '')}`.trim());
    }
    return original.apply(this, args);
  });
  try {
    return { answer: await call(), commands };
  } finally {
    spy.mockRestore();
  }
}
