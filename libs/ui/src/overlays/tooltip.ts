// The real Tooltip, in a chunk of its own (lazy-overlays.tsx).
export { Tooltip } from '@mantine/core';
