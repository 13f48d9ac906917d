import { tagsApi, type InterestType, type UserInterest } from '@plantfolk/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Viewer } from '../app/viewer';
import { tagKeys } from '../content/query-keys';

/** The viewer's interests (tags they follow, grow or want). */
export function useMyInterests(viewer: Viewer) {
  const userId = viewer.user?.uuid ?? '';
  return useQuery({
    queryKey: tagKeys.interests(userId),
    queryFn: ({ signal }) => tagsApi.userInterests(userId, signal),
    enabled: Boolean(userId),
  });
}

export const interestLabels: Record<InterestType, { verb: string; heading: string }> = {
  follow: { verb: 'Follow', heading: 'Following' },
  grow: { verb: 'Grow', heading: 'Growing' },
  want: { verb: 'Want', heading: 'Looking for' },
};

/** Adding and removing interests; the tags' follower counts change with them. */
export function useInterestChanges(viewer: Viewer) {
  const queryClient = useQueryClient();
  const userId = viewer.user?.uuid ?? '';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tagKeys.interests(userId) });
    void queryClient.invalidateQueries({ queryKey: ['tags', 'tag'] });
    void queryClient.invalidateQueries({ queryKey: tagKeys.interestCategories });
  };

  const add = useMutation({
    mutationFn: (input: { tagIdArr: number[]; interestType: InterestType }) =>
      tagsApi.addInterests(input),
    onSuccess: refresh,
  });

  const remove = useMutation({
    mutationFn: (input: { tagIdArr: number[]; interestType: InterestType }) =>
      tagsApi.deleteInterests(input),
    onSuccess: (result, input) => {
      queryClient.setQueryData<UserInterest[]>(tagKeys.interests(userId), (current) =>
        current?.filter(
          (interest) =>
            !(
              interest.interest_type === input.interestType &&
              result.deleted.includes(interest.tag.id)
            ),
        ),
      );
      refresh();
    },
  });

  /** Whether removing these would leave the viewer without any interest (warn first). */
  const wouldBeLast = async (tagIdArr: number[]) => (await tagsApi.checkIfLast(tagIdArr)).last;

  return { add, remove, wouldBeLast };
}
