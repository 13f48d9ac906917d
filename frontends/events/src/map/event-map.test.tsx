import { renderWithUi } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventMap, tileUrl, worldPixel } from './event-map';
import { mapTilesOf } from './map-config';

describe('map tiles from the runtime config', () => {
  it('are off unless a usable tile URL is configured', () => {
    expect(mapTilesOf({ remotes: {} })).toBeNull();
    expect(mapTilesOf({ mapTiles: { url: 'https://tiles.test/map.png' } })).toBeNull();
    expect(mapTilesOf({ mapTiles: { url: 'javascript:alert(1)//{z}/{x}/{y}' } })).toBeNull();
    expect(mapTilesOf(null)).toBeNull();
    expect(
      mapTilesOf({ mapTiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© OSM' } }),
    ).toEqual({ url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© OSM' });
  });
});

describe('EventMap', () => {
  it('places a point on the right tile', () => {
    // Melbourne's GPO at zoom 15.
    const { x, y } = worldPixel(-37.8136, 144.9631, 15);
    expect(Math.floor(x / 256)).toBe(29578);
    expect(Math.floor(y / 256)).toBe(20106);
    expect(tileUrl('https://t.test/{z}/{x}/{y}.png', 15, 29578, 20106)).toBe(
      'https://t.test/15/29578/20106.png',
    );
  });

  it('draws the nine tiles around the point with a named image and the credit', () => {
    renderWithUi(
      <EventMap
        latitude={-37.8136}
        longitude={144.9631}
        place="Fitzroy Town Hall"
        tiles={{ url: 'https://t.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' }}
      />,
    );
    const map = screen.getByRole('img', { name: 'Map of Fitzroy Town Hall' });
    const tiles = [...map.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(tiles).toHaveLength(9);
    expect(tiles).toContain('https://t.test/15/29578/20106.png');
    expect(screen.getByText('© OpenStreetMap')).toBeInTheDocument();
  });
});
