import { renderWithUi } from '@plantfolk/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdateNoticeView } from './update-notice';

describe('UpdateNoticeView', () => {
  it('announces the new version and reloads on request', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const onDismiss = vi.fn();
    renderWithUi(<UpdateNoticeView onReload={onReload} onDismiss={onDismiss} />);

    expect(screen.getByRole('status')).toHaveTextContent('A new version of Plantfolk is available');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
