import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const COMPOSE = path.resolve(import.meta.dirname, '../../../../docker-compose.yml');

interface ComposeFile {
  services: Record<string, { ports?: Array<string | { host_ip?: string; published?: string }> }>;
}

/** The host address each published port binds, by service (`undefined`: every interface). */
async function publishedPorts(): Promise<Array<{ service: string; hostIp?: string }>> {
  const compose = parse(await fs.readFile(COMPOSE, 'utf8')) as ComposeFile;
  return Object.entries(compose.services).flatMap(([service, definition]) =>
    (definition.ports ?? []).map((port) => {
      if (typeof port !== 'string') return { service, hostIp: port.host_ip };
      // "[ip:]host:container"; variables like ${X:-1} hold no colon after their default.
      const parts = port.replace(/\$\{[^}]*\}/g, 'N').split(':');
      return { service, hostIp: parts.length === 3 ? parts[0] : undefined };
    }),
  );
}

describe('docker-compose.yml', () => {
  it('publishes only the web tier on every interface; the tools without a login stay on 127.0.0.1', async () => {
    const ports = await publishedPorts();
    expect(ports.map(({ service }) => service).sort()).toEqual(['mailpit', 'minio', 'web']);
    for (const { service, hostIp } of ports) {
      if (service === 'web') expect(hostIp, service).toBeUndefined();
      else expect(hostIp, service).toBe('127.0.0.1');
    }
  });
});
