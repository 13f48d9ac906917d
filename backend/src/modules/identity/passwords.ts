import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package exports a const enum, which isolated modules cannot inline. */
const ARGON2ID = 2;

/** argon2id, OWASP's recommended parameters (19 MiB, 2 passes). The whole password is hashed: no truncation. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Compared against when the account does not exist, so a wrong e-mail costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}
