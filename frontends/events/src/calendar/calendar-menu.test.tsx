import { renderWithUi } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CalendarMenu } from './calendar-menu';
import { webcalUrl } from './webcal';

describe('CalendarMenu', () => {
  const props = {
    dateIcsUrl: '/api/events/abc/dates/d1.ics',
    feedUrl: '/api/events/abc/calendar.ics',
    dateLabel: 'Sat, 5 Dec 2026',
    fileName: 'plant-swap-2026-12-05',
  };

  it('offers the date’s file, a subscription and the feed address, by keyboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithUi(<CalendarMenu {...props} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to calendar: Sat, 5 Dec 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const download = await screen.findByRole('menuitem', { name: 'Download this date (.ics)' });
    expect(download).toHaveAttribute('href', props.dateIcsUrl);
    expect(download).toHaveAttribute('download', 'plant-swap-2026-12-05.ics');
    expect(screen.getByRole('menuitem', { name: 'Subscribe to every date' })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}/api/events/abc/calendar.ics`,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Copy the feed address' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/events/abc/calendar.ics`);
    expect(
      await screen.findByRole('menuitem', { name: 'Feed address copied' }),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('turns any feed address into a webcal one', () => {
    expect(webcalUrl('https://plantfolk.example/api/events/x/calendar.ics?t=1')).toBe(
      'webcal://plantfolk.example/api/events/x/calendar.ics?t=1',
    );
    expect(webcalUrl('/feed.ics', 'http://localhost:4200')).toBe(
      'webcal://localhost:4200/feed.ics',
    );
  });
});
