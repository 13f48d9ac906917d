// `@plantfolk/ui/cursor-list`: cursor-paged lists, the hook and the view of their states. Not in
// the kit's index (a first-view singleton): each remote bundles it with the lists that use it.
// It takes the kit by its package name, not its files, so that its Mantine components are the
// shared singleton's (one MantineProvider per page), not a copy bundled into the remote.
import {
  Alert,
  Button,
  IconAlertTriangle,
  IconRefresh,
  InfiniteList,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@plantfolk/ui';
import type { ReactNode } from 'react';

export * from './use-cursor-list';

/** What the view reads of a cursor list: what `useCursorList` returns (or a list built like it). */
export interface CursorListState<T> {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  items: T[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export interface CursorListEmptyProps {
  /** The message, in dimmed text. */
  children: ReactNode;
  /** A heading (h3) above the message. */
  title?: ReactNode;
  /** An icon, shown in a round badge above the title. */
  icon?: ReactNode;
  /** What to do about it: a link or a button below the message. */
  action?: ReactNode;
  'data-testid'?: string;
}

/** The empty state of a list: an optional icon and heading, a message and an optional action. */
export function CursorListEmpty({
  children,
  title,
  icon,
  action,
  'data-testid': testId,
}: CursorListEmptyProps) {
  return (
    <Stack align="center" gap="sm" py="lg" ta="center" data-testid={testId}>
      {icon && (
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
      )}
      {title && (
        <Title order={3} size="h4">
          {title}
        </Title>
      )}
      <Text c="dimmed" maw={440}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

export interface CursorListViewProps<T> {
  list: CursorListState<T>;
  /** Renders the loaded items (articles, cards), inside the feed. */
  children: (items: T[]) => ReactNode;
  /** Accessible name of the feed. */
  label: string;

  /** Accessible name of the loading status; without it the skeleton is hidden from assistive tech (the screen announces loading itself). */
  loadingLabel?: string;
  /** Text shown above the skeleton while the first page loads. */
  loadingText?: ReactNode;
  /** Replaces the default skeleton blocks. */
  skeleton?: ReactNode;
  /** How many skeleton blocks, and how tall. */
  skeletonCount?: number;
  skeletonHeight?: number;
  loadingTestId?: string;

  /** Title of the error alert, e.g. "The pages could not be loaded." */
  errorTitle: ReactNode;
  /** What went wrong, below the title. */
  errorMessage?: (error: unknown) => ReactNode;

  /** The empty state's message (see CursorListEmpty for the others). */
  emptyMessage?: ReactNode;
  emptyTitle?: ReactNode;
  emptyIcon?: ReactNode;
  emptyAction?: ReactNode;
  emptyTestId?: string;
  /** Replaces the whole empty state. */
  empty?: ReactNode;

  /** InfiniteList's: the load-more button, the line after the last item, how early to load. */
  loadMoreLabel?: string;
  endMessage?: ReactNode;
  rootMargin?: string;
}

/**
 * (Imported from `@plantfolk/ui/cursor-list`, beside `useCursorList`, not from the kit's index.)
 *
 * The states of a cursor list, the same on every screen: a skeleton (a polite status) while the
 * first page loads; an alert with "Try again" when it fails; an empty state; else the items in an
 * InfiniteList, which loads more as its end scrolls into view, with a button as the fallback and
 * a status while the next page loads. A list that fails to refresh keeps showing what it has.
 */
export function CursorListView<T>({
  list,
  children,
  label,
  loadingLabel,
  loadingText,
  skeleton,
  skeletonCount = 3,
  skeletonHeight = 96,
  loadingTestId,
  errorTitle,
  errorMessage,
  emptyMessage,
  emptyTitle,
  emptyIcon,
  emptyAction,
  emptyTestId,
  empty,
  loadMoreLabel,
  endMessage,
  rootMargin,
}: CursorListViewProps<T>) {
  const { query, items } = list;

  if (query.isPending) {
    const announced = loadingLabel !== undefined || loadingText !== undefined;
    return (
      <Stack
        gap="sm"
        role={announced ? 'status' : undefined}
        aria-live={announced ? 'polite' : undefined}
        aria-label={loadingLabel}
        data-testid={loadingTestId}
      >
        {loadingText !== undefined && (
          <Text c="dimmed" size="sm">
            {loadingText}
          </Text>
        )}
        <Stack gap="sm" aria-hidden>
          {skeleton ??
            Array.from({ length: skeletonCount }, (_, index) => (
              <Skeleton key={index} height={skeletonHeight} radius="md" />
            ))}
        </Stack>
      </Stack>
    );
  }

  if (query.isError && items.length === 0) {
    const message = errorMessage?.(query.error);
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={errorTitle}
        icon={<IconAlertTriangle size={20} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          {message !== undefined && message !== null && <Text size="sm">{message}</Text>}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (items.length === 0) {
    return (
      empty ?? (
        <CursorListEmpty
          title={emptyTitle}
          icon={emptyIcon}
          action={emptyAction}
          data-testid={emptyTestId}
        >
          {emptyMessage}
        </CursorListEmpty>
      )
    );
  }

  return (
    <InfiniteList
      aria-label={label}
      itemCount={items.length}
      hasMore={list.hasMore}
      loading={list.loadingMore}
      onLoadMore={list.loadMore}
      loadMoreLabel={loadMoreLabel}
      endMessage={endMessage}
      rootMargin={rootMargin}
    >
      {children(items)}
    </InfiniteList>
  );
}
