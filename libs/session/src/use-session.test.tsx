import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store';
import { useSession } from './use-session';

describe('useSession', () => {
  it('re-renders with the new value when the session changes', () => {
    const store = createSessionStore();
    const { result } = renderHook(() => useSession((state) => state.loggedIn, store));
    expect(result.current).toBe('unknown');

    act(() => store.setSession({ loggedIn: false }));

    expect(result.current).toBe(false);
  });
});
