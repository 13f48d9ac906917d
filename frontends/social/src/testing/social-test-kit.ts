// What the social screens' tests share: a guest or a member in the session, the fake API behind
// fetch, uploads and the end of a list driven by hand, and the screens rendered at a path.
import { createFakeApi, fakeProfile, type FakeApi } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore, type SessionUser } from '@plantfolk/session';
import { createTestQueryClient, renderRoutes } from '@plantfolk/ui/testing';
import type { QueryClient } from '@tanstack/react-query';
import { onTestFinished, vi } from 'vitest';
import { routes } from '../routes';

// Shared with the other slices' tests; re-exported so these tests have one kit to import.
export { ControlledUpload, controlUploads } from '@plantfolk/api-client/testing';
export { stubIntersectionObserver } from '@plantfolk/ui/testing';

/** fern, a registered member (the author `fakePost` uses by default). */
export const fernProfile = fakeProfile();

/** maria, another registered member. */
export const maria = fakeProfile({
  uuid: '5b6c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  email: 'maria@example.com',
  username: 'maria',
  csrf_token: 'csrf-maria',
  suburb_city: 'Brunswick',
});

/** maria as lists send her in `responders`. */
export const mariaResponder = {
  uuid: maria.uuid,
  username: 'maria',
  avatar: null,
  suburb_city: 'Brunswick',
  state: 'Victoria',
  country: 'Australia',
};

/** Signs `user` in for this test (with a token good for 15 minutes); fern by default. */
export function signIn(user: SessionUser = fernProfile): SessionUser {
  sessionStore.setSession({
    ...initialSessionState,
    loggedIn: true,
    user,
    accessToken: 'access-test',
    accessTokenExpiresAt: Date.now() + 15 * 60_000,
  });
  onTestFinished(() => sessionStore.setSession(initialSessionState));
  return user;
}

/** A visitor without an account. */
export function browseAsGuest(): void {
  sessionStore.setSession({ ...initialSessionState, loggedIn: false });
  onTestFinished(() => sessionStore.setSession(initialSessionState));
}

/** A fake API (answering 501 to what a test did not register) behind the global fetch. */
export function fakeApi(): FakeApi {
  const api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return api;
}

/** The social routes in a memory router at `path`; the query client is the test's to inspect. */
export function renderSocial(path: string, queryClient: QueryClient = createTestQueryClient()) {
  return { ...renderRoutes(routes, path, queryClient), queryClient };
}

/** A promise the test settles by hand, to look at the screen while a request is out. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A picture file as a file input hands it over. */
export const picture = (name: string, type = 'image/png') =>
  new File([new Uint8Array(2048)], name, { type });

/** The hidden file input behind a FileButton. */
export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input on the screen');
  return input;
}

/** jsdom has no canvas; this stands in for the 2D context a blurhash is decoded into. */
export function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
        putImageData: () => {},
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAA');
}
