import {
  fail,
  fakePost,
  fakeResponder,
  fakeTag,
  ok,
  okWith,
  type FakeApi,
} from '@plantfolk/api-client/testing';
import type { InterestType, Tag } from '@plantfolk/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browseAsGuest, fakeApi, renderSocial, signIn } from '../testing/social-test-kit';

const fern = fakeResponder();
const ferns = fakeTag({ name: 'ferns', post_count: 1234, follower_count: 1 });
const succulents = fakeTag({ name: 'succulents', follower_count: 5678 });
const houseplants = fakeTag({ name: 'houseplants', is_parent: true, follower_count: 10 });

/**
 * The interests of fern as the API keeps them: answers user-interests, new-interests,
 * delete-interests and check-if-last from one list, so the screens see their own changes.
 */
function interestsApi(api: FakeApi, held: { tag: Tag; interest_type: InterestType }[]) {
  return api
    .on('GET', `/api/iam/tags/user-interests/${fern.uuid}`, () => ok([...held]))
    .on('POST', '/api/iam/tags/new-interests', (request) => {
      const { tagIdArr, interestType } = request.body as {
        tagIdArr: number[];
        interestType: InterestType;
      };
      for (const id of tagIdArr) {
        const tag = [ferns, succulents, houseplants].find((candidate) => candidate.id === id)!;
        held.push({ tag, interest_type: interestType });
      }
      return ok(held, 201);
    })
    .on('DELETE', '/api/iam/tags/delete-interests', (request) => {
      const { tagIdArr, interestType } = request.body as {
        tagIdArr: number[];
        interestType: InterestType;
      };
      const deleted = held
        .filter((item) => item.interest_type === interestType && tagIdArr.includes(item.tag.id))
        .map((item) => item.tag.id);
      held.splice(
        0,
        held.length,
        ...held.filter(
          (item) => !(item.interest_type === interestType && deleted.includes(item.tag.id)),
        ),
      );
      return ok({ deleted, decremented: deleted });
    })
    .on('PUT', '/api/iam/tags/check-if-last', (request) => {
      const { tagIdArr } = request.body as { tagIdArr: number[] };
      return ok({ last: held.every((item) => tagIdArr.includes(item.tag.id)) });
    });
}

describe('tag page', () => {
  it('shows a guest the tag and its public posts', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on('GET', '/api/iam/tags/get-single/name/ferns', ok(ferns))
      .on(
        'GET',
        '/api/posts/tag/ferns',
        okWith(
          { items: [fakePost({ text: 'Maidenhair fern', tags: [ferns] })], next_cursor: null },
          [fern],
        ),
      );
    renderSocial('/tag/ferns');

    expect(await screen.findByRole('heading', { level: 1, name: 'ferns' })).toBeInTheDocument();
    expect(await screen.findByText('1,234 posts · 1 follower')).toBeInTheDocument();
    const feed = await screen.findByRole('feed', { name: 'Posts tagged ferns' });
    expect(within(feed).getByText('Maidenhair fern')).toBeInTheDocument();
    expect(within(feed).getByRole('link', { name: '#ferns' })).toHaveAttribute(
      'href',
      '/tag/ferns',
    );
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(api.requestsTo('GET', '/api/iam/posts/tag/ferns')).toHaveLength(0);
  });

  it('goes to the stored form of a tag name', async () => {
    browseAsGuest();
    fakeApi()
      .on('GET', /^\/api\/iam\/tags\/get-single\//, ok(fakeTag({ name: 'house-plants' })))
      .on('GET', /^\/api\/posts\/tag\//, okWith({ items: [], next_cursor: null }, []));
    const { router } = renderSocial('/tag/House%20Plants');

    await waitFor(() => expect(router.state.location.pathname).toBe('/tag/house-plants'));
    expect(
      await screen.findByText('No posts tagged #house-plants that you can see.'),
    ).toBeInTheDocument();
  });

  it('says so when nobody has used the tag yet', async () => {
    browseAsGuest();
    fakeApi()
      .on('GET', '/api/iam/tags/get-single/name/moss', fail(404, 'TAG_NOT_FOUND'))
      .on('GET', '/api/posts/tag/moss', okWith({ items: [], next_cursor: null }, []));
    renderSocial('/tag/moss');

    expect(await screen.findByText('Nobody has used this tag yet.')).toBeInTheDocument();
  });

  it('lets a member follow the tag, and warns before unfollowing their last interest', async () => {
    signIn();
    const api = interestsApi(
      fakeApi()
        .on('GET', '/api/iam/tags/get-single/name/ferns', ok(ferns))
        .on('GET', '/api/iam/posts/tag/ferns', okWith({ items: [], next_cursor: null }, [])),
      [],
    );
    renderSocial('/tag/ferns');
    const user = userEvent.setup();

    const follow = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(follow).not.toHaveAttribute('data-loading'));
    await user.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(api.requestsTo('POST', '/api/iam/tags/new-interests')[0]!.body).toEqual({
      tagIdArr: [ferns.id],
      interestType: 'follow',
    });

    await user.click(following);
    const dialog = await screen.findByRole('dialog', { name: 'Remove your last interest?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Following' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove your last interest?' })).getByRole(
        'button',
        { name: 'Remove' },
      ),
    );
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')[0]!.body).toEqual({
      tagIdArr: [ferns.id],
      interestType: 'follow',
    });
    expect(api.requestsTo('GET', '/api/iam/posts/tag/ferns')).toHaveLength(1);
  });
});

