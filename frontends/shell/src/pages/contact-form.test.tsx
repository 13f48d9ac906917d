import { createFakeApi, fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';

const rules = (replyEmailRequired: boolean, token = 'token-1') =>
  ok({
    kinds: ['contact', 'feedback'],
    subject_max: 150,
    text_min: 10,
    text_max: 5000,
    reply_email_required: replyEmailRequired,
    form_token: token,
  });

/** Pastes rather than types: typing long texts key by key is slow on a busy machine. */
async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fill(form: HTMLElement, subject: string, text: string) {
  await paste(within(form).getByRole('textbox', { name: /^Subject/ }), subject);
  await paste(within(form).getByRole('textbox', { name: /^Your message/ }), text);
}

describe('the contact form on /about', () => {
  it('asks a guest for a reply address and sends the entry with the form token', async () => {
    const api = createFakeApi()
      .on('GET', '/api/iam/forms/validate', rules(true))
      .on('POST', '/api/iam/forms/new', ok({ id: 'x', kind: 'contact', created_at: '' }, 201));
    renderShell('/about', {}, { api });

    const form = await screen.findByRole('form', { name: 'Contact and feedback' });
    await userEvent.click(within(form).getByRole('radio', { name: 'A question for the team' }));
    await fill(form, 'Swap rules', 'Can I list seeds as well as cuttings?');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Leave an address so we can answer you')).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/forms/new')).toHaveLength(0);

    await paste(
      within(form).getByRole('textbox', { name: /^Your e-mail address/ }),
      'fern@example.com',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(
      await within(form).findByText('Thank you, your message is with the team.'),
    ).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/forms/new')[0]?.body).toEqual({
      kind: 'contact',
      subject: 'Swap rules',
      text: 'Can I list seeds as well as cuttings?',
      replyEmail: 'fern@example.com',
      form_token: 'token-1',
    });
  });

  it('says so when the API finds it was sent too quickly', async () => {
    const api = createFakeApi()
      .on('GET', '/api/iam/forms/validate', rules(true))
      .on('POST', '/api/iam/forms/new', fail(400, 'FORM_TOO_QUICK'));
    renderShell('/about', {}, { api });

    const form = await screen.findByRole('form', { name: 'Contact and feedback' });
    await fill(form, 'Hello', 'A quick hello to the team');
    await paste(
      within(form).getByRole('textbox', { name: /^Your e-mail address/ }),
      'fern@example.com',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That was quick!');
    await waitFor(() => expect(api.requestsTo('GET', '/api/iam/forms/validate')).toHaveLength(2));
  });

  it('checks the message length before sending', async () => {
    const api = createFakeApi().on('GET', '/api/iam/forms/validate', rules(false));
    renderShell('/about', {}, { api });

    const form = await screen.findByRole('form', { name: 'Contact and feedback' });
    await fill(form, 'Short', 'hi');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Write at least 10 characters')).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/forms/new')).toHaveLength(0);
  });
});
