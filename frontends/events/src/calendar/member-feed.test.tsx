import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browseAsGuest, fakeApi, fern, ok, renderEvents, signIn } from '../testing/events-test-kit';

const FEED = '/api/iam/events/calendar/member-feed';
const feed = (token: string) => ({
  url: `https://plantfolk.test/api/events/calendar/member/${token}.ics`,
  webcal_url: `webcal://plantfolk.test/api/events/calendar/member/${token}.ics`,
});

describe('Subscribe in your calendar (/events)', () => {
  it('makes the private feed link, copies it, resets it after confirming, and turns it off', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signIn(fern);
    let active = false;
    let made = 0;
    const api = fakeApi()
      .on('GET', '/api/events/all/nearby', ok({ items: [], next_cursor: null }))
      .on('GET', FEED, () => ok({ active, created_at: active ? '2030-11-20T10:00:00.000Z' : null }))
      .on('POST', FEED, () => {
        active = true;
        made += 1;
        return ok(feed(`secret${made}`));
      })
      .on('DELETE', FEED, () => {
        active = false;
        return ok({ revoked: true });
      });
    renderEvents('/events');

    const card = await screen.findByTestId('member-feed');
    await user.click(await within(card).findByRole('button', { name: 'Get my calendar link' }));
    expect(await within(card).findByTestId('member-feed-url')).toHaveTextContent('secret1.ics');
    expect(within(card).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      feed('secret1').webcal_url,
    );
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(feed('secret1').url);
    expect(await within(card).findByText(/Link copied/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    expect(api.requestsTo('POST', FEED)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await within(card).findByTestId('member-feed-url')).toHaveTextContent('secret2.ics');
    expect(api.requestsTo('POST', FEED)).toHaveLength(2);
    expect(api.requestsTo('POST', FEED)[1]?.headers.get('x-csrf-token')).toBe(fern.csrf_token);

    await user.click(within(card).getByRole('button', { name: 'Turn the feed off' }));
    expect(await within(card).findByRole('button', { name: 'Get my calendar link' })).toBeEnabled();
    expect(api.requestsTo('DELETE', FEED)).toHaveLength(1);
    expect(within(card).queryByTestId('member-feed-url')).toBeNull();
  });

  it('tells a member who made a link before that it shows only once', async () => {
    signIn(fern);
    fakeApi()
      .on('GET', '/api/events/all/nearby', ok({ items: [], next_cursor: null }))
      .on('GET', FEED, ok({ active: true, created_at: '2030-11-20T10:00:00.000Z' }));
    renderEvents('/events');
    const card = await screen.findByTestId('member-feed');
    expect(await within(card).findByText(/You made a calendar link on/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reset link' })).toBeInTheDocument();
  });

  it('is not offered to guests', async () => {
    browseAsGuest();
    fakeApi()
      .on(
        'GET',
        '/api/location/from-ip',
        ok({
          latitude: 1,
          longitude: 1,
          fallback: true,
          city: null,
          state: null,
          country_code: null,
          attribution: null,
        }),
      )
      .on('GET', '/api/events/all/nearby', ok({ items: [], next_cursor: null }));
    renderEvents('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.queryByTestId('member-feed')).toBeNull();
  });
});
