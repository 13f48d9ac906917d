import { renderWithUi } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BringList, bringNoteProblem } from './bring-list';
import { BringNoteEditor } from './bring-note-editor';

describe('BringList', () => {
  it('lists who brings what, leaving out answers without a note', () => {
    renderWithUi(
      <MemoryRouter>
        <BringList
          dateLabel="Sat, 5 Dec"
          entries={[
            { username: 'maria', status: 'GOING', note: 'two monstera cuttings' },
            { username: 'fern', status: 'MAYBE', note: '' },
            { username: 'ivy', status: 'MAYBE', note: 'tea and biscuits' },
          ]}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'What people bring on Sat, 5 Dec' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('maria (going)two monstera cuttings');
    expect(items[1]).toHaveTextContent('ivy (maybe)tea and biscuits');
    expect(within(items[0]!).getByRole('link', { name: 'maria' })).toHaveAttribute(
      'href',
      '/maria',
    );
  });

  it('says so when nobody has said what they bring', () => {
    renderWithUi(<BringList dateLabel="Sat, 5 Dec" entries={[]} />);
    expect(screen.getByText('Nobody has said what they bring yet.')).toBeInTheDocument();
  });

  it('allows 140 characters, counting emoji as one', () => {
    expect(bringNoteProblem('🌱'.repeat(140))).toBeNull();
    expect(bringNoteProblem('a'.repeat(141))).toBe('Keep it to 140 characters.');
  });
});

describe('BringNoteEditor', () => {
  it('saves the trimmed note and confirms', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithUi(<BringNoteEditor value="" onSave={onSave} dateLabel="Sat, 5 Dec" />);

    const field = screen.getByRole('textbox', { name: 'I bring' });
    await user.type(field, '  two monstera cuttings ');
    expect(screen.getByText('119 characters left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith('two monstera cuttings');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('refuses a note that is too long without calling the API', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithUi(<BringNoteEditor value="" onSave={onSave} dateLabel="Sat, 5 Dec" />);

    await user.click(screen.getByRole('textbox', { name: 'I bring' }));
    await user.paste('x'.repeat(150));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Keep it to 140 characters.')).toBeInTheDocument();
  });

  it('shows the API’s refusal and removes a note when emptied', async () => {
    const user = userEvent.setup();
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new Error('Answer Going or Maybe first.'))
      .mockResolvedValueOnce(undefined);
    renderWithUi(<BringNoteEditor value="seedlings" onSave={onSave} dateLabel="Sat, 5 Dec" />);

    const field = screen.getByRole('textbox', { name: 'I bring' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Answer Going or Maybe first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onSave.mock.calls).toEqual([[''], ['']]);
  });
});
