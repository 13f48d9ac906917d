import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFullDate } from '../format-time';
import { EditedMarker } from './edited-marker';

describe('EditedMarker', () => {
  it('says "Edited", with the exact time in its tooltip and accessible name', () => {
    const iso = '2025-05-02T08:30:00.000Z';
    render(<EditedMarker editedAt={iso} />);
    const marker = screen.getByText('Edited');
    const label = `Edited ${formatFullDate(iso)}`;
    expect(marker.tagName).toBe('TIME');
    expect(marker).toHaveAttribute('dateTime', iso);
    expect(marker).toHaveAttribute('title', label);
    expect(marker).toHaveAccessibleName(label);
  });

  it('shows nothing on what was never edited', () => {
    const { container } = render(<EditedMarker editedAt={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
