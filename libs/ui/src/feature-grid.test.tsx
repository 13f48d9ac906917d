import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeatureGrid } from './feature-grid';
import { IconTag, IconUsers } from './icons';
import { renderRoutes } from './testing';

const features = [
  { icon: IconTag, title: 'Follow tags', text: 'See the posts about what you love.' },
  { icon: IconUsers, title: 'Meet people', text: 'Find plant lovers nearby.' },
];

describe('FeatureGrid', () => {
  it.each(['beside', 'above'] as const)(
    'shows each feature as a titled card (icon %s)',
    (iconPlacement) => {
      renderRoutes([
        { path: '/', element: <FeatureGrid features={features} iconPlacement={iconPlacement} /> },
      ]);
      for (const { title, text } of features) {
        const heading = screen.getByRole('heading', { level: 3, name: title });
        const card = heading.closest('section') as HTMLElement;
        expect(within(card).getByText(text)).toBeInTheDocument();
      }
      expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    },
  );
});
