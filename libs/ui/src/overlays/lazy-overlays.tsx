import type { DrawerProps, ModalProps, TooltipProps } from '@mantine/core';
import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

// Mantine's overlays (the focus trap, transitions, portals, floating-ui behind the tooltip) are
// about half of the kit's JavaScript, and no first view shows one. These stand-ins take the same
// props and download the real component when it is first needed: a modal or drawer when it first
// opens, a tooltip when the pointer or focus first reaches its target (frontends/PERFORMANCE.md).
const MantineModal = lazy(async () => ({ default: (await import('./modal')).Modal }));
const MantineDrawer = lazy(async () => ({ default: (await import('./drawer')).Drawer }));
const MantineTooltip = lazy(async () => ({ default: (await import('./tooltip')).Tooltip }));

/** True from the first time `opened` is true on: the overlay then stays mounted to animate closed. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/** Mantine's Modal, loaded when it first opens. */
export function Modal(props: ModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}

/** Mantine's Drawer, loaded when it first opens. */
export function Drawer(props: DrawerProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineDrawer {...props} />
    </Suspense>
  );
}

interface TargetProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

/** Gives the focus back to the target, now mounted under the real tooltip. */
function Refocus({ target }: { target: string }) {
  useEffect(() => {
    document.querySelector<HTMLElement>(`[data-pf-tooltip-target="${target}"]`)?.focus();
  }, [target]);
  return null;
}

/**
 * Mantine's Tooltip, loaded when the pointer enters its target or the target takes focus. Until
 * then the target renders alone. The target is mounted anew under the real tooltip, so one that
 * had the focus gets it back.
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  const [intent, setIntent] = useState<{ refocus: boolean } | null>(null);
  const id = useId();
  if (!isValidElement<TargetProps>(children)) return children;
  const target = children as ReactElement<TargetProps>;
  if (intent) {
    return (
      <Suspense fallback={target}>
        <MantineTooltip {...props}>
          {cloneElement(target, { 'data-pf-tooltip-target': id } as TargetProps)}
        </MantineTooltip>
        {intent.refocus && <Refocus target={id} />}
      </Suspense>
    );
  }
  return cloneElement(target, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      target.props.onPointerEnter?.(event);
      setIntent({ refocus: event.currentTarget === document.activeElement });
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      target.props.onFocus?.(event);
      setIntent({ refocus: true });
    },
  });
}
