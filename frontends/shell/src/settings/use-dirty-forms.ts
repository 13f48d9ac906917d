import { useCallback, useRef } from 'react';

/**
 * One page, several forms, one navigation blocker (a router allows only one): each form
 * registers how to tell whether it has unsaved changes, and the page asks them all.
 */
export function useDirtyForms() {
  const checks = useRef(new Map<string, () => boolean>());
  const register = useCallback((key: string, isDirty: () => boolean) => {
    checks.current.set(key, isDirty);
    return () => {
      checks.current.delete(key);
    };
  }, []);
  const isDirtyNow = useCallback(() => [...checks.current.values()].some((check) => check()), []);
  return { register, isDirtyNow };
}

export type RegisterDirtyCheck = ReturnType<typeof useDirtyForms>['register'];
