import { createPlant, createPost, uploadPhotos } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

describe('plants: listings', () => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    owner = await createMember(t, 'registered');
    other = await createMember(t, 'registered');
  });
  afterAll(() => t.close());

  it('creates a listing with photo descriptions; reads it by plant id', async () => {
    const photos = await uploadPhotos(t, owner, 2, 'plants');
    const item = await createPlant(t, owner, {
      text: 'Cuttings to swap',
      tags: ['pothos'],
      photos: [
        { ref: photos[0].ref, alt_text: 'Pot', description: 'Rooted in water' } as never,
        { ref: photos[1].ref },
      ],
      plant: {
        name: ' Golden pothos ',
        species: 'Epipremnum aureum',
        available: true,
        quantity: 3,
        swap_terms: 'swap for a fern',
      },
    });
    expect(item).toMatchObject({
      type: 'plant/image',
      text: 'Cuttings to swap',
      plant: {
        id: expect.any(String),
        post_id: item.id,
        name: 'Golden pothos',
        species: 'Epipremnum aureum',
        available: true,
        availability: 'Available',
        quantity: 3,
        swap_terms: 'swap for a fern',
        updated_at: expect.any(String),
      },
    });
    expect(item.photos.map((photo: { description: string | null }) => photo.description)).toEqual([
      'Rooted in water',
      null,
    ]);
    for (const path of [`/api/iam/posts/plant/${item.plant.id}`, `/api/plant/${item.plant.id}`]) {
      const response = await t.http().get(path).expect(200);
      expect(response.body.data).toEqual(item);
      expect(response.body.responders).toEqual([expect.objectContaining({ uuid: owner.id })]);
    }
    for (const missing of ['5f0c7b8e-2f4b-4a43-9d1b-8f7a2f1c9e11', 'nope']) {
      const response = await t.http().get(`/api/plant/${missing}`).expect(404);
      expect(response.body.error.code).toBe('PLANT_NOT_FOUND');
    }
  });

  it('needs 1 to 10 photos and valid details', async () => {
    const [photo] = await uploadPhotos(t, owner, 1, 'plants');
    const send = (body: Record<string, unknown>) =>
      t.http().post('/api/iam/posts/plant/new').set(owner.headers).send(body);
    const base = {
      text: '',
      privacy: 'public',
      tags: [],
      photos: [{ ref: photo.ref }],
      plant: { name: 'Fern', available: true },
    };
    for (const bad of [
      { ...base, photos: [] },
      { ...base, plant: { available: true } },
      { ...base, plant: { name: 'x'.repeat(81), available: true } },
      { ...base, plant: { name: '   ', available: true } },
      { ...base, plant: { name: 'Fern', available: true, quantity: 0 } },
      { ...base, plant: { name: 'Fern', available: true, quantity: 1000 } },
      { ...base, plant: { name: 'Fern', available: true, quantity: 2.5 } },
      { ...base, plant: { name: 'Fern', available: 'yes' } },
      { ...base, plant: { name: 'Fern', available: true, swap_terms: 'x'.repeat(301) } },
      { ...base, photos: [{ ref: photo.ref, description: 'x'.repeat(1001) }] },
    ])
      await send(bad).expect(400);
    // Nothing refused attached the photo: it still makes a listing.
    const ok = await send(base).expect(201);
    expect(ok.body.data.plant).toMatchObject({ name: 'Fern', quantity: null, species: null });
  });

  it('updates details and privacy, photo descriptions; bumps; only by the owner', async () => {
    const item = await createPlant(t, owner, { plant: { name: 'Calathea', quantity: 2 } });
    await createPost(t, other);
    const update = (member: TestMember, body: Record<string, unknown>) =>
      t.http().put('/api/iam/posts/plant/update/details').set(member.headers).send(body);

    const refused = await update(other, {
      postId: item.id,
      userId: other.id,
      plant: { available: false },
      privacy: 'public',
    }).expect(403);
    expect(refused.body.error.code).toBe('NOT_THE_AUTHOR');

    const updated = await update(owner, {
      postId: item.random_id,
      userId: owner.id,
      plant: { available: false, quantity: null, species: 'Goeppertia' },
      privacy: 'members',
    }).expect(200);
    expect(updated.body.data).toMatchObject({
      privacy: 'members',
      plant: {
        name: 'Calathea',
        available: false,
        availability: 'Not available',
        quantity: null,
        species: 'Goeppertia',
      },
    });
    expect(Date.parse(updated.body.data.bumped_at)).toBeGreaterThan(Date.parse(item.bumped_at));
    expect(Date.parse(updated.body.data.plant.updated_at)).toBeGreaterThan(
      Date.parse(item.plant.updated_at),
    );
    const feed = await t.http().get('/api/iam/posts/init-recent').set(other.headers).expect(200);
    expect(feed.body.data.items[0].id).toBe(item.id);

    const photoId = item.photos[0].id;
    const described = await t
      .http()
      .put('/api/iam/posts/plant/update/photo-descriptions')
      .set(owner.headers)
      .send({
        id: item.id,
        uuid: owner.id,
        plantPhotos: [{ id: photoId, description: 'New leaf', alt_text: 'A new leaf' }],
      })
      .expect(200);
    expect(described.body.data.photos[0]).toMatchObject({
      description: 'New leaf',
      alt_text: 'A new leaf',
    });
    // A photo of another post is not this listing's.
    const otherPlant = await createPlant(t, owner);
    const wrong = await t
      .http()
      .put('/api/iam/posts/plant/update/photo-descriptions')
      .set(owner.headers)
      .send({
        id: item.id,
        uuid: owner.id,
        plantPhotos: [{ id: otherPlant.photos[0].id, description: 'x' }],
      })
      .expect(400);
    expect(wrong.body.error.code).toBe('UNKNOWN_PHOTO');
    await t
      .http()
      .put('/api/iam/posts/plant/update/photo-descriptions')
      .set(other.headers)
      .send({ id: item.id, uuid: other.id, plantPhotos: [{ id: photoId, description: 'mine' }] })
      .expect(403);
    // A text post is not a plant listing.
    const text = await createPost(t, owner);
    await update(owner, { postId: text.id, userId: owner.id, plant: { name: 'x' } }).expect(404);
  });

  describe('lists and counts', () => {
    let seller: TestMember;
    let available: Array<{ id: string; plant: { id: string } }>;
    let gone: { id: string };

    beforeAll(async () => {
      seller = await createMember(t, 'registered');
      available = [];
      for (let i = 0; i < 3; i += 1) available.push(await createPlant(t, seller));
      gone = await createPlant(t, seller, { plant: { available: false } });
      await createPost(t, seller, { text: 'just a post' });
    });

    const ids = (response: { body: { data: { items: Array<{ id: string }> } } }) =>
      response.body.data.items.map((item) => item.id);

    it('lists a member’s listings by filter, with paging by cursor', async () => {
      const all = await t.http().get(`/api/iam/posts/plantsbyuser/${seller.id}/plantsAll/3`);
      expect(all.status).toBe(200);
      expect(ids(all)).toEqual([gone.id, available[2].id, available[1].id]);
      const more = await t
        .http()
        .get(
          `/api/iam/posts/moreplantsbyuser/${seller.id}/plantsAll/3/${all.body.data.next_cursor}`,
        )
        .expect(200);
      expect(ids(more)).toEqual([available[0].id]);
      expect(more.body.data.next_cursor).toBeNull();
      const avail = await t.http().get(`/api/iam/posts/plantsbyuser/${seller.id}/plantsAvail/20`);
      expect(ids(avail)).toEqual(available.map((item) => item.id).reverse());
      await t.http().get(`/api/iam/posts/plantsbyuser/${seller.id}/everything/20`).expect(400);
      await t.http().get(`/api/iam/posts/plantsbyuser/${seller.id}/plantsAll/many`).expect(400);
      await t.http().get('/api/iam/posts/plantsbyuser/not-a-uuid/plantsAll/3').expect(400);

      const byName = await t
        .http()
        .get(`/api/plants/by-user/${seller.username}`)
        .query({ filter: 'plantsAvail' })
        .expect(200);
      expect(ids(byName)).toEqual(available.map((item) => item.id).reverse());
      const byNameAll = await t.http().get(`/api/plants/by-user/${seller.username}`).expect(200);
      expect(ids(byNameAll)).toHaveLength(4);
      const listings = await t.http().get(`/api/plant/listings/user/${seller.id}`).expect(200);
      expect(ids(listings)).toEqual(available.map((item) => item.id).reverse());
      await t.http().get('/api/plants/by-user/nobody_here').expect(404);
      await t.http().get(`/api/plants/by-user/more/${seller.username}?cursorId=%%%`).expect(400);
    });

    it('counts posts, all listings and available listings', async () => {
      const counts = await t
        .http()
        .get(`/api/iam/posts/usercounts/byuser/${seller.id}`)
        .expect(200);
      expect(counts.body.data).toEqual({ posts: 5, plantsAll: 4, plantsAvail: 3 });
      const basic = await t
        .http()
        .get(`/api/iam/posts/user-or-page-basic/${seller.username}`)
        .expect(200);
      expect(basic.body.data).toEqual({
        kind: 'user',
        user: expect.objectContaining({ uuid: seller.id, username: seller.username }),
        counts: { posts: 5, plantsAll: 4, plantsAvail: 3 },
      });
      await t.http().get('/api/iam/posts/user-or-page-basic/no_such_handle').expect(404);
    });

    it('lists recent listings of everyone (available or all) and the latest available', async () => {
      const recentAll = await t.http().get('/api/plants/recent/all').expect(200);
      expect(ids(recentAll).slice(0, 2)).toEqual([gone.id, available[2].id]);
      const recentAvail = await t.http().get('/api/plants/recent/available').expect(200);
      expect(ids(recentAvail)).not.toContain(gone.id);
      expect(
        recentAvail.body.data.items.every(
          (item: { plant: { available: boolean } }) => item.plant.available,
        ),
      ).toBe(true);
      await t.http().get('/api/plants/recent/some').expect(400);
      const firstTwo = await t.http().get('/api/iam/posts/plants/init-recent/2').expect(200);
      expect(ids(firstTwo)).toEqual(ids(recentAll).slice(0, 2));
      const nextTwo = await t
        .http()
        .get(`/api/iam/posts/plants/more-recent/2/${firstTwo.body.data.next_cursor}`)
        .expect(200);
      expect(ids(nextTwo)).toEqual(ids(recentAll).slice(2, 4));
      const nextAvail = await t
        .http()
        .get(
          `/api/plants/recent/more/available?cursorId=${recentAvail.body.data.next_cursor ?? ''}`,
        )
        .expect(200);
      expect(nextAvail.body.data.items.length).toBeLessThanOrEqual(20);
      const latest = await t.http().get('/api/plants/get-latest/plants-users').expect(200);
      expect(latest.body.data.length).toBeLessThanOrEqual(12);
      expect(latest.body.data.map((item: { id: string }) => item.id)).not.toContain(gone.id);
      expect(latest.body.responders.length).toBeGreaterThan(0);
    });
  });

  it('finds available listings nearby, nearest first, within the radius', async () => {
    // Melbourne CBD, Fitzroy (~2 km), Geelong (~65 km), Sydney (~710 km), all turned 20° west
    // about the pole (distances unchanged), far from the members other tests make near Melbourne.
    const WEST = -20;
    const at = async (latitude: number, longitude: number) =>
      createMember(t, 'registered', { latitude, longitude });
    const [cbd, fitzroy, geelong, sydney] = await Promise.all([
      at(-37.8136, 144.9631 + WEST),
      at(-37.7982, 144.9784 + WEST),
      at(-38.1499, 144.3617 + WEST),
      at(-33.8688, 151.2093 + WEST),
    ]);
    const fitzroyPlant = await createPlant(t, fitzroy);
    const cbdPlant = await createPlant(t, cbd);
    const geelongPlant = await createPlant(t, geelong);
    await createPlant(t, sydney);
    await createPlant(t, cbd, { plant: { available: false } });

    const search = (body: Record<string, unknown>) =>
      t.http().put('/api/plants/avail-nearby').send(body).expect(200);
    const near = await search({ latitude: -37.814, longitude: 144.963 + WEST });
    expect(near.body.data.map((item: { id: string }) => item.id)).toEqual([
      cbdPlant.id,
      fitzroyPlant.id,
    ]);
    expect(near.body.data.map((item: { distance_km: number }) => item.distance_km)).toEqual([1, 3]);
    expect(near.body.responders.map((r: { uuid: string }) => r.uuid).sort()).toEqual(
      [cbd.id, fitzroy.id].sort(),
    );
    const wider = await search({ latitude: -37.814, longitude: 144.963 + WEST, radius_km: 100 });
    expect(wider.body.data.map((item: { id: string }) => item.id)).toEqual([
      cbdPlant.id,
      fitzroyPlant.id,
      geelongPlant.id,
    ]);
    const notMine = await search({ uuid: cbd.id, latitude: -37.814, longitude: 144.963 + WEST });
    expect(notMine.body.data.map((item: { id: string }) => item.id)).toEqual([fitzroyPlant.id]);
    await t
      .http()
      .put('/api/plants/avail-nearby')
      .send({ latitude: -37.8, longitude: 144.9, radius_km: 201 })
      .expect(400);
    await t.http().put('/api/plants/avail-nearby').send({ latitude: 91, longitude: 0 }).expect(400);
    const nowhere = await search({ latitude: 0, longitude: 0 });
    expect(nowhere.body).toEqual({ status: 'success', data: [], responders: [] });
  });
});
