import { Button, Group } from '@plantfolk/ui';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

export interface Shortcut {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** A row of light buttons leading to other parts of Plantfolk. */
export function ShortcutLinks({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  return (
    <Group gap="sm">
      {shortcuts.map(({ label, to, icon: Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          variant="light"
          leftSection={<Icon size={18} aria-hidden />}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
