// Content, plants and tags as the API answers them, for the tests of every slice. Each maker
// takes overrides for what a test is about; ids are unique per call.
import type { Comment, ContentItem, Counts, Photo, UploadedPhoto } from '../content/content-api';
import type { Responder } from '../envelope';
import type { Plant } from '../plants/plants-api';
import type { Tag } from '../tags/tags-api';

let sequence = 0;
const next = () => ++sequence;
const hex = (n: number) => n.toString(16).padStart(12, '0');

/** A user summary as lists send it in `responders`. */
export function fakeResponder(overrides: Partial<Responder> = {}): Responder {
  return {
    uuid: '7d0f3a52-8c1e-4b6a-9a7e-2f4c1d9b0e11',
    username: 'fern',
    display_name: null,
    avatar: null,
    suburb_city: 'Fitzroy',
    state: 'Victoria',
    country: 'Australia',
    ...overrides,
  };
}

export function fakePhoto(overrides: Partial<Photo> = {}): Photo {
  const n = next();
  return {
    id: `00000000-0000-4000-8000-${hex(n)}`,
    image_ref: `posts/photo-${n}.webp`,
    variants: [
      { width: 480, height: 360, ref: `posts/photo-${n}-480.webp` },
      { width: 1080, height: 810, ref: `posts/photo-${n}-1080.webp` },
    ],
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    failed: false,
    width: 1600,
    height: 1200,
    alt_text: `Photo ${n}`,
    description: null,
    ...overrides,
  };
}

export function fakeUploadedPhoto(overrides: Partial<UploadedPhoto> = {}): UploadedPhoto {
  const n = next();
  return {
    ref: `uploads/upload-${n}.webp`,
    status: 'ready',
    variants: [{ width: 480, height: 360, ref: `uploads/upload-${n}-480.webp` }],
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    width: 1600,
    height: 1200,
    ...overrides,
  };
}

/** A text/image post by `fern`; pass `user_id` with a matching responder for other authors. */
export function fakePost(overrides: Partial<ContentItem> = {}): ContentItem {
  const n = next();
  const time = new Date(Date.UTC(2025, 4, 1, 12, 0, 0) - n * 60_000).toISOString();
  return {
    id: `10000000-0000-4000-8000-${hex(n)}`,
    random_id: `post${String(n).padStart(6, '0')}`,
    type: 'text/image',
    user_id: fakeResponder().uuid,
    page_id: null,
    page: null,
    text: `Post number ${n}`,
    privacy: 'public',
    tags: [],
    photos: [],
    linkPreview: null,
    plant: null,
    reaction_count: 0,
    comment_count: 0,
    my_reaction_id: null,
    created_at: time,
    updated_at: time,
    bumped_at: time,
    edited_at: null,
    ...overrides,
  };
}

export function fakePlant(overrides: Partial<Plant> = {}): Plant {
  const n = next();
  const available = overrides.available ?? true;
  return {
    id: `20000000-0000-4000-8000-${hex(n)}`,
    post_id: `10000000-0000-4000-8000-${hex(n)}`,
    name: `Monstera ${n}`,
    species: 'Monstera deliciosa',
    available,
    availability: available ? 'Available' : 'Not available',
    quantity: 2,
    swap_terms: 'Swap for a fern',
    updated_at: '2025-05-01T12:00:00.000Z',
    distance_km: null,
    ...overrides,
  };
}

/** A plant listing: a plant/image post with one photo and its plant. */
export function fakePlantListing(
  plant: Partial<Plant> = {},
  overrides: Partial<ContentItem> = {},
): ContentItem {
  const post = fakePost({ type: 'plant/image', photos: [fakePhoto()], ...overrides });
  return { ...post, plant: fakePlant({ post_id: post.id, ...plant }) };
}

export function fakeComment(overrides: Partial<Comment> = {}): Comment {
  const n = next();
  return {
    id: `30000000-0000-4000-8000-${hex(n)}`,
    post_id: `10000000-0000-4000-8000-${hex(0)}`,
    parent_id: null,
    level: 0,
    content: `Comment number ${n}`,
    user_id: fakeResponder().uuid,
    reaction_count: 0,
    my_reaction_id: null,
    created_at: new Date(Date.UTC(2025, 4, 1, 12, 0, 0) + n * 60_000).toISOString(),
    edited_at: null,
    ...overrides,
  };
}

export function fakeTag(overrides: Partial<Tag> = {}): Tag {
  const n = next();
  return {
    id: n,
    name: `tag-${n}`,
    is_parent: false,
    parent_id: null,
    group_id: null,
    description: null,
    follower_count: 0,
    post_count: 0,
    ...overrides,
  };
}

export function fakeCounts(overrides: Partial<Counts> = {}): Counts {
  return { posts: 0, plantsAll: 0, plantsAvail: 0, ...overrides };
}
