import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ensureDataDir, withFileLock, writeFileAtomic } from './files.js';

/** Generated once per checkout and kept in `.data/secrets.json` (mode 0600). */
export interface DevSecrets {
  /** Password of the `postgres` user of the embedded PostgreSQL. */
  POSTGRES_PASSWORD: string;
  /** Signs the API's access tokens (the backend requires ≥ 32 characters). */
  JWT_SECRET: string;
  [name: string]: string;
}

const generators: Record<string, () => string> = {
  // Hex keeps it safe inside a connection URL without escaping.
  POSTGRES_PASSWORD: () => crypto.randomBytes(24).toString('hex'),
  JWT_SECRET: () => crypto.randomBytes(48).toString('base64url'),
};

export function secretsFile(rootDir: string): string {
  return path.join(rootDir, '.data', 'secrets.json');
}

/**
 * Loads `.data/secrets.json`, generating any secret it lacks. Concurrent callers agree on one
 * file: creation and updates happen under a lock, so the PostgreSQL password never forks.
 */
export async function loadSecrets(rootDir: string): Promise<DevSecrets> {
  const file = secretsFile(rootDir);
  const existing = await readSecrets(file);
  if (existing && Object.keys(generators).every((name) => existing[name])) {
    return existing as DevSecrets;
  }

  const dataDir = await ensureDataDir(rootDir);
  return withFileLock(path.join(dataDir, 'secrets.lock'), async () => {
    const current = (await readSecrets(file)) ?? {};
    const secrets: Record<string, string> = { ...current };
    for (const [name, generate] of Object.entries(generators)) {
      if (!secrets[name]) secrets[name] = generate();
    }
    await writeFileAtomic(file, `${JSON.stringify(secrets, null, 2)}\n`, 0o600);
    return secrets as DevSecrets;
  });
}

async function readSecrets(file: string): Promise<Record<string, string> | undefined> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  } catch {
    // fall through to the error below
  }
  throw new Error(`${file} is not a JSON object of strings. Fix it, or delete it to regenerate.`);
}
