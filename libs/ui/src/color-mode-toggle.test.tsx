import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ColorModeToggle } from './color-mode-toggle';
import { renderWithUi } from './testing';

describe('ColorModeToggle', () => {
  it('cycles auto → light → dark and remembers the choice under localStorage "color-mode"', async () => {
    const user = userEvent.setup();
    renderWithUi(<ColorModeToggle />);

    const toggle = screen.getByRole('button', { name: /Colour mode: same as device/ });
    await user.click(toggle);
    expect(window.localStorage.getItem('color-mode')).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');

    await user.click(screen.getByRole('button', { name: /Colour mode: light/ }));
    expect(window.localStorage.getItem('color-mode')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('starts from the mode stored earlier', () => {
    window.localStorage.setItem('color-mode', 'dark');
    renderWithUi(<ColorModeToggle />);
    expect(screen.getByRole('button', { name: /Colour mode: dark/ })).toBeInTheDocument();
  });
});
