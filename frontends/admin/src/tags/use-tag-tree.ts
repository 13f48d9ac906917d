import { tagsApi, type Tag, type TagTree } from '@plantfolk/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const tagTreeKey = (prefix?: string) =>
  ['admin', 'tags', ...(prefix === undefined ? [] : [prefix])] as const;

/** The catalogue as admins curate it; `prefix` narrows the tags under no category. */
export function useTagTree(prefix: string) {
  return useQuery({
    queryKey: tagTreeKey(prefix),
    queryFn: ({ signal }) => tagsApi.tagTree(prefix, signal),
  });
}

/** Every tag of a tree, categories first, each once: what a merge may pick as its target. */
export function tagsOf(tree: TagTree | undefined): Tag[] {
  if (!tree) return [];
  return [
    ...tree.categories.flatMap((category) => [category, ...category.children]),
    ...tree.loose,
  ];
}

/** Rename (and group), merge and delete; each refreshes the tree and the overview. */
export function useTagActions() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: tagTreeKey() }),
      client.invalidateQueries({ queryKey: ['admin', 'overview'] }),
    ]);
  return {
    edit: useMutation({
      /** `group`: a group's name, '' for none, undefined to leave it as it is. */
      mutationFn: (input: { id: number; name: string; group?: string }) =>
        tagsApi.updateTag({
          tagDetails: { id: input.id, name: input.name },
          ...(input.group === undefined
            ? {}
            : { tagGroupBody: input.group.trim() ? { name: input.group.trim() } : null }),
        }),
      onSuccess: refresh,
    }),
    merge: useMutation({
      mutationFn: (input: { fromId: number; intoId: number }) =>
        tagsApi.mergeTags(input.fromId, input.intoId),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (name: string) => tagsApi.deleteTag(name),
      onSuccess: refresh,
    }),
  };
}
