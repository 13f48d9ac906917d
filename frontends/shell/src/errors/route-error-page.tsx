import {
  defaultStatusText,
  ErrorView,
  PageLoader,
  PlantfolkMark,
  Stack,
  Title,
} from '@plantfolk/ui';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isBot } from './bot-detection';
import { canReloadAfterChunkError, isChunkLoadError, rememberChunkReload } from './chunk-reload';
import { reloadPage } from './reload-page';

export interface ErrorDescription {
  status: number;
  statusText: string;
  message: string;
}

/** Turns whatever a route threw into the status, status message and message of the error page. */
export function describeRouteError(error: unknown, pathname: string): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string' && data
        ? data
        : typeof data === 'object' && data !== null && 'message' in data
          ? String(data.message)
          : error.status === 404
            ? `Page Not Found: ${pathname}`
            : '';
    return {
      status: error.status,
      statusText: error.statusText || defaultStatusText(error.status),
      message,
    };
  }
  const status = httpStatusOf(error) ?? 500;
  return {
    status,
    statusText: defaultStatusText(status),
    message: error instanceof Error ? error.message : 'Something went wrong.',
  };
}

/** Errors from the API client carry the HTTP status of the failed call. */
function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : null;
}

/** The router's error boundary (errorElement). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const [reloading] = useState(() => isChunkLoadError(error) && canReloadAfterChunkError(pathname));

  useEffect(() => {
    if (!reloading) return;
    rememberChunkReload(pathname);
    reloadPage();
  }, [reloading, pathname]);

  if (isBot(navigator.userAgent)) return <BotPage />;
  if (reloading) return <PageLoader label="Loading the latest version of Plantfolk" />;
  const { status, statusText, message } = describeRouteError(error, pathname);
  return (
    <ErrorView
      status={status}
      statusText={statusText}
      message={message}
      onRetry={status >= 500 ? reloadPage : undefined}
    />
  );
}

/** Crawlers get a bare page with nothing about the error. */
function BotPage() {
  return (
    <Stack align="center" py={80} data-testid="bot-page">
      <PlantfolkMark size={40} />
      <Title order={1} size="h3">
        Plantfolk
      </Title>
    </Stack>
  );
}
