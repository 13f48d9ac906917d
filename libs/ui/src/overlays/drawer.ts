// The real Drawer, in a chunk of its own (lazy-overlays.tsx).
export { Drawer } from '@mantine/core';
