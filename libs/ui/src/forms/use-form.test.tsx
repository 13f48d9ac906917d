import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../testing';
import { FormAlert } from './form-alert';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';
import { useForm } from './use-form';
import { Link } from 'react-router';

function EmailForm({ save }: { save: (values: { email: string }) => Promise<void> }) {
  const form = useForm({
    initialValues: { email: 'fern@example.com' },
    validate: (values) => ({
      // Any rule will do here; the real e-mail rule lives in @plantfolk/api-client.
      email: /^\S+@\S+$/.test(values.email)
        ? null
        : 'Enter an e-mail address like name@example.com',
    }),
    fieldForCode: { EMAIL_TAKEN: 'email' },
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        await save(values);
        form.resetTo();
      })}
      noValidate
    >
      <UnsavedChangesPrompt when={form.isDirtyNow} />
      <FormAlert message={form.formError} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <Button type="submit" loading={form.submitting}>
        Save
      </Button>
      <span>{form.isDirty ? 'Unsaved changes' : 'All saved'}</span>
      <Link to="/elsewhere">Elsewhere</Link>
    </form>
  );
}

function renderForm(save = vi.fn(async () => {})) {
  const view = renderRoutes([
    { path: '/', element: <EmailForm save={save} /> },
    { path: '/elsewhere', element: <h1>Elsewhere</h1> },
  ]);
  return { ...view, save, user: userEvent.setup() };
}

describe('useForm', () => {
  it('blocks the submit with a message at the field, and focuses it', async () => {
    const { user, save } = renderForm();
    const email = screen.getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not-an-address');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter an e-mail address like name@example.com')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
  });

  it('shows an API error at the field it belongs to', async () => {
    const save = vi.fn(async () => {
      throw { code: 'EMAIL_TAKEN', message: 'That address is taken.' };
    });
    const { user } = renderForm(save);
    await user.type(screen.getByLabelText('E-mail'), 'x');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('That address is taken.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows any other API error in the alert above the form', async () => {
    const save = vi.fn(async () => {
      throw { code: 'INTERNAL', message: 'The server had a problem.' };
    });
    const { user } = renderForm(save);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem.');
  });

  it('counts only trimmed changes as unsaved', async () => {
    const { user } = renderForm();
    const email = screen.getByLabelText('E-mail');

    await user.type(email, '  ');
    expect(screen.getByText('All saved')).toBeInTheDocument();

    await user.type(email, 'x');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});

describe('UnsavedChangesPrompt', () => {
  it('asks before leaving a dirty form, and stays when asked to', async () => {
    const { user, router } = renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'x');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(await screen.findByText('Discard unsaved changes?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('lets a clean or just-saved form go without asking', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('All saved');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });
});
