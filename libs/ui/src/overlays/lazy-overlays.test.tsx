import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing';
import { Drawer, Modal, Tooltip } from './lazy-overlays';

function ModalDemo({ Overlay }: { Overlay: typeof Modal | typeof Drawer }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Overlay opened={opened} onClose={() => setOpened(false)} title="Settings">
        <p>Inside</p>
      </Overlay>
    </>
  );
}

describe('the overlays that load on first use', () => {
  it.each([
    ['Modal', Modal],
    ['Drawer', Drawer],
  ] as const)(
    '%s renders nothing until it first opens, then the real dialog',
    async (_, Overlay) => {
      renderWithUi(<ModalDemo Overlay={Overlay} />);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByText('Inside')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole('dialog', { name: 'Settings' });
      expect(dialog).toHaveTextContent('Inside');

      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );

  it('Tooltip shows its target alone, and the label once the pointer has reached it', async () => {
    renderWithUi(
      <Tooltip label="Visible to everyone">
        <button type="button">Public</button>
      </Tooltip>,
    );
    const target = screen.getByRole('button', { name: 'Public' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(target);
    // The real tooltip takes over the target; the next move over it opens the label.
    await waitFor(() => {
      fireEvent.mouseMove(screen.getByRole('button', { name: 'Public' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Visible to everyone');
    });
  });

  it('Tooltip gives the focus back to a target that took it before the code came', async () => {
    renderWithUi(
      <Tooltip label="Visible to everyone">
        <button type="button">Public</button>
      </Tooltip>,
    );
    const before = screen.getByRole('button', { name: 'Public' });
    await userEvent.tab();
    // The real tooltip mounts the target anew; the new one has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Public' })).not.toBe(before));
    expect(screen.getByRole('button', { name: 'Public' })).toHaveFocus();
  });
});
