import { renderWithUi } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AttendanceControl } from './attendance-control';

const counts = { GOING: 3, MAYBE: 1, NOT_GOING: 0 };

describe('AttendanceControl', () => {
  it('shows the three answers with their counts and which one is the member’s', () => {
    renderWithUi(
      <AttendanceControl dateLabel="Sat, 5 Dec" counts={counts} value="MAYBE" onChange={vi.fn()} />,
    );
    const group = screen.getByRole('group', { name: 'Your answer for Sat, 5 Dec' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Going3, 3 people',
      'Maybe1, 1 person',
      'Not going0, 0 people',
    ]);
    expect(within(group).getByRole('button', { name: /^Maybe/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group).getByRole('button', { name: /^Going/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('answers with the button pressed, from the keyboard too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithUi(
      <AttendanceControl dateLabel="Sat, 5 Dec" counts={counts} value={null} onChange={onChange} />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: /^Not going/ }));
    expect(onChange.mock.calls).toEqual([['GOING'], ['NOT_GOING']]);
  });

  it('holds the other answers while one is on its way', () => {
    renderWithUi(
      <AttendanceControl
        dateLabel="Sat, 5 Dec"
        counts={counts}
        value={null}
        pending="GOING"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /^Maybe/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Not going/ })).toBeDisabled();
  });

  it('shows a guest the counts and how to answer', () => {
    renderWithUi(
      <MemoryRouter>
        <AttendanceControl
          dateLabel="Sat, 5 Dec"
          counts={counts}
          value={null}
          signInHref="/auth/login?redirect=%2Fevent%2Fabc"
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const answers = screen.getByRole('list', { name: 'Answers for Sat, 5 Dec' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Going: 3', 'Maybe: 1', 'Not going: 0']);
    expect(screen.getByRole('link', { name: 'Log in to answer' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fevent%2Fabc',
    );
  });
});
