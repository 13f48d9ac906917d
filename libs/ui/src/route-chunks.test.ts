import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoutesOf } from '../rspack/route-chunks.mjs';

const workspace = path.resolve(import.meta.dirname, '../../..');

describe('route-chunks.json: the page of each route path', () => {
  it('pairs each absolute path with the module its lazy() imports', () => {
    const source = `
      export const routes = defineRemoteRoutes([
        { path: '/', handle: { access: 'none' }, lazy: () => import('./home/home-page').then((m) => ({ Component: m.HomePage })) },
        {
          path: '/post/:randomId',
          handle: { access: 'none', layout: '3-col' },
          lazy: async () => ({ Component: (await import("./posts/post-page")).PostPage }),
        },
        { path: 'relative', lazy: () => import('./nope') },
        { path: '/eager', element: null },
      ]);`;
    expect(lazyRoutesOf(source, 'routes.tsx')).toEqual([
      { path: '/', request: './home/home-page' },
      { path: '/post/:randomId', request: './posts/post-page' },
    ]);
  });

  it.each(['social', 'events', 'admin'])(
    'finds a page for every route of the %s remote',
    (name) => {
      const file = path.join(workspace, 'frontends', name, 'src/routes.tsx');
      const source = fs.readFileSync(file, 'utf8');
      const routes = lazyRoutesOf(source, file);
      expect(routes.length).toBeGreaterThan(0);
      // Every `path:` of the module is one of them: a route the parser missed would load late.
      expect(routes).toHaveLength(source.match(/\bpath: '\//g)?.length ?? 0);
    },
  );
});
