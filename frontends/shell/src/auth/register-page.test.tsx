import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { sessionReply, signedIn } from '../testing/session-fixtures';

const verified = fakeProfile({
  stage: 'verified',
  username: null,
  suburb_city: null,
  state: null,
  country: null,
  location: null,
});
const registered = fakeProfile({ username: 'fern_grows' });

function stubGeolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition: vi.fn(answer) },
  });
}

async function fillPlace(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Suburb or city/), 'Fitzroy');
  await user.type(screen.getByLabelText(/^State or region/), 'Victoria');
  await user.type(screen.getByLabelText(/^Country/), 'Australia');
}

describe('/auth/register', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers with the username and the location from the browser, then welcomes', async () => {
    stubGeolocation((success) =>
      success({
        coords: { latitude: -37.7984321, longitude: 144.9783456 },
      } as GeolocationPosition),
    );
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/register', ok(registered))
      .on('POST', '/api/iam/authn/refresh', sessionReply(registered));
    const { router } = renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'Fern_Grows');
    await fillPlace(user);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(screen.getByLabelText(/^Latitude/)).toHaveValue('-37.798432'));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: /Welcome to Plantfolk/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/welcome');
    const [register] = api.requestsTo('POST', '/api/iam/authn/register');
    expect(register?.body).toEqual({
      username: 'fern_grows',
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.798432,
      longitude: 144.978346,
    });
    expect(register?.headers.get('x-csrf-token')).toBe('csrf-fern');
    expect(sessionStore.getState().user?.stage).toBe('registered');
  });

  it('takes typed coordinates and checks the place names are letters and spaces', async () => {
    const api = createFakeApi();
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await user.type(screen.getByLabelText(/^Suburb or city/), 'Fitzroy 3065');
    await user.type(screen.getByLabelText(/^State or region/), 'Victoria');
    await user.type(screen.getByLabelText(/^Country/), 'Australia');
    await user.type(screen.getByLabelText(/^Latitude/), '-37.8');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Use letters and spaces only.')).toBeVisible();
    expect(screen.getByText('Enter the longitude, or use “Use my location”.')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('shows a taken username at the username field', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/register',
      fail(409, 'HANDLE_TAKEN', 'Handle taken'),
    );
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await fillPlace(user);
    await user.type(screen.getByLabelText(/^Latitude/), '-37.8');
    await user.type(screen.getByLabelText(/^Longitude/), '144.98');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(
      await screen.findByText(
        'Someone already has this name (a member or a page). Choose another one.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a reserved word as username before asking the API', async () => {
    renderShell('/auth/register', {}, { session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'settings');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText(/“settings” is reserved/)).toBeVisible();
  });

  it('explains when the browser keeps the location to itself', async () => {
    stubGeolocation((_success, failure) =>
      failure({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
    );
    renderShell('/auth/register', {}, { session: signedIn(verified) });

    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));

    expect(
      await screen.findByText(/Your browser did not allow Plantfolk to see your location/),
    ).toBeVisible();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderShell('/auth/register', {}, { session: signedIn(verified) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Username/), 'fern');

    await user.click(screen.getByRole('link', { name: 'Plantfolk home' }));

    expect(await screen.findByText('Discard unsaved changes?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('steers a member who has not confirmed the e-mail to /auth/verify', async () => {
    const { router } = renderShell(
      '/auth/register',
      {},
      { session: signedIn(fakeProfile({ stage: 'signed-up', username: null })) },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify'));
  });
});
