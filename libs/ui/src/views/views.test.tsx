import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing';
import { ErrorView } from './error-view';
import { NotFoundView } from './not-found-view';

describe('NotFoundView', () => {
  it("says 'Page not found: {path}' and links home", () => {
    renderRoutes([{ path: '*', element: <NotFoundView path="/nowhere/at-all" /> }], '/x');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Page not found: /nowhere/at-all' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('ErrorView', () => {
  it("defaults the status message to 'Page Not Found' for a 404", () => {
    renderRoutes([{ path: '/', element: <ErrorView status={404} message="Page Not Found: /x" /> }]);
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /x')).toBeInTheDocument();
  });

  it("defaults the status message to 'Internal Server Error' otherwise", () => {
    renderRoutes([{ path: '/', element: <ErrorView status={500} message="Boom" /> }]);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('Boom')).toBeInTheDocument();
  });

  it('shows a given status message instead of the default', () => {
    renderRoutes([
      { path: '/', element: <ErrorView status={503} statusText="Service Unavailable" /> },
    ]);
    expect(screen.getByTestId('error-status')).toHaveTextContent('503');
    expect(screen.getByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument();
  });
});
