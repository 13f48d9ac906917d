import type { TagRef } from '@plantfolk/api-client';
import { Badge, Group } from '@plantfolk/ui';
import { Link } from 'react-router';
import { paths } from '../app/paths';

/** A post's tags as links to their tag pages. */
export function TagLinks({ tags }: { tags: readonly TagRef[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Tags" className="pf-plain-list">
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge
            component={Link}
            to={paths.tag(tag.name)}
            variant="light"
            radius="sm"
            tt="none"
            // A link: at least 24px tall to press on a phone (WCAG 2.2 target size).
            h={24}
            style={{ cursor: 'pointer' }}
          >
            #{tag.name}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
