import { isApiError } from '@plantfolk/api-client';
import type { SystemHealth } from './use-system-health';

export type ComponentStatus = 'up' | 'down' | 'unknown';

export interface HealthSummary {
  apiReachable: boolean;
  postgres: ComponentStatus;
  redis: ComponentStatus;
  version: string | null;
  /** Why the check failed, in words for the admin. */
  problem: string | null;
}

const asStatus = (value: unknown): ComponentStatus =>
  value === 'up' || value === 'down' ? value : 'unknown';

/** Reads the health answer, or the failure (a 503 names the component that is down). */
export function summarizeHealth(data: SystemHealth | undefined, error: unknown): HealthSummary {
  if (data) {
    return {
      apiReachable: true,
      postgres: asStatus(data.postgres),
      redis: asStatus(data.redis),
      version: data.version,
      problem: data.status === 'ok' ? null : 'Some parts of the system are degraded.',
    };
  }
  if (isApiError(error) && error.status === 503) {
    const details =
      typeof error.details === 'object' && error.details !== null
        ? (error.details as Record<string, unknown>)
        : {};
    return {
      apiReachable: true,
      postgres: asStatus(details.postgres),
      redis: asStatus(details.redis),
      version: typeof details.version === 'string' ? details.version : null,
      problem: error.message,
    };
  }
  return {
    apiReachable: false,
    postgres: 'unknown',
    redis: 'unknown',
    version: null,
    problem: `No answer from /api/health${error instanceof Error ? `: ${error.message}` : '.'} Check that the API is running.`,
  };
}
