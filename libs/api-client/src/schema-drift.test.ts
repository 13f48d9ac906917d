import type { SessionUser } from '@plantfolk/session';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ContentApi } from './content/content-api';
import type { Listed } from './envelope';
import type { IdentityApi, Profile } from './identity/identity-api';
import type { PlantsApi } from './plants/plants-api';
import type { Schemas } from './schemas';
import type { TagsApi } from './tags/tags-api';
import { createApiClient } from './typed-client';

// These tests are mostly types: `tsc` (the typecheck target) checks them, and each
// `@ts-expect-error` fails the build if the error it expects disappears.

type Answer<Call extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Call>>;

describe('the client against the generated OpenAPI document', () => {
  it('types what the named wrappers answer from the document', () => {
    expectTypeOf<Answer<ContentApi['post']>>().toEqualTypeOf<Listed<Schemas['ContentItemDto']>>();
    expectTypeOf<Answer<ContentApi['feed']>>().toEqualTypeOf<
      Listed<Schemas['ContentItemPageDto']>
    >();
    expectTypeOf<Answer<ContentApi['comments']>>().toEqualTypeOf<
      Listed<Schemas['CommentPageDto']>
    >();
    expectTypeOf<Answer<PlantsApi['nearby']>>().toEqualTypeOf<
      Listed<Schemas['NearbyPlantDto'][]>
    >();
    expectTypeOf<Answer<TagsApi['userInterests']>>().toEqualTypeOf<Schemas['UserInterestDto'][]>();
    expectTypeOf<Answer<IdentityApi['profile']>>().toEqualTypeOf<Schemas['ProfileDto']>();
    expectTypeOf<Answer<IdentityApi['sessions']>>().toEqualTypeOf<Schemas['SessionSummaryDto'][]>();
  });

  it("keeps the session store's user the profile the API documents", () => {
    // libs/session cannot import this lib (it sits below it), so it names the type itself.
    expectTypeOf<SessionUser>().toEqualTypeOf<Profile>();
  });

  it('refuses a path, parameter, body field or form field the document does not have', () => {
    const api = createApiClient(async () => ({ data: undefined as never }));
    const newPost: Schemas['NewPostDto'] = { text: 'Hi', privacy: 'public', tags: [], photos: [] };

    const typeErrors = () => {
      // @ts-expect-error the document has no such path (a renamed route)
      void api.get('/api/iam/posts/init-recents');
      // @ts-expect-error the path exists, but not for this method
      void api.get('/api/iam/posts/new');
      // @ts-expect-error the path parameter is `id`, not `randomId`
      void api.get('/api/iam/posts/{id}', { path: { randomId: 'Ab12Cd34Ef' } });
      // @ts-expect-error the query parameter is `cursorId`
      void api.get('/api/iam/posts/tag/{tag}', { path: { tag: 'ferns' }, query: { cursor: 'c' } });
      // @ts-expect-error NewPostDto has no `mood`
      void api.post('/api/iam/posts/new', { body: { ...newPost, mood: 'sunny' } });
      // @ts-expect-error a privacy the document does not list
      void api.post('/api/iam/posts/new', { body: { ...newPost, privacy: 'friends' } });
      // @ts-expect-error the upload's form field is `photos`
      void api.post('/api/iam/posts/photos', { form: { photo: [] } });
      // @ts-expect-error a JSON route takes no form
      void api.post('/api/iam/posts/new', { body: newPost, form: { text: 'Hi' } });
    };
    const readsOnlyDocumentedFields = async () => {
      const { data } = await api.get('/api/iam/posts/{id}', { path: { id: 'Ab12Cd34Ef' } });
      // @ts-expect-error ContentItemDto has no `likes`
      void data.likes;
      return data.reaction_count satisfies number;
    };
    expect([typeErrors, readsOnlyDocumentedFields].every((f) => typeof f === 'function')).toBe(
      true,
    );
  });
});
