import { isGuessablePassword } from '../password-strength';

describe('isGuessablePassword', () => {
  it.each([
    'password',
    'password1',
    'Password123!',
    'P@ssw0rd',
    'qwertyuiop',
    '1q2w3e4r5t',
    'iloveyou2',
    'letmein123',
    'trustno1!',
    'zaq12wsx',
    'football',
    'Welcome1',
    'qwerty123456',
    `${'p'.repeat(255)}A`,
  ])('refuses %s (a common breached password, or close to one)', async (password) => {
    expect(await isGuessablePassword(password)).toBe(true);
  });

  it.each([
    // The passwords the backend tests and the browser journeys use.
    'correct horse battery staple',
    'a-fine-long-password',
    'a-long-test-password',
    'long enough password',
    'brand-new-password',
    'another-password',
    'second-password',
    'someone-else-s-password',
    'fern-lover-2024',
  ])('accepts %s', async (password) => {
    expect(await isGuessablePassword(password)).toBe(false);
  });

  it("refuses the account's own address as its password", async () => {
    expect(await isGuessablePassword('fern.gully77', ['fern.gully77@example.com'])).toBe(true);
    expect(await isGuessablePassword('fern.gully77', [])).toBe(false);
  });

  it('stays cheap on the longest password the API takes', async () => {
    await isGuessablePassword('warm-up');
    const started = performance.now();
    await isGuessablePassword('x9!'.repeat(85).slice(0, 256));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
