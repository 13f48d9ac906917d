import { isValidRef, newRef, parseRef } from '../storage-ref';

describe('storage refs', () => {
  it.each([
    'a.png',
    'posts/3f/3f2a9c1e-0000-4000-8000-000000000000-640.webp',
    'avatars/ab/file_1.jpeg',
  ])('accepts %s', (ref) => expect(isValidRef(ref)).toBe(true));

  it.each([
    '',
    '../secret.png',
    'a/../../etc/passwd.png',
    'a/./b.png',
    '/abs/path.png',
    'a\\b.png',
    'a//b.png',
    '.hidden.png',
    'a/%2e%2e/b.png',
    'picture.svg',
    'page.html',
    'noextension',
    'a/b.png/',
    'x'.repeat(400) + '.png',
  ])('refuses %j', (ref) => expect(isValidRef(ref)).toBe(false));

  it('maps extensions to image content types only', () => {
    expect(parseRef('a/b.jpg')?.contentType).toBe('image/jpeg');
    expect(parseRef('a/b.gif')?.contentType).toBe('image/gif');
  });

  it('makes random, valid refs', () => {
    const first = newRef('posts', 'webp', '640');
    expect(isValidRef(first)).toBe(true);
    expect(first).toMatch(/^posts\/[0-9a-f]{2}\/[0-9a-f-]{36}-640\.webp$/);
    expect(newRef('posts', 'webp')).not.toBe(newRef('posts', 'webp'));
    expect(() => newRef('../up', 'png')).toThrow();
  });
});
