import { uploadPhotos } from './support/content';
import { cookieFrom, createMember, signIn } from './support/members';
import { startTestApp, type TestApp } from './support/test-app';

function varyNames(header: unknown): string[] {
  return String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** What a browser or a shared cache may keep: nothing made for one caller. */
describe('cache rules', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('marks every answer to a request with a bearer token no-store, the profile first', async () => {
    const member = await createMember(t, 'registered');
    const profile = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
    expect(profile.body.data.csrf_token).toBeTruthy();
    expect(profile.headers['cache-control']).toBe('no-store');

    for (const path of [
      '/api/iam/users/user-settings',
      '/api/content-items/recent',
      '/api/iam/tags/interest-cat-tags',
      `/api/user/get-user-by-uuid/${member.id}`,
    ]) {
      const response = await t.http().get(path).set(member.headers);
      expect({ path, status: response.status, cache: response.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-store',
      });
    }
    // Even a bad token: the answer was still made in reply to credentials.
    const refused = await t
      .http()
      .get('/api/iam/authn/profile')
      .set('authorization', 'Bearer nonsense');
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('marks an answer that sets a cookie no-store', async () => {
    const member = await createMember(t, 'registered');
    const session = await signIn(t, member);
    expect(cookieFrom(session, 'pf_refresh')).toBeTruthy();
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it('leaves guests’ public answers cacheable, varying on Authorization', async () => {
    const feed = await t.http().get('/api/content-items/recent').expect(200);
    expect(feed.headers['cache-control']).toBeUndefined();
    expect(varyNames(feed.headers.vary)).toContain('authorization');

    const member = await createMember(t, 'registered');
    const [photo] = await uploadPhotos(t, member, 1);
    const image = await t.http().get(`/storage/v1/object/public/images/${photo.ref}`).expect(200);
    expect(image.headers['cache-control']).toMatch(/public, max-age=\d+, immutable/);
    expect(varyNames(image.headers.vary)).toContain('authorization');
  });

  it('names Authorization once next to the other Vary names (CORS adds Origin)', async () => {
    const response = await t
      .http()
      .get('/api/content-items/recent')
      .set('origin', 'http://localhost:3000');
    const names = varyNames(response.headers.vary);
    expect(names.filter((name) => name === 'authorization')).toHaveLength(1);
    expect(names).toContain('origin');
  });
});
