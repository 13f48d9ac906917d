import { Box, Text } from '@plantfolk/ui';
import type { MapTiles } from './map-config';

const TILE = 256;
const ZOOM = 15;

export interface EventMapProps {
  latitude: number;
  longitude: number;
  /** What the map shows, in its accessible name ("Map of 12 Smith St, Fitzroy"). */
  place: string;
  tiles: MapTiles;
  height?: number;
}

/** Where a point falls on the Web Mercator world at `zoom`, in pixels. */
export function worldPixel(latitude: number, longitude: number, zoom: number) {
  const scale = TILE * 2 ** zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export function tileUrl(template: string, z: number, x: number, y: number): string {
  const count = 2 ** z;
  const wrapped = ((x % count) + count) % count;
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(wrapped))
    .replace('{y}', String(y));
}

/**
 * A still map of where an event is: the 3 × 3 tiles around the point from the configured tile
 * server, centred on a pin. No script library, no third party unless the deployment names one.
 */
export function EventMap({ latitude, longitude, place, tiles, height = 220 }: EventMapProps) {
  const { x, y } = worldPixel(latitude, longitude, ZOOM);
  const tileX = Math.floor(x / TILE);
  const tileY = Math.floor(y / TILE);
  const offsetX = x - tileX * TILE;
  const offsetY = y - tileY * TILE;
  const max = 2 ** ZOOM;
  const cells: { dx: number; dy: number }[] = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) cells.push({ dx, dy });

  return (
    <figure style={{ margin: 0 }}>
      <Box
        role="img"
        aria-label={`Map of ${place}`}
        style={{
          position: 'relative',
          height,
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        {cells
          .filter(({ dy }) => tileY + dy >= 0 && tileY + dy < max)
          .map(({ dx, dy }) => (
            <img
              key={`${dx},${dy}`}
              src={tileUrl(tiles.url, ZOOM, tileX + dx, tileY + dy)}
              alt=""
              width={TILE}
              height={TILE}
              loading="lazy"
              decoding="async"
              draggable={false}
              style={{
                position: 'absolute',
                left: `calc(50% + ${dx * TILE - offsetX}px)`,
                top: `calc(50% + ${dy * TILE - offsetY}px)`,
                maxWidth: 'none',
              }}
            />
          ))}
        <span
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: 18,
            height: 18,
            marginLeft: -9,
            marginTop: -9,
            borderRadius: '50%',
            background: 'var(--mantine-color-red-7)',
            border: '3px solid white',
            boxShadow: '0 1px 4px rgba(0,0,0,.4)',
          }}
        />
      </Box>
      {tiles.attribution && (
        <Text component="figcaption" size="xs" c="dimmed" mt={4}>
          {tiles.attribution}
        </Text>
      )}
    </figure>
  );
}
