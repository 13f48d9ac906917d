import type { SiteSetting } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

const GET_SITE = '/api/iam/site-settings/get-site';
const UPDATE = '/api/iam/admin/update/site-setting';

function setting(overrides: Partial<SiteSetting> & Pick<SiteSetting, 'name'>): SiteSetting {
  return {
    value: '',
    dataType: 'string',
    isPublic: true,
    group: 'site',
    description: `About ${overrides.name}`,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

const SETTINGS: SiteSetting[] = [
  setting({ name: 'site_name', value: 'Plantfolk' }),
  setting({ name: 'site_description', value: 'Plants near you.' }),
  setting({ name: 'registration_mode', value: 'open', group: 'registration' }),
  setting({
    name: 'default_map_point',
    value: { lat: -37.8136, lng: 144.9631, zoom: 11 },
    dataType: 'json',
    group: 'map',
  }),
  setting({ name: 'map_tiles_url', value: '', group: 'map' }),
  setting({ name: 'video_embeds_enabled', value: true, dataType: 'boolean', group: 'video' }),
  setting({
    name: 'video_allowed_hosts',
    value: ['www.youtube.com', 'vimeo.com'],
    dataType: 'json',
    group: 'video',
  }),
  setting({ name: 'video_max_per_post', value: 1, dataType: 'number', group: 'video' }),
];

describe('admin site settings screens', { timeout: 15_000 }, () => {
  const admin = signedInAdmin((api) => api.on('GET', GET_SITE, ok(SETTINGS)));

  it('shows every setting, grouped, each with an input of its type', async () => {
    renderAdmin('/admin/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Site settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Site name' })).toHaveValue('Plantfolk');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Site', 'Registration', 'Map', 'Video']);
    expect(screen.getByRole('switch', { name: /^Play video links in posts/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Videos played per post' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Video hosts' })).toHaveValue(
      'www.youtube.com\nvimeo.com',
    );
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save Site name' })).toBeDisabled();
  });

  it('saves one setting with its type and shows the saved value', async () => {
    admin.api.on('PUT', UPDATE, (request) =>
      ok({
        ...SETTINGS[0],
        value: (request.body as { value: string }).value,
        updatedAt: '2026-11-24T10:00:00.000Z',
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/settings');
    const name = await screen.findByRole('textbox', { name: 'Site name' });
    await user.clear(name);
    await user.type(name, 'Fern Club');
    await user.click(screen.getByRole('button', { name: 'Save Site name' }));

    expect(await screen.findByText('Site name saved.')).toBeInTheDocument();
    const [sent] = admin.api.requestsTo('PUT', UPDATE);
    expect(sent.body).toEqual({ name: 'site_name', value: 'Fern Club', dataType: 'string' });
    expect(sent.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(name).toHaveValue('Fern Club');
  });

  it('shows the server’s reason when a value is refused, and keeps what was typed', async () => {
    admin.api.on(
      'PUT',
      UPDATE,
      fail(
        400,
        'SITE_SETTING_INVALID_VALUE',
        'The value of "video_max_per_post" must be a whole number from 0 to 5',
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/settings');
    const count = await screen.findByRole('textbox', { name: 'Videos played per post' });
    await user.clear(count);
    await user.type(count, '9');
    await user.click(screen.getByRole('button', { name: 'Save Videos played per post' }));

    expect(
      await screen.findByText(
        'The value of "video_max_per_post" must be a whole number from 0 to 5',
      ),
    ).toBeInTheDocument();
    expect(count).toHaveValue('9');
    expect(admin.api.requestsTo('PUT', UPDATE)[0].body).toEqual({
      name: 'video_max_per_post',
      value: 9,
      dataType: 'number',
    });
  });

  it('sends a host list as a list, one host per line', async () => {
    admin.api.on('PUT', UPDATE, (request) =>
      ok({ ...SETTINGS[6], value: (request.body as { value: unknown }).value }),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/settings/video');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Video settings' }),
    ).toBeInTheDocument();
    // Only the video settings here.
    expect(screen.queryByRole('textbox', { name: 'Site name' })).toBeNull();
    const hosts = await screen.findByRole('textbox', { name: 'Video hosts' });
    await user.type(hosts, '\nYouTu.be');
    await user.click(screen.getByRole('button', { name: 'Save Video hosts' }));
    await waitFor(() => expect(admin.api.requestsTo('PUT', UPDATE)).toHaveLength(1));
    expect(admin.api.requestsTo('PUT', UPDATE)[0].body).toEqual({
      name: 'video_allowed_hosts',
      value: ['www.youtube.com', 'vimeo.com', 'youtu.be'],
      dataType: 'json',
    });
  });

  it('turns video embeds off with the switch, by keyboard', async () => {
    admin.api.on('PUT', UPDATE, ok({ ...SETTINGS[5], value: false }));
    const user = userEvent.setup();
    renderAdmin('/admin/settings/video');
    const toggle = await screen.findByRole('switch', { name: /^Play video links in posts/ });
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save Play video links in posts' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(admin.api.requestsTo('PUT', UPDATE)[0]?.body).toEqual({
        name: 'video_embeds_enabled',
        value: false,
        dataType: 'boolean',
      }),
    );
  });

  it('says so when the settings cannot be loaded', async () => {
    admin.api.on(
      'GET',
      GET_SITE,
      fail(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable'),
    );
    renderAdmin('/admin/settings');
    const alert = await screen.findByText('The settings could not be loaded');
    expect(
      within(alert.closest('[role="alert"]') ?? document.body).getByText(/temporarily/),
    ).toBeInTheDocument();
  });

  it.each([
    ['/admin/settings', 'Site name'],
    ['/admin/settings/video', 'Video hosts'],
  ])('passes axe on %s in light and dark mode', { timeout: 15_000 }, async (path, field) => {
    const { container } = renderAdmin(path);
    await screen.findByRole('textbox', { name: field });
    await expectNoAxeViolations(container);
  });
});
