import { Button, IconCalendarEvent, IconChevronDown } from '@plantfolk/ui';
import { Menu } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { webcalUrl } from './webcal';

export interface CalendarMenuProps {
  /** The .ics file of one date (absolute or site path). */
  dateIcsUrl: string;
  /** The event's calendar feed (every date, kept up to date). */
  feedUrl: string;
  /** Names the date in the file's name and the button's accessible name. */
  dateLabel: string;
  /** The file's name without extension (`plant-swap-2026-12-05`). */
  fileName: string;
}

/**
 * Add to calendar: this date as an .ics file, or a subscription to the event's feed (every date,
 * changes included), or the feed's address to paste into a calendar app.
 */
export function CalendarMenu({ dateIcsUrl, feedUrl, dateLabel, fileName }: CalendarMenuProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const absoluteFeed = new URL(
    feedUrl.replace(/^webcal:/, window.location.protocol),
    window.location.origin,
  ).toString();
  return (
    <Menu position="bottom-start" withinPortal onClose={() => setCopied(null)}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Add to calendar: ${dateLabel}`}
        >
          Add to calendar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={dateIcsUrl} download={`${fileName}.ics`}>
          Download this date (.ics)
        </Menu.Item>
        <Menu.Item component="a" href={webcalUrl(feedUrl)}>
          Subscribe to every date
        </Menu.Item>
        <Menu.Item
          closeMenuOnClick={false}
          onClick={() => {
            navigator.clipboard.writeText(absoluteFeed).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          {copied === 'yes'
            ? 'Feed address copied'
            : copied === 'failed'
              ? `Copy failed: ${absoluteFeed}`
              : 'Copy the feed address'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
