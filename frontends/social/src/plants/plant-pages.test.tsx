import {
  fail,
  fakePhoto,
  fakePlantListing,
  fakeResponder,
  fakeUploadedPhoto,
  ok,
  okWith,
} from '@plantfolk/api-client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  controlUploads,
  fakeApi,
  fileInput,
  maria,
  picture,
  renderSocial,
  signIn,
  stubCanvas,
} from '../testing/social-test-kit';
import { savePlantDraft } from './plant-draft';

const fern = fakeResponder();
const noComments = okWith({ items: [], next_cursor: null }, []);

/** Puts text into a field as pasting does. */
async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// The listings' photos decode their blurhash into a canvas.
beforeEach(stubCanvas);

describe('plant page', () => {
  it('shows a guest a listing that is no longer available, with what its photos show', async () => {
    browseAsGuest();
    const listing = fakePlantListing(
      { name: 'String of pearls', available: false, quantity: 1 },
      { photos: [fakePhoto({ description: 'Roots after two weeks in water' })] },
    );
    const api = fakeApi()
      .on('GET', `/api/plant/${listing.plant!.id}`, okWith(listing, [fern]))
      .on('GET', `/api/iam/posts/comments/${listing.random_id}`, noComments);
    renderSocial(`/plant/${listing.plant!.id}`);

    expect(await screen.findByRole('heading', { name: 'String of pearls' })).toBeInTheDocument();
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(screen.queryByText('Available')).toBeNull();
    expect(screen.getByRole('heading', { name: 'About the photos' })).toBeInTheDocument();
    expect(screen.getByText('Roots after two weeks in water')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit listing' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('String of pearls · Plantfolk'));
    expect(api.requestsTo('GET', /^\/api\/iam\/posts\/plant\//)).toHaveLength(0);
  });

  it('offers the owner to edit the listing', async () => {
    signIn();
    const listing = fakePlantListing({ name: 'Monstera cutting' });
    fakeApi()
      .on('GET', `/api/iam/posts/plant/${listing.plant!.id}`, okWith(listing, [fern]))
      .on('GET', `/api/iam/posts/comments/${listing.random_id}`, noComments);
    renderSocial(`/plant/${listing.plant!.id}`);

    expect(await screen.findByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      `/profile/plants/edit/${listing.plant!.id}`,
    );
    expect(screen.getByText('Available')).toBeInTheDocument();
  });

  it('fills in the author when the answer names none', async () => {
    browseAsGuest();
    const listing = fakePlantListing({ name: 'Pilea' });
    fakeApi()
      .on('GET', `/api/plant/${listing.plant!.id}`, okWith(listing, []))
      .on('GET', `/api/user/get-user-by-uuid/${fern.uuid}`, ok(fern))
      .on('GET', `/api/iam/posts/comments/${listing.random_id}`, noComments);
    renderSocial(`/plant/${listing.plant!.id}`);

    expect(await screen.findByRole('article', { name: 'fern' })).toBeInTheDocument();
  });

  it('shows the not-found page for a listing that does not exist', async () => {
    browseAsGuest();
    fakeApi().on('GET', '/api/plant/missing', fail(404, 'PLANT_NOT_FOUND'));
    renderSocial('/plant/missing');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('listing a plant', () => {
  it('uploads the photos with what they show, then publishes the details', async () => {
    signIn();
    const uploads = controlUploads();
    const uploaded = fakeUploadedPhoto();
    const created = fakePlantListing({ name: 'Monstera cutting', quantity: 3 });
    const api = fakeApi()
      .on('POST', '/api/iam/posts/plant/new', ok(created, 201))
      .on('GET', `/api/iam/posts/plant/${created.plant!.id}`, okWith(created, [fern]))
      .on('GET', `/api/iam/posts/comments/${created.random_id}`, noComments);
    const { router } = renderSocial('/profile/plants/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Next: details' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one photo of the plant.');

    await user.upload(fileInput(), picture('cutting.png'));
    act(() => uploads[0]!.finish([uploaded]));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('1 of 10 photos')).toBeInTheDocument();
    await write(
      user,
      screen.getByRole('textbox', { name: 'Description of photo 1' }),
      'Three nodes, rooted',
    );
    await write(user, screen.getByRole('textbox', { name: 'Alt text for photo 1' }), 'A cutting');
    await user.click(screen.getByRole('button', { name: 'Next: details' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/plants/create2'));
    const form = await screen.findByRole('form', { name: 'Plant details' });
    expect(within(form).getByRole('img', { name: 'A cutting' })).toBeInTheDocument();

    // The name is required.
    await user.click(within(form).getByRole('button', { name: 'Publish listing' }));
    expect(await within(form).findByText('Give the plant a name.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/posts/plant/new')).toHaveLength(0);

    await write(
      user,
      within(form).getByRole('textbox', { name: 'Plant name' }),
      ' Monstera cutting ',
    );
    await write(user, within(form).getByRole('textbox', { name: 'Quantity' }), '3');
    await write(user, within(form).getByRole('textbox', { name: 'Swap terms' }), 'A fern');
    await user.click(within(form).getByRole('radio', { name: 'Members' }));
    await write(
      user,
      within(form).getByRole('textbox', { name: 'Description' }),
      'Pick up in Fitzroy',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish listing' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/plant/${created.plant!.id}`));
    expect(api.requestsTo('POST', '/api/iam/posts/plant/new')[0]!.body).toEqual({
      text: 'Pick up in Fitzroy',
      privacy: 'members',
      tags: [],
      photos: [{ ref: uploaded.ref, alt_text: 'A cutting', description: 'Three nodes, rooted' }],
      plant: {
        name: 'Monstera cutting',
        species: null,
        available: true,
        quantity: 3,
        swap_terms: 'A fern',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Monstera cutting' })).toBeInTheDocument();
    // The draft is gone: starting again starts from no photos.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('takes a message back once it no longer holds: a photo added, the uploads finished', async () => {
    signIn();
    const uploads = controlUploads();
    fakeApi();
    renderSocial('/profile/plants/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Next: details' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one photo of the plant.');
    await user.upload(fileInput(), picture('cutting.png'));
    expect(screen.queryByText('Add at least one photo of the plant.')).toBeNull();
    // Nothing new is said until Next is pressed again.
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next: details' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Wait a moment: the photos are still uploading.',
    );
    act(() => uploads[0]!.finish([fakeUploadedPhoto()]));
    await waitFor(() => expect(screen.queryByText(/still uploading/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the details when publishing fails', async () => {
    signIn();
    savePlantDraft({
      photos: [{ ...fakeUploadedPhoto(), alt_text: 'A cutting', description: '' }],
    });
    fakeApi().on(
      'POST',
      '/api/iam/posts/plant/new',
      fail(400, 'UPLOAD_NOT_FOUND', 'A photo has expired. Upload it again.'),
    );
    renderSocial('/profile/plants/create2');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Plant details' });

    await write(user, within(form).getByRole('textbox', { name: 'Plant name' }), 'Pothos');
    await user.click(within(form).getByRole('button', { name: 'Publish listing' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A photo has expired. Upload it again.',
    );
    expect(within(form).getByRole('textbox', { name: 'Plant name' })).toHaveValue('Pothos');
  });

  it('sends step 2 back to the photos when there are none yet', async () => {
    signIn();
    fakeApi();
    const { router } = renderSocial('/profile/plants/create2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/plants/create'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Start with the photos of your plant.',
    );
  });
});

describe('editing a plant listing', () => {
  function ownListing() {
    const listing = fakePlantListing(
      { name: 'Monstera cutting', quantity: 2, swap_terms: null, species: null },
      { photos: [fakePhoto({ description: 'Before', alt_text: 'The cutting' })] },
    );
    const api = fakeApi().on(
      'GET',
      `/api/iam/posts/plant/${listing.plant!.id}`,
      okWith(listing, [fern]),
    );
    return { api, listing };
  }

  it('saves the details; the listing is bumped', async () => {
    signIn();
    const { api, listing } = ownListing();
    api.on('PUT', '/api/iam/posts/plant/update/details', (request) => {
      const body = request.body as { plant: { name: string; available: boolean } };
      return ok({
        ...listing,
        updated_at: new Date().toISOString(),
        plant: { ...listing.plant!, ...body.plant, availability: 'Not available' },
      });
    });
    renderSocial(`/profile/plants/edit/${listing.plant!.id}`);
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Plant details' });
    expect(screen.getByRole('heading', { name: 'Edit Monstera cutting' })).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();
    const name = within(form).getByRole('textbox', { name: 'Plant name' });
    await user.clear(name);
    await write(user, name, 'Rooted monstera');
    await user.click(within(form).getByRole('switch', { name: /Available/ }));
    await user.click(save);

    expect(
      await screen.findByText('Saved. The listing is at the top of the lists again.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/iam/posts/plant/update/details')[0]!.body).toEqual({
      postId: listing.id,
      userId: fern.uuid,
      plant: {
        name: 'Rooted monstera',
        species: null,
        available: false,
        quantity: 2,
        swap_terms: null,
      },
      privacy: 'public',
    });
    expect(screen.getByRole('heading', { name: 'Edit Rooted monstera' })).toBeInTheDocument();
  });

  it('saves the photo descriptions', async () => {
    signIn();
    const { api, listing } = ownListing();
    api.on('PUT', '/api/iam/posts/plant/update/photo-descriptions', (request) => {
      const [photo] = (request.body as { plantPhotos: { description: string }[] }).plantPhotos;
      return ok({
        ...listing,
        updated_at: new Date().toISOString(),
        photos: [{ ...listing.photos[0]!, description: photo!.description }],
      });
    });
    renderSocial(`/profile/plants/edit/${listing.plant!.id}`);
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Photo descriptions' });
    const description = within(form).getByRole('textbox', { name: 'Description of photo 1' });
    expect(description).toHaveValue('Before');
    await user.clear(description);
    await write(user, description, 'After two weeks ');
    await user.click(within(form).getByRole('button', { name: 'Save descriptions' }));

    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(
      api.requestsTo('PUT', '/api/iam/posts/plant/update/photo-descriptions')[0]!.body,
    ).toEqual({
      id: listing.id,
      uuid: fern.uuid,
      plantPhotos: [
        { id: listing.photos[0]!.id, description: 'After two weeks', alt_text: 'The cutting' },
      ],
    });
  });

  it('keeps unsaved photo descriptions when the details are saved', async () => {
    signIn();
    const { api, listing } = ownListing();
    api.on('PUT', '/api/iam/posts/plant/update/details', () =>
      ok({ ...listing, updated_at: new Date().toISOString() }),
    );
    renderSocial(`/profile/plants/edit/${listing.plant!.id}`);
    const user = userEvent.setup();
    const details = await screen.findByRole('form', { name: 'Plant details' });
    const photos = screen.getByRole('form', { name: 'Photo descriptions' });

    await write(
      user,
      within(photos).getByRole('textbox', { name: 'Description of photo 1' }),
      ' and after',
    );
    await write(user, within(details).getByRole('textbox', { name: 'Swap terms' }), 'A fern');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));

    expect(await within(details).findByRole('status')).toHaveTextContent('Saved.');
    expect(within(photos).getByRole('textbox', { name: 'Description of photo 1' })).toHaveValue(
      'Before and after',
    );
    expect(within(photos).getByRole('button', { name: 'Save descriptions' })).toBeEnabled();
  });

  it('refuses to edit someone else’s listing', async () => {
    signIn(maria);
    const { listing } = ownListing();
    renderSocial(`/profile/plants/edit/${listing.plant!.id}`);

    expect(await screen.findByRole('heading', { name: 'Not your listing' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Plant details' })).toBeNull();
  });
});
