import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Placeholder while a page or a slice of the app is loading. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-live="polite">
      <Loader size="md" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
