import { Anchor, Card, Group, Stack, Text, useSiteName } from '@plantfolk/ui';
import { Link } from 'react-router';

const footerLinks = [
  { label: 'About', to: '/about' },
  { label: 'Terms of use', to: '/docs/terms-of-use' },
  { label: 'Privacy policy', to: '/docs/privacy-policy' },
];

/**
 * Right column of the 3-col layout: what the site is, by the name the admins gave it (the
 * constant until the header's read of the settings arrives), and the footer links. The site's
 * description is the about page's: here it would move the footer when it arrives.
 */
export function AboutAside() {
  const siteName = useSiteName();
  return (
    <>
      <Card title={`About ${siteName}`} titleOrder={2} padding="md">
        <Stack gap="xs">
          <Text size="sm">
            {`${siteName} is where plant lovers and local groups share cuttings, swap plants, and meet up — in their own neighbourhood.`}
          </Text>
          <Anchor component={Link} to="/about" size="sm" fw={600}>
            {`Learn more about ${siteName}`}
          </Anchor>
        </Stack>
      </Card>
      <footer>
        <nav aria-label="Footer">
          <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Anchor component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              </li>
            ))}
          </Group>
        </nav>
        <Text size="xs" c="dimmed" mt="xs">
          {`© ${siteName}`}
        </Text>
      </footer>
    </>
  );
}
