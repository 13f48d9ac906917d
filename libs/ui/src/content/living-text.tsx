import { Anchor } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { tokenize } from '@plantfolk/living-text';

/**
 * Words the app uses as paths (the API's RESERVED_HANDLES): nobody can hold them as a handle, so
 * `@admin` is no mention and links nowhere.
 */
const RESERVED_HANDLES: ReadonlySet<string> = new Set(
  (
    'about admin api auth docs event events invites join messages new nearby notifications page ' +
    'pages plant plants post posts profile remotes search settings storage tag tags user users ' +
    'welcome edit login logout signup register help support static assets favicon robots ' +
    'sitemap plantfolk root system me home'
  ).split(' '),
);

/** rel of links to other sites: they get no ranking from us, no opener and no referrer. */
export const EXTERNAL_LINK_REL = 'nofollow ugc noopener noreferrer';

export interface LivingTextProps {
  text: string;
  /** Where a tag's page is (default `/tag/{name}`). */
  tagPath?: (name: string) => string;
  /** Where a member's or page's profile is (default `/{handle}`). */
  profilePath?: (handle: string) => string;
}

const defaultTagPath = (name: string) => `/tag/${encodeURIComponent(name)}`;
const defaultProfilePath = (handle: string) => `/${encodeURIComponent(handle)}`;

/**
 * A member's text as React nodes (never HTML): hashtags link to their tag's page and mentions to
 * the profile, through the router; URLs open the other site in a new tab. Line breaks are kept by
 * the container's `white-space`. The rules are the API's (living-text-tokens.ts).
 */
export function LivingText({
  text,
  tagPath = defaultTagPath,
  profilePath = defaultProfilePath,
}: LivingTextProps) {
  const nodes: ReactNode[] = tokenize(text).map((token, index) => {
    switch (token.kind) {
      case 'hashtag':
        return (
          <Anchor key={index} component={Link} to={tagPath(token.tag)} inherit underline="always">
            {token.text}
          </Anchor>
        );
      case 'mention':
        if (RESERVED_HANDLES.has(token.handle))
          return <Fragment key={index}>{token.text}</Fragment>;
        return (
          <Anchor
            key={index}
            component={Link}
            to={profilePath(token.handle)}
            inherit
            underline="always"
          >
            {token.text}
          </Anchor>
        );
      case 'url':
        return (
          <Anchor
            key={index}
            href={token.url}
            target="_blank"
            rel={EXTERNAL_LINK_REL}
            inherit
            underline="always"
            className="pf-living-text__url"
          >
            {token.text}
          </Anchor>
        );
      default:
        return <Fragment key={index}>{token.text}</Fragment>;
    }
  });
  return <>{nodes}</>;
}
