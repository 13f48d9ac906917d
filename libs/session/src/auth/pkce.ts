/**
 * PKCE (RFC 7636) with the S256 method: the login answers with a one-time code, and only the
 * holder of the verifier that matches the challenge sent with the login can exchange it.
 */
export const PKCE_METHOD = 'S256';

/** 32 random bytes make a 43-character verifier, the shortest RFC 7636 allows, with 256 bits. */
const VERIFIER_BYTES = 32;

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: typeof PKCE_METHOD;
}

/** Base64url without padding (RFC 4648 §5), the encoding PKCE uses for both values. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh code verifier: base64url of 32 random bytes (only [A-Za-z0-9-_]). */
export function createCodeVerifier(crypto: Crypto = globalThis.crypto): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

/** code_challenge = base64url(sha256(ascii(code_verifier))). */
export async function createCodeChallenge(
  verifier: string,
  crypto: Crypto = globalThis.crypto,
): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export async function createPkcePair(crypto: Crypto = globalThis.crypto): Promise<PkcePair> {
  const verifier = createCodeVerifier(crypto);
  return { verifier, challenge: await createCodeChallenge(verifier, crypto), method: PKCE_METHOD };
}
