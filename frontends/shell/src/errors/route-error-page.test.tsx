import { routeNotFound } from '@plantfolk/ui';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from './reload-page';
import { describeRouteError, RouteErrorPage } from './route-error-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

const chunkError = () =>
  Object.assign(new Error('Loading chunk 229 failed.'), { name: 'ChunkLoadError' });

function renderFailingRoute(path: string, error: () => unknown) {
  function Boom(): never {
    throw error();
  }
  return renderRoutes(
    [
      {
        path: '/event/:id',
        loader: ({ params }) => (params.id === 'bad' ? routeNotFound('/event/bad') : null),
        element: <p>event</p>,
        errorElement: <RouteErrorPage />,
      },
      { path: '*', element: <Boom />, errorElement: <RouteErrorPage /> },
    ],
    path,
  );
}

describe('RouteErrorPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.mocked(reloadPage).mockClear());

  it('shows status code, status message and message of an error', async () => {
    renderFailingRoute('/somewhere', () => new Error('The plant list could not be drawn'));

    expect(await screen.findByTestId('error-status')).toHaveTextContent('500');
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('The plant list could not be drawn')).toBeInTheDocument();
  });

  it("shows a failed route validation as a fatal 404 'Page Not Found: {path}'", async () => {
    renderFailingRoute('/event/bad', () => null);

    expect(await screen.findByTestId('error-status')).toHaveTextContent('404');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /event/bad')).toBeInTheDocument();
  });

  it('shows bots a bare page without the error', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    renderFailingRoute('/somewhere', () => new Error('secret detail'));

    expect(await screen.findByTestId('bot-page')).toBeInTheDocument();
    expect(screen.queryByText('secret detail')).not.toBeInTheDocument();
    expect(screen.queryByText('500')).not.toBeInTheDocument();
  });

  it('reloads the page after a chunk-load error, once per 10 seconds per path', async () => {
    const first = renderFailingRoute('/events', chunkError);
    expect(await screen.findByText('Loading the latest version of Plantfolk')).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('plantfolk:chunk-reload:/events')).not.toBeNull();
    first.unmount();

    renderFailingRoute('/events', chunkError);

    expect(await screen.findByTestId('error-status')).toHaveTextContent('500');
    expect(screen.getByText('Loading chunk 229 failed.')).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('describeRouteError', () => {
  it('uses the HTTP status of a failed API call', () => {
    const apiError = Object.assign(new Error('Not allowed'), { status: 403 });
    expect(describeRouteError(apiError, '/admin')).toEqual({
      status: 403,
      statusText: 'Internal Server Error',
      message: 'Not allowed',
    });
  });
});
