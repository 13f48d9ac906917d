import { createFakeApi, fakeProfile, ok, type FakeReply } from '@plantfolk/api-client/testing';
import type { RemoteModule } from '@plantfolk/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_PATH, renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const eventsRemote: RemoteModule = {
  routes: [
    {
      path: '/events',
      handle: { title: 'Events', layout: '3-col', access: 'guest-or-authd' },
      element: <h1>Events list</h1>,
    },
  ],
};

const renamed = ok([
  { name: 'site_name', value: 'Fern Club', dataType: 'string' },
  { name: 'site_description', value: 'Ferns of Fitzroy, swapped on Sundays.', dataType: 'string' },
  { name: 'registration_mode', value: 'open', dataType: 'string' },
]);

/** A settings answer the test releases when it chooses, to see what shows until then. */
function heldSettings() {
  let release: (reply: FakeReply) => void = () => undefined;
  const answer = new Promise<FakeReply>((resolve) => (release = resolve));
  return { api: createFakeApi().on('GET', PUBLIC_SETTINGS_PATH, () => answer), release };
}

const header = () => screen.getByRole('banner');

describe("the site's name and description from the settings", () => {
  it('shows the constant at once, then the admins’ name in the header, title and about column', async () => {
    const { api, release } = heldSettings();
    renderShell('/events', { events: eventsRemote }, { api });

    // Nothing waits for the settings: the page and the constant name are there before they are.
    expect(await screen.findByRole('heading', { name: 'Events list' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Plantfolk home' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Plantfolk' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Events · Plantfolk'));
    expect(api.requestsTo('GET', PUBLIC_SETTINGS_PATH)).toHaveLength(1);

    await act(async () => release(renamed));

    expect(await within(header()).findByRole('link', { name: 'Fern Club home' })).toHaveTextContent(
      'Fern Club',
    );
    await waitFor(() => expect(document.title).toBe('Events · Fern Club'));
    expect(screen.getByRole('heading', { name: 'About Fern Club' })).toBeInTheDocument();
    expect(screen.getByText(/^Fern Club is where plant lovers/)).toBeInTheDocument();
    expect(screen.getByText('© Fern Club')).toBeInTheDocument();
  });

  it('reads the settings once for all the pages a visitor moves between; the about page describes the site', async () => {
    const api = createFakeApi().on('GET', PUBLIC_SETTINGS_PATH, renamed);
    renderShell('/events', { events: eventsRemote }, { api });
    await within(header()).findByRole('link', { name: 'Fern Club home' });

    await userEvent.click(screen.getByRole('link', { name: 'Learn more about Fern Club' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Fern Club' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About · Fern Club'));
    expect(screen.getByText('Ferns of Fitzroy, swapped on Sundays.')).toBeInTheDocument();

    expect(api.requestsTo('GET', PUBLIC_SETTINGS_PATH)).toHaveLength(1);
  });

  it('welcomes a new member to the site by its name', async () => {
    const api = createFakeApi().on('GET', PUBLIC_SETTINGS_PATH, renamed);
    renderShell('/welcome', {}, { api, session: signedIn(fakeProfile()) });

    expect(
      await screen.findByRole('heading', { name: 'Welcome to Fern Club, fern!' }),
    ).toBeVisible();
    expect(screen.getByText(/Your name on Fern Club/)).toBeInTheDocument();
  });

  it('keeps the constant when the settings cannot be read', async () => {
    const api = createFakeApi();
    renderShell('/events', { events: eventsRemote }, { api });
    await screen.findByRole('heading', { name: 'Events list' });
    await waitFor(() => expect(api.requestsTo('GET', PUBLIC_SETTINGS_PATH)).toHaveLength(1));
    expect(within(header()).getByRole('link', { name: 'Plantfolk home' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Events · Plantfolk'));
  });
});
