// The real Modal, in a chunk of its own (lazy-overlays.tsx).
export { Modal } from '@mantine/core';
