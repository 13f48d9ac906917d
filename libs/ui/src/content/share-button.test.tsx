import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { COPIED_NOTICE_MS, ShareButton } from './share-button';

const navigatorKeys = ['share', 'canShare', 'clipboard'] as const;

function stubNavigator(values: Partial<Record<(typeof navigatorKeys)[number], unknown>>) {
  for (const key of navigatorKeys)
    Object.defineProperty(navigator, key, { value: values[key], configurable: true });
}

afterEach(() => {
  stubNavigator({});
  vi.useRealTimers();
});

describe('ShareButton', () => {
  it('opens the share sheet with the full link where the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    stubNavigator({ share, canShare: () => true, clipboard: { writeText } });
    renderWithUi(
      <ShareButton url="/post/Ab12Cd34Ef" title="Post by maria" subject="post by maria" />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Share post by maria' }));

    expect(share).toHaveBeenCalledWith({
      title: 'Post by maria',
      text: undefined,
      url: `${window.location.origin}/post/Ab12Cd34Ef`,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing when the share sheet is closed without sharing', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const writeText = vi.fn();
    stubNavigator({ share, clipboard: { writeText } });
    renderWithUi(<ShareButton url="/plant/1" title="Hoya" subject="Hoya" />);

    await userEvent.click(screen.getByRole('button', { name: 'Share Hoya' }));

    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('copies the link otherwise, and says "Link copied" for a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ clipboard: { writeText } });
    renderWithUi(<ShareButton url="/plant/abc" title="Hoya" subject="plant Hoya" />);

    fireEvent.click(screen.getByRole('button', { name: 'Share plant Hoya' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/plant/abc`);
    act(() => vi.advanceTimersByTime(COPIED_NOTICE_MS + 10));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the link to copy by hand when nothing can copy it', async () => {
    stubNavigator({ clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    document.execCommand = vi.fn().mockReturnValue(false);
    renderWithUi(<ShareButton url="https://plantfolk.example/post/x" title="x" subject="post" />);

    await userEvent.click(screen.getByRole('button', { name: 'Share post' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Copy this link: https://plantfolk.example/post/x',
    );
  });
});
