import { screen } from '@testing-library/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRouteHandle } from './document-title';
import {
  claimedFirstSegments,
  defineRemoteRoutes,
  remoteModuleProblems,
  routeNotFound,
} from './route-contract';
import { renderRoutes } from './testing';

function ShowHandle() {
  const { layout, title } = useRouteHandle();
  return <p>{`${layout} / ${title ?? 'none'}`}</p>;
}

function ShowError() {
  const error = useRouteError();
  return <p>{isRouteErrorResponse(error) ? `${error.status} ${String(error.data)}` : 'other'}</p>;
}

describe('route contract', () => {
  it('takes layout and title from the deepest route that declares them', async () => {
    renderRoutes(
      [
        {
          handle: { layout: 'default', title: 'Outer' },
          children: [{ path: '/events', handle: { title: 'Events' }, element: <ShowHandle /> }],
        },
      ],
      '/events',
    );
    expect(await screen.findByText('default / Events')).toBeInTheDocument();
  });

  it('defaults to the 3-col layout', async () => {
    renderRoutes([{ path: '/', element: <ShowHandle /> }]);
    expect(await screen.findByText('3-col / none')).toBeInTheDocument();
  });

  it("routeNotFound is a fatal 404 with 'Page Not Found: {path}'", async () => {
    renderRoutes(
      [
        {
          path: '/event/:id',
          loader: ({ params }) => routeNotFound(`/event/${params.id}`),
          HydrateFallback: () => null,
          element: <p>never</p>,
          errorElement: <ShowError />,
        },
      ],
      '/event/bad',
    );
    expect(await screen.findByText('404 Page Not Found: /event/bad')).toBeInTheDocument();
  });
});

describe('remote route contract', () => {
  it('makes the access policy a required part of every route (checked by tsc)', () => {
    const typeErrors = () =>
      defineRemoteRoutes([
        // @ts-expect-error a route without an access policy
        { path: '/events', handle: { title: 'Events' }, element: null },
        // @ts-expect-error a policy the spec does not have
        { path: '/event/:id', handle: { access: 'members-only' }, element: null },
      ]);
    expect(typeof typeErrors).toBe('function');
  });

  it('accepts a module whose routes and settings sections keep the contract', () => {
    expect(
      remoteModuleProblems({
        routes: [{ path: '/events', handle: { access: 'guest-or-authd' }, element: null }],
        settingsSections: [
          { id: 'reminders', order: 650, title: 'Reminders', Component: () => null },
        ],
      }),
    ).toEqual([]);
  });

  it('names each route a remote sends without a path or a known access policy', () => {
    expect(
      remoteModuleProblems({
        routes: [
          { path: '/events', element: null },
          { path: '/event/:id', handle: { access: 'members-only' } },
          { handle: { access: 'none' } },
        ],
      }),
    ).toEqual([
      '/events declares no access policy',
      '/event/:id declares no access policy',
      'routes[2] has no absolute path',
    ]);
    expect(remoteModuleProblems({})).toEqual(['it does not export a routes array']);
  });

  it('refuses a malformed settings section', () => {
    expect(
      remoteModuleProblems({ routes: [], settingsSections: [{ id: 'x', order: 1, title: 'X' }] }),
    ).toEqual(['settings section x has no Component']);
  });

  it('refuses a malformed header item, and one without an access policy', () => {
    const Component = () => null;
    expect(remoteModuleProblems({ routes: [], headerItems: 'bell' })).toEqual([
      'headerItems is not an array',
    ]);
    expect(
      remoteModuleProblems({
        routes: [],
        headerItems: [
          { id: 'a', order: 1, label: 'A', access: 'authd-only' },
          { id: 'b', order: 2, label: 'B', Component },
          { id: 'c', order: 3, access: 'authd-only', Component },
          { id: 'd', order: 4, label: 'D', access: 'authd-only', Component },
        ],
      }),
    ).toEqual([
      'header item a has no Component',
      'header item b declares no access policy',
      'header item c needs an id, an order and a label',
    ]);
  });

  it('lists the literal first segments a set of patterns claims', () => {
    expect(
      claimedFirstSegments(['/', '/tag/:name', '/tag/*', '/:handle/events', '/profile', '*']),
    ).toEqual(['tag', 'profile']);
  });
});
