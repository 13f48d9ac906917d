import { contentApi, isApiError, type ReactionTarget } from '@plantfolk/api-client';
import { useMutation } from '@tanstack/react-query';

/** What a reaction button shows: the count, and the viewer's own reaction if any. */
export interface ReactionState {
  my_reaction_id: string | null;
  reaction_count: number;
}

/** Stands for the viewer's reaction while the API has not answered its id yet. */
export const PENDING_REACTION = 'pending';

/** Spec §8: what is logged when reacting fails. */
export const REACT_FAILED = 'Could not react: post not found!';
export const UNREACT_FAILED = 'Could not delete reaction';

/** What the viewer is told when their change did not stick (the count has been put back). */
export const REACT_PROBLEM = 'Your like did not go through. Please try again.';
export const UNREACT_PROBLEM = 'Your like could not be taken back. Please try again.';

export interface ReactionToggleOptions {
  target: ReactionTarget;
  state: ReactionState;
  /** Writes a change into every cached copy of the target. */
  apply: (update: (current: ReactionState) => ReactionState) => void;
  /** The API says the viewer has reacted already: fetch the true state. */
  resync?: () => void;
  /** A change failed (the message to show), or a new one started (null). */
  onProblem?: (message: string | null) => void;
}

/**
 * Reacting with an optimistic update: the count and the button change at once, the API's answer
 * then sets the exact count, and a failure puts back what was there (as a relative change, so
 * other updates that arrived meanwhile stay), logs the spec's text and tells the viewer.
 */
export function useReactionToggle({
  target,
  state,
  apply,
  resync,
  onProblem,
}: ReactionToggleOptions) {
  const mutation = useMutation({
    mutationFn: async (
      mine: string | null,
    ): Promise<
      | { kind: 'added'; id: string; reaction_count: number }
      | { kind: 'removed'; reaction_count: number }
    > =>
      mine
        ? { kind: 'removed', ...(await contentApi.unreact(mine)) }
        : { kind: 'added', ...(await contentApi.react(target)) },
    onMutate: (mine) => {
      onProblem?.(null);
      apply((current) =>
        mine
          ? {
              my_reaction_id: null,
              reaction_count: Math.max(0, current.reaction_count - 1),
            }
          : { my_reaction_id: PENDING_REACTION, reaction_count: current.reaction_count + 1 },
      );
    },
    onSuccess: (result) => {
      apply(() => ({
        my_reaction_id: result.kind === 'added' ? result.id : null,
        reaction_count: result.reaction_count,
      }));
    },
    onError: (error, mine) => {
      if (mine) {
        apply((current) => ({ my_reaction_id: mine, reaction_count: current.reaction_count + 1 }));
        console.error(UNREACT_FAILED);
        onProblem?.(UNREACT_PROBLEM);
        return;
      }
      apply((current) => ({
        my_reaction_id: null,
        reaction_count: Math.max(0, current.reaction_count - 1),
      }));
      if (isApiError(error) && error.code === 'ALREADY_REACTED') {
        resync?.();
        return;
      }
      console.error(REACT_FAILED);
      onProblem?.(REACT_PROBLEM);
    },
  });

  return {
    reacted: state.my_reaction_id !== null,
    pending: mutation.isPending,
    toggle: () => {
      // One change at a time: a second click while the first is on its way would race it.
      if (mutation.isPending) return;
      mutation.mutate(state.my_reaction_id);
    },
  };
}
