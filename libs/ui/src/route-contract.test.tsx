import { screen } from '@testing-library/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRouteHandle } from './document-title';
import { routeNotFound } from './route-contract';
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
