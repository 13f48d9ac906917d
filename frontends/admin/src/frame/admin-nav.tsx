import { Anchor, Box } from '@plantfolk/ui';
import { Link, useLocation } from 'react-router';
import { ADMIN_SCREENS } from './admin-screens';

/**
 * The admin sub-navigation shown above every admin screen: plain links in a wrapping row (a
 * 390 px phone shows them on a few lines), the current screen marked with aria-current.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <Box component="nav" aria-label="Admin screens" mb="lg">
      <Box
        component="ul"
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
        }}
      >
        {ADMIN_SCREENS.map((screen) => {
          const active = screen.path === current;
          return (
            <li key={screen.path}>
              <Anchor
                component={Link}
                to={screen.path}
                aria-current={active ? 'page' : undefined}
                fw={active ? 700 : 500}
                underline={active ? 'always' : 'hover'}
                size="sm"
              >
                {screen.label}
              </Anchor>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
