import { renderWithUi } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onceOnly, type Recurrence } from './recurrence';
import { RecurrencePicker } from './recurrence-picker';

function Harness({
  start = '2026-11-14T10:00',
  timeZone = 'Australia/Melbourne',
  onChange = () => {},
}: {
  start?: string;
  timeZone?: string;
  onChange?: (value: Recurrence) => void;
}) {
  const [value, setValue] = useState<Recurrence>(onceOnly);
  return (
    <RecurrencePicker
      value={value}
      start={start}
      timeZone={timeZone}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const previewDates = () =>
  within(screen.getByTestId('recurrence-preview'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('RecurrencePicker', () => {
  it('starts at once, with no preview of repeats', () => {
    renderWithUi(<Harness />);
    expect(screen.getByRole('radio', { name: 'Once' })).toBeChecked();
    expect(screen.queryByTestId('recurrence-preview')).not.toBeInTheDocument();
  });

  it('previews the next dates of a fortnightly event in its zone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithUi(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    const weeks = screen.getByRole('textbox', { name: /Every how many weeks/ });
    await user.clear(weeks);
    await user.type(weeks, '2');

    expect(screen.getByText('Every 2 weeks on Saturday, 4 times')).toBeInTheDocument();
    expect(previewDates()).toEqual([
      'Sat, 14 Nov 2026, 10:00 am',
      'Sat, 28 Nov 2026, 10:00 am',
      'Sat, 12 Dec 2026, 10:00 am',
      'Sat, 26 Dec 2026, 10:00 am',
    ]);
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ frequency: 'weekly', interval: 2 }),
    );
  });

  it('offers the day of the month or the nth weekday, and a last date', async () => {
    const user = userEvent.setup();
    renderWithUi(<Harness />);

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByRole('radio', { name: 'On day 14 of the month' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'On the second Saturday' }));
    await user.click(screen.getByRole('radio', { name: 'A last date' }));
    await user.type(screen.getByLabelText(/Last date/), '2027-01-31');

    expect(
      screen.getByText('Monthly on the second Saturday, until 31 Jan 2027'),
    ).toBeInTheDocument();
    expect(previewDates()).toEqual([
      'Sat, 14 Nov 2026, 10:00 am',
      'Sat, 12 Dec 2026, 10:00 am',
      'Sat, 9 Jan 2027, 10:00 am',
    ]);
  });

  it('says what is wrong instead of previewing a rule it cannot publish', async () => {
    const user = userEvent.setup();
    renderWithUi(<Harness />);

    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    const count = screen.getByRole('textbox', { name: /How many dates/ });
    await user.clear(count);
    await user.type(count, '1');

    expect(screen.getByRole('alert')).toHaveTextContent('A repeating event has 2 to 100 dates.');
    expect(screen.queryByTestId('recurrence-preview')).not.toBeInTheDocument();
  });
});
