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

const place = (name: string, state: string | null, country: string, at: [number, number]) => ({
  name,
  locality: null,
  state,
  country,
  country_code: 'XX',
  latitude: at[0],
  longitude: at[1],
  kind: 'town' as const,
  label: [name, state, country].filter(Boolean).join(', '),
});
const FITZROY = place('Fitzroy', 'Victoria', 'Australia', [-37.79839, 144.97833]);
const FITZROY_NORTH = place('Fitzroy North', 'Victoria', 'Australia', [-37.78333, 144.98333]);

/** The API with its place search, as the picker calls it. */
function apiWithPlaces() {
  return createFakeApi().on('GET', '/api/location/places', (request) => {
    const query = (request.url.searchParams.get('q') ?? '').toLowerCase();
    return ok([FITZROY, FITZROY_NORTH].filter((p) => p.name.toLowerCase().startsWith(query)));
  });
}

/** Types a few letters of the town and chooses it from the list. */
async function pickPlace(user: ReturnType<typeof userEvent.setup>, typed: string, label: string) {
  await user.type(screen.getByRole('combobox', { name: /^Suburb or town/ }), typed);
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('/auth/register', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers with the username and a town typed and chosen from the list, then welcomes', async () => {
    const api = apiWithPlaces()
      .on('POST', '/api/iam/authn/register', ok(registered))
      .on('POST', '/api/iam/authn/refresh', sessionReply(registered));
    const { router } = renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'Fern_Grows');
    expect(screen.queryByLabelText(/Latitude/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Longitude/)).not.toBeInTheDocument();
    await pickPlace(user, 'fitz', 'Fitzroy, Victoria, Australia');
    expect(screen.getByRole('combobox', { name: /^Suburb or town/ })).toHaveValue(
      'Fitzroy, Victoria, Australia',
    );
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: /Welcome to Plantfolk/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/welcome');
    const [register] = api.requestsTo('POST', '/api/iam/authn/register');
    expect(register?.body).toEqual({
      username: 'fern_grows',
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.79839,
      longitude: 144.97833,
    });
    expect(register?.headers.get('x-csrf-token')).toBe('csrf-fern');
    expect(sessionStore.getState().user?.stage).toBe('registered');
  });

  it('“Use my location” fills in the place by reverse lookup, and keeps the point roughly', async () => {
    stubGeolocation((success) =>
      success({
        coords: { latitude: -37.7984321, longitude: 144.9783456 },
      } as GeolocationPosition),
    );
    const api = apiWithPlaces()
      .on('GET', '/api/location/reverse', ok(FITZROY))
      .on('POST', '/api/iam/authn/register', ok(registered))
      .on('POST', '/api/iam/authn/refresh', sessionReply(registered));
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Suburb or town/ })).toHaveValue(
        'Fitzroy, Victoria, Australia',
      ),
    );
    expect(screen.getByText('Found your area: Fitzroy, Victoria, Australia.')).toBeVisible();
    expect(api.requestsTo('GET', '/api/location/reverse')[0]?.url.search).toBe(
      '?lat=-37.798&lon=144.978',
    );
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await screen.findByRole('heading', { name: /Welcome to Plantfolk/ });
    expect(api.requestsTo('POST', '/api/iam/authn/register')[0]?.body).toEqual({
      username: 'fern',
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.798,
      longitude: 144.978,
    });
  });

  it('asks for a place chosen from the list, not just typed', async () => {
    const api = apiWithPlaces();
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await user.type(screen.getByRole('combobox', { name: /^Suburb or town/ }), 'Fitzroy 3065');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(
      await screen.findByText('Type your suburb or town, then choose it from the list.'),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Suburb or town/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.requestsTo('POST', '/api/iam/authn/register')).toHaveLength(0);
  });

  it('keeps the names of a picked place to letters and spaces, as the API wants them', async () => {
    const etienne = place('Saint-Étienne', 'Auvergne-Rhône-Alpes', 'France', [45.43, 4.39]);
    const api = createFakeApi()
      .on('GET', '/api/location/places', ok([etienne]))
      .on('POST', '/api/iam/authn/register', ok(registered))
      .on('POST', '/api/iam/authn/refresh', sessionReply(registered));
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await pickPlace(user, 'saint e', 'Saint-Étienne, Auvergne-Rhône-Alpes, France');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await screen.findByRole('heading', { name: /Welcome to Plantfolk/ });
    expect(api.requestsTo('POST', '/api/iam/authn/register')[0]?.body).toMatchObject({
      suburb_city: 'Saint Étienne',
      state: 'Auvergne Rhône Alpes',
      country: 'France',
    });
  });

  it('shows a taken username at the username field', async () => {
    const api = apiWithPlaces().on(
      'POST',
      '/api/iam/authn/register',
      fail(409, 'HANDLE_TAKEN', 'Handle taken'),
    );
    renderShell('/auth/register', {}, { api, session: signedIn(verified) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Username/), 'fern');
    await pickPlace(user, 'fitz', 'Fitzroy North, Victoria, Australia');
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
      await screen.findByText(/Your browser did not let Plantfolk see your location/),
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
