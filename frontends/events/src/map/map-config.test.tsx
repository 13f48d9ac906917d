import { createFakeApi, ok, type FakeApi } from '@plantfolk/api-client/testing';
import { createTestQueryClient } from '@plantfolk/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMapTiles } from './map-config';

const RUNTIME = {
  remotes: {},
  mapTiles: { url: 'https://tiles.example.net/{z}/{x}/{y}.png', attribution: '© Map makers' },
};

function stub(runtime: unknown, tilesSetting: string | null): FakeApi {
  const api = createFakeApi()
    .on('GET', '/runtime-config.json', () => new Response(JSON.stringify(runtime)))
    .on(
      'GET',
      '/api/settings/get-all',
      ok(
        tilesSetting === null
          ? []
          : [{ name: 'map_tiles_url', value: tilesSetting, dataType: 'string' }],
      ),
    );
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

function tiles() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMapTiles(), { wrapper }).result;
}

describe('the map tiles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are the deployment’s while the site setting is empty', async () => {
    stub(RUNTIME, '');
    const result = tiles();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(RUNTIME.mapTiles);
  });

  it('follow the admins’ map_tiles_url setting, with the deployment’s credit', async () => {
    stub(RUNTIME, '/tiles/{z}/{x}/{y}.png');
    const result = tiles();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({
      url: '/tiles/{z}/{x}/{y}.png',
      attribution: '© Map makers',
    });
  });

  it('come from the setting alone when the deployment names none', async () => {
    stub({ remotes: {} }, 'https://t.example.org/{z}/{x}/{y}.png');
    const result = tiles();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({
      url: 'https://t.example.org/{z}/{x}/{y}.png',
      attribution: null,
    });
  });

  it('stay the deployment’s when the settings cannot be read', async () => {
    const api = createFakeApi().on(
      'GET',
      '/runtime-config.json',
      () => new Response(JSON.stringify(RUNTIME)),
    );
    vi.stubGlobal('fetch', api.fetch);
    const result = tiles();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(RUNTIME.mapTiles);
  });
});
