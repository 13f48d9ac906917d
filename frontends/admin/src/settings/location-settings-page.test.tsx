import type { SiteSetting } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

const GET_SITE = '/api/iam/site-settings/get-site';
const UPDATE = '/api/iam/admin/update/site-setting';

const point: SiteSetting = {
  name: 'default_map_point',
  value: { lat: -37.8136, lng: 144.9631, zoom: 11 },
  dataType: 'json',
  isPublic: true,
  group: 'map',
  description: 'Where maps centre when nothing says where the visitor is',
  updatedAt: null,
  updatedBy: null,
};
const tiles: SiteSetting = {
  ...point,
  name: 'map_tiles_url',
  value: '',
  dataType: 'string',
  description: 'Tile URL template with {z}, {x} and {y}',
};
const siteName: SiteSetting = { ...tiles, name: 'site_name', value: 'Plantfolk', group: 'site' };

const sydney = {
  name: 'Sydney',
  locality: null,
  state: 'New South Wales',
  country: 'Australia',
  country_code: 'AU',
  latitude: -33.8688,
  longitude: 151.2093,
  kind: 'place',
  label: 'Sydney, New South Wales, Australia',
};

describe('/settings/location', { timeout: 15_000 }, () => {
  const admin = signedInAdmin((api) =>
    api
      .on('GET', GET_SITE, ok([siteName, point, tiles]))
      .on('GET', '/api/location/places', ok([sydney])),
  );

  it('shows the current point and the tile URL, and nothing else', async () => {
    renderAdmin('/settings/location');
    expect(await screen.findByText('Now: -37.8136, 144.9631, zoom 11')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Map tiles URL' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Site name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save map point' })).toBeDisabled();
  });

  it('saves a place picked by name, with the zoom, as the default map point', async () => {
    admin.api.on('PUT', UPDATE, (request) =>
      ok({ ...point, value: (request.body as { value: unknown }).value }),
    );
    const user = userEvent.setup();
    renderAdmin('/settings/location');
    const picker = await screen.findByRole('combobox', { name: /^Default map point/ });
    await user.clear(picker);
    await user.type(picker, 'Sydney');
    await user.click(await screen.findByRole('option', { name: sydney.label }));
    const zoom = screen.getByRole('textbox', { name: /^Zoom/ });
    await user.clear(zoom);
    await user.type(zoom, '9');
    await user.click(screen.getByRole('button', { name: 'Save map point' }));

    expect(await screen.findByText('Default map point saved.')).toBeInTheDocument();
    expect(admin.api.requestsTo('PUT', UPDATE)[0].body).toEqual({
      name: 'default_map_point',
      value: { lat: -33.8688, lng: 151.2093, zoom: 9 },
      dataType: 'json',
    });
    await waitFor(() =>
      expect(screen.getByText('Now: -33.8688, 151.2093, zoom 9')).toBeInTheDocument(),
    );
  });

  it('shows why a tile URL is refused', async () => {
    admin.api.on(
      'PUT',
      UPDATE,
      fail(
        400,
        'SITE_SETTING_INVALID_VALUE',
        'The value of "map_tiles_url" must contain {z}, {x} and {y}',
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/settings/location');
    const url = await screen.findByRole('textbox', { name: 'Map tiles URL' });
    await user.type(url, 'https://tiles.example.net/tiles.png');
    await user.click(screen.getByRole('button', { name: 'Save Map tiles URL' }));
    expect(
      await screen.findByText('The value of "map_tiles_url" must contain {z}, {x} and {y}'),
    ).toBeInTheDocument();
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderAdmin('/settings/location');
    await screen.findByRole('textbox', { name: 'Map tiles URL' });
    await expectNoAxeViolations(container);
  });
});
