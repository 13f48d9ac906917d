import type { TagTree } from '@plantfolk/api-client';
import { fail, fakeTag, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

const TREE = '/api/iam/tags/admin/tree';
const houseplants = fakeTag({ id: 10, name: 'houseplants', is_parent: true });
const ferns = fakeTag({ id: 11, name: 'ferns', parent_id: 10, group_id: 1, post_count: 4 });
const fern = fakeTag({ id: 12, name: 'fern', post_count: 2, follower_count: 1 });
const monstera = fakeTag({ id: 13, name: 'monstera' });

function tree(overrides: Partial<TagTree> = {}): TagTree {
  return {
    groups: [{ id: 1, name: 'Indoor plants' }],
    categories: [{ ...houseplants, children: [ferns] }],
    loose: [fern, monstera],
    loose_truncated: false,
    ...overrides,
  };
}

describe('/admin/tags', () => {
  const admin = signedInAdmin((api) => api.on('GET', TREE, ok(tree())));

  it('shows categories whose tags open by keyboard, groups and the other tags, under the admin navigation', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/tags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin screens' });
    expect(within(nav).getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );

    const toggle = await screen.findByRole('button', { name: 'Show the 1 tags under houseplants' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('tag-row-ferns')).not.toBeVisible();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const row = screen.getByTestId('tag-row-ferns');
    expect(row).toBeVisible();
    expect(within(row).getByText('Indoor plants')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Other tags' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('asks for a prefix of the other tags', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/tags');
    await user.type(await screen.findByLabelText('Names starting with'), 'Mon');
    await waitFor(() =>
      expect(
        admin.api
          .requestsTo('GET', TREE)
          .some((request) => request.url.searchParams.get('q') === 'mon'),
      ).toBe(true),
    );
  });

  it('renames a tag and sets its group, sending only what changed', async () => {
    const user = userEvent.setup();
    admin.api.on('PUT', '/api/iam/tags/update', ok({ ...fern, name: 'ferny' }));
    renderAdmin('/admin/tags');
    await user.click(await screen.findByRole('button', { name: 'Edit fern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “fern”' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'ferny');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(admin.api.requestsTo('PUT', '/api/iam/tags/update')).toHaveLength(1),
    );
    expect(admin.api.requestsTo('PUT', '/api/iam/tags/update')[0].body).toEqual({
      tagDetails: { id: 12, name: 'ferny' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('merges a tag into another after a confirm that says what moves, and shows a refusal', async () => {
    const user = userEvent.setup();
    admin.api.on('POST', '/api/iam/tags/admin/merge', fail(400, 'INVALID_PARENT', 'Not like that'));
    renderAdmin('/admin/tags');
    await user.click(await screen.findByRole('button', { name: 'Merge fern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge “fern” into another tag' });
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await user.click(within(dialog).getByPlaceholderText('Pick the tag that stays'));
    await user.click(await screen.findByRole('option', { name: 'ferns' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The 2 public post(s), the pages, the 1 interest(s) and the tags under fern move to ferns, and fern is deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('Not like that')).toBeInTheDocument();
    expect(admin.api.requestsTo('POST', '/api/iam/tags/admin/merge')[0].body).toEqual({
      fromId: 12,
      intoId: 11,
    });
  });

  it('deletes a tag after a confirm', async () => {
    const user = userEvent.setup();
    admin.api.on('DELETE', '/api/iam/tags/monstera', ok({ deleted: true, id: 13 }));
    renderAdmin('/admin/tags');
    await user.click(await screen.findByRole('button', { name: 'Delete monstera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “monstera”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() =>
      expect(admin.api.requestsTo('DELETE', '/api/iam/tags/monstera')).toHaveLength(1),
    );
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderAdmin('/admin/tags');
    await screen.findByTestId('tag-row-fern');
    await expectNoAxeViolations(container);
  });
});
