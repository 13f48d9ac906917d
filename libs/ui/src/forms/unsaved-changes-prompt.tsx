import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { Modal } from '../overlays/lazy-overlays';

export interface UnsavedChangesPromptProps {
  /** Whether there are unsaved changes; a function is asked at the moment the user leaves. */
  when: boolean | (() => boolean);
  message?: string;
}

/**
 * Warns before leaving a form with unsaved changes: a confirmation for moves inside the app,
 * and the browser's own prompt for closing the tab or reloading.
 */
export function UnsavedChangesPrompt({
  when,
  message = 'You have changes that are not saved yet. Leave this page and lose them?',
}: UnsavedChangesPromptProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (typeof when === 'function' ? when() : when) &&
      currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (typeof when === 'function' ? !when() : !when) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Discard unsaved changes?"
      centered
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
