import { Button, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export interface ShareButtonProps {
  /** What to share: a path of this site ("/post/Ab12…") or a full URL. */
  url: string;
  /** The title offered to the share sheet (a plant's name, "Post by maria"). */
  title: string;
  /** A line of text offered to the share sheet. */
  text?: string;
  /** What is shared, for the accessible name: "post by maria" → "Share post by maria". */
  subject: string;
  size?: 'xs' | 'sm';
}

/** How long "Link copied" stays on screen. */
export const COPIED_NOTICE_MS = 4000;

type Outcome = { kind: 'copied' } | { kind: 'copy-failed'; url: string } | null;

/** A path made absolute against this page, so the link works wherever it is pasted. */
export function absoluteUrl(url: string, base: string = window.location.href): string {
  return new URL(url, base).href;
}

/** Copies with the async clipboard, or the old way where that is missing (http, old browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): try the old way.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/**
 * Shares a link: through the device's share sheet (Web Share API) where there is one, else by
 * copying the link, saying "Link copied" where the button is (and to screen readers). Events,
 * pages and anything else with an address use it as posts and plants do.
 */
export function ShareButton({ url, title, text, subject, size = 'sm' }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Outcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    if (next?.kind === 'copied')
      timer.current = setTimeout(() => setOutcome(null), COPIED_NOTICE_MS);
  };

  const share = async () => {
    const link = absoluteUrl(url);
    const data = { title, text, url: link };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    show((await copyText(link)) ? { kind: 'copied' } : { kind: 'copy-failed', url: link });
  };

  return (
    <Group gap={4} wrap="nowrap" className="pf-share">
      <Button
        variant="subtle"
        color="gray"
        size={size}
        px={6}
        onClick={() => void share()}
        aria-label={`Share ${subject}`}
        leftSection={<IconShare size={size === 'xs' ? 14 : 18} aria-hidden />}
      >
        Share
      </Button>
      {/* Always there, so screen readers hear what goes into it. */}
      <Text span role="status" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {outcome?.kind === 'copied' && 'Link copied'}
        {outcome?.kind === 'copy-failed' && `Copy this link: ${outcome.url}`}
      </Text>
    </Group>
  );
}