describe('interests', () => {
  const categories = [{ ...houseplants, children: [ferns, succulents] }];

  it('adds and removes interests by category, warning before the last one goes', async () => {
    signIn();
    const api = interestsApi(
      fakeApi().on('GET', '/api/iam/tags/interest-cat-tags', ok(categories)),
      [{ tag: ferns, interest_type: 'follow' }],
    );
    renderSocial('/user/interests');
    const user = userEvent.setup();

    const group = await screen.findByRole('group', { name: 'Tags in Houseplants' });
    const chip = (name: RegExp) => within(group).getByRole('checkbox', { name });
    expect(chip(/#ferns/)).toBeChecked();
    expect(chip(/#succulents/)).not.toBeChecked();
    expect(within(group).getByText('5,678')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save follow interests' });
    expect(save).toBeDisabled();

    await user.click(chip(/#succulents/));
    await user.click(save);
    expect(await screen.findByText('Your interests are saved.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/tags/new-interests')[0]!.body).toEqual({
      tagIdArr: [succulents.id],
      interestType: 'follow',
    });

    // Dropping both: they are the last ones, so the viewer is asked first.
    await user.click(chip(/#ferns/));
    await user.click(chip(/#succulents/));
    await user.click(screen.getByRole('button', { name: 'Save follow interests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your last interest?' });
    expect(api.requestsTo('PUT', '/api/iam/tags/check-if-last')[0]!.body).toEqual({
      tagIdArr: [ferns.id, succulents.id],
    });
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')).toHaveLength(1),
    );
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')[0]!.body).toEqual({
      tagIdArr: [ferns.id, succulents.id],
      interestType: 'follow',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove your last interest?' })).toBeNull(),
    );
    expect(chip(/#ferns/)).not.toBeChecked();
  });

  it('keeps each kind of interest apart', async () => {
    signIn();
    interestsApi(fakeApi().on('GET', '/api/iam/tags/interest-cat-tags', ok(categories)), [
      { tag: ferns, interest_type: 'follow' },
      { tag: succulents, interest_type: 'grow' },
    ]);
    renderSocial('/user/interests');
    const user = userEvent.setup();

    const group = await screen.findByRole('group', { name: 'Tags in Houseplants' });
    expect(within(group).getByRole('checkbox', { name: /#ferns/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Grow' }));

    const grow = await screen.findByRole('group', { name: 'Tags in Houseplants' });
    expect(within(grow).getByRole('checkbox', { name: /#ferns/ })).not.toBeChecked();
    expect(within(grow).getByRole('checkbox', { name: /#succulents/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save grow interests' })).toBeDisabled();
  });

  it('lists my interests and removes one at once while others remain', async () => {
    signIn();
    const api = interestsApi(fakeApi(), [
      { tag: ferns, interest_type: 'follow' },
      { tag: succulents, interest_type: 'want' },
    ]);
    renderSocial('/user/my-interests');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Looking for' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Growing' })).toBeNull();
    expect(screen.getByRole('link', { name: '#ferns' })).toHaveAttribute('href', '/tag/ferns');
    expect(screen.getByText('5,678 followers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove ferns from following' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: '#ferns' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')[0]!.body).toEqual({
      tagIdArr: [ferns.id],
      interestType: 'follow',
    });
  });

  it('asks before removing the last of my interests', async () => {
    signIn();
    const api = interestsApi(fakeApi(), [{ tag: ferns, interest_type: 'follow' }]);
    renderSocial('/user/my-interests');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove ferns from following' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your last interest?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('link', { name: '#ferns' })).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove ferns from following' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove your last interest?' })).getByRole(
        'button',
        { name: 'Remove' },
      ),
    );
    expect(await screen.findByText(/You have no interests yet./)).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/iam/tags/delete-interests')).toHaveLength(1);
  });
});
