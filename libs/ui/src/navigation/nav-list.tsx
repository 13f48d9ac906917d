import { NavLink, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useMatch, useResolvedPath } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Active only on an exact match (the home link would otherwise match everything). */
  end?: boolean;
}

export interface NavListProps {
  items: NavItem[];
  onNavigate?: () => void;
}

function NavListItem({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useResolvedPath(item.to);
  const active = useMatch({ path: pathname, end: item.end ?? false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      onClick={onNavigate}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
      fw={active ? 600 : 500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

/** Vertical list of router links; the current page is marked with aria-current. */
export function NavList({ items, onNavigate }: NavListProps) {
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.to}>
          <NavListItem item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </Stack>
  );
}
