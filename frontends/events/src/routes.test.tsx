import { isReservedHandle } from '@plantfolk/api-client';
import { describeRouteContract, renderRoutes } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('events routes', () => {
  it('registers only the routes it implements', () => {
    expect(routes.map((route) => route.path)).toEqual(['/events']);
  });

  it('shows the events page with an honest empty state', async () => {
    renderRoutes(routes, '/events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const emptyState = screen.getByTestId('events-empty-state');
    expect(within(emptyState).getByText('There are no events yet')).toBeInTheDocument();
    expect(within(emptyState).getByRole('link', { name: /Join/ })).toHaveAttribute('href', '/join');
  });

  it('explains attendance per date with the three answers', async () => {
    renderRoutes(routes, '/events');

    const answers = await screen.findByRole('region', { name: 'Your answer for each date' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Going', 'Maybe', 'Not going']);
  });
});

describeRouteContract('events', routes, { '/events': 'guest-or-authd' }, isReservedHandle);
