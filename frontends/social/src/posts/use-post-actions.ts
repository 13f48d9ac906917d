import { contentApi, type PostPrivacy } from '@plantfolk/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placePostOnTop, removePost } from '../content/cache';
import type { PostEntry } from '../content/entries';

/**
 * The author's changes to a post. Editing and changing the privacy bump the post (spec §4): it
 * moves to the top of the feed and the profile lists and its single copies are replaced with the
 * API's answer. Deleting removes it everywhere.
 */
export function usePostActions(post: PostEntry, userId: string | undefined) {
  const queryClient = useQueryClient();
  const bumped = (updated: Parameters<typeof placePostOnTop>[1]) =>
    placePostOnTop(queryClient, updated);

  const editText = useMutation({
    mutationFn: (input: { text: string; tags: string[] }) =>
      contentApi.updateTextAndTags({ postId: post.id, ...input }),
    onSuccess: (updated) => bumped({ ...updated, author: post.author }),
  });

  const changePrivacy = useMutation({
    mutationFn: (privacy: PostPrivacy) =>
      contentApi.updatePrivacy({ id: post.id, uuid: userId ?? '', privacy }),
    onSuccess: (updated) => bumped({ ...updated, author: post.author }),
  });

  const remove = useMutation({
    mutationFn: () => contentApi.deletePost(post.id, userId ?? ''),
    onSuccess: () => removePost(queryClient, post),
  });

  return { editText, changePrivacy, remove };
}
