import { describe, expect, it, vi } from 'vitest';
import { base64UrlEncode, createCodeChallenge, createCodeVerifier, createPkcePair } from './pkce';

describe('PKCE S256', () => {
  it('derives the challenge of RFC 7636 appendix B from its verifier', async () => {
    await expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes the verifier of RFC 7636 appendix B from its 32 octets', () => {
    const octets = [
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77,
      105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ];
    const crypto = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        (array as unknown as Uint8Array).set(octets);
        return array;
      },
    } as Crypto;

    expect(createCodeVerifier(crypto)).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
  });

  it('makes verifiers of 43 unreserved characters, different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => createCodeVerifier()));

    expect(verifiers.size).toBe(50);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
  });

  it('draws the verifier from crypto.getRandomValues', () => {
    const getRandomValues = vi.spyOn(globalThis.crypto, 'getRandomValues');
    createCodeVerifier();
    expect(getRandomValues).toHaveBeenCalledWith(expect.any(Uint8Array));
  });

  it('pairs a verifier with its challenge and the S256 method', async () => {
    const pair = await createPkcePair();

    expect(pair.method).toBe('S256');
    expect(pair.challenge).toBe(await createCodeChallenge(pair.verifier));
    expect(pair.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('encodes base64url without padding', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });
});
