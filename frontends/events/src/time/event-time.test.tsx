import { renderWithUi } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventTime } from './event-time';

describe('EventTime', () => {
  const startsAt = '2026-12-04T23:00:00.000Z';
  const endsAt = '2026-12-05T02:00:00.000Z';

  it('shows the time in the event’s zone, and the viewer’s when their clocks differ', () => {
    renderWithUi(
      <EventTime
        startsAt={startsAt}
        endsAt={endsAt}
        timeZone="Australia/Melbourne"
        viewerTimeZone="Europe/Berlin"
      />,
    );
    expect(screen.getByText('Sat, 5 Dec 2026, 10:00 am – 1:00 pm AEDT')).toHaveAttribute(
      'datetime',
      startsAt,
    );
    expect(screen.getByTestId('viewer-time')).toHaveTextContent(
      'Your time: Sat, 5 Dec 2026, 12:00 am – 3:00 am GMT+1',
    );
  });

  it('shows one time when the viewer is in the event’s zone', () => {
    renderWithUi(
      <EventTime
        startsAt={startsAt}
        endsAt={endsAt}
        timeZone="Australia/Melbourne"
        viewerTimeZone="Australia/Melbourne"
      />,
    );
    expect(screen.getByText(/10:00 am – 1:00 pm AEDT/)).toBeInTheDocument();
    expect(screen.queryByTestId('viewer-time')).not.toBeInTheDocument();
  });
});
