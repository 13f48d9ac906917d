import type { MouseEventHandler } from 'react';
import { Link } from 'react-router';
import { SITE_NAME } from '../site-settings';

export interface BrandLogoProps {
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** Hide the word mark on very narrow screens, keeping the leaf. */
  collapsible?: boolean;
  /** The site's name as the admins set it (`site_name`). */
  name?: string;
}

/** The Plantfolk mark and the site's name, linking home. */
export function BrandLogo({ onClick, collapsible = false, name = SITE_NAME }: BrandLogoProps) {
  return (
    <Link to="/" className="pf-brand" onClick={onClick} aria-label={`${name} home`}>
      <PlantfolkMark />
      <span className={collapsible ? 'pf-brand__word--collapsible' : undefined}>{name}</span>
    </Link>
  );
}

export function PlantfolkMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="pf-brand__mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M16 30c-.6 0-1-.4-1-1v-7.2C9.2 21.3 5 16.6 5 10.8 5 7.2 6.7 4 9.4 2.2c.3-.2.7-.2 1 0C13.4 4 15 7 15.6 10.3 17 6.5 20.3 3.6 24.4 3c.4 0 .7.1.9.4.2.3.2.7 0 1-1.6 3.4-1 7.3-2.4 10.8-1.2 3-3.8 5.2-5.9 6.4V29c0 .6-.4 1-1 1Z"
      />
    </svg>
  );
}
