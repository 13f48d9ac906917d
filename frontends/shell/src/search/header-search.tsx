import {
  type SearchGroup,
  type SearchHit,
  type SearchResults,
  searchApi,
  searchGroups,
  SEARCH_TERM_MAX,
} from '@plantfolk/api-client';
import {
  ActionIcon,
  CloseButton,
  IconSearch,
  Loader,
  Paper,
  Text,
  useDebouncedValue,
  UserAvatar,
  VisuallyHidden,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Shorter terms are not searched: a letter matches nothing useful and costs a request. */
export const SEARCH_MIN_LENGTH = 2;

export const GROUP_LABELS: Record<SearchGroup, string> = {
  people: 'People',
  pages: 'Pages',
  tags: 'Tags',
  posts: 'Posts',
  plants: 'Plants',
  events: 'Events',
};

/** The screen a result opens (the routes of the spec). */
export function searchHitPath(group: SearchGroup, hit: Pick<SearchHit, 'key'>): string {
  const key = encodeURIComponent(hit.key);
  switch (group) {
    case 'people':
    case 'pages':
      return `/${key}`;
    case 'tags':
      return `/tag/${key}`;
    case 'posts':
      return `/post/${key}`;
    case 'plants':
      return `/plant/${key}`;
    case 'events':
      return `/event/${key}`;
  }
}

interface Option {
  id: string;
  group: SearchGroup;
  hit: SearchHit;
}

function optionsOf(results: SearchResults | undefined): Option[] {
  if (!results) return [];
  return searchGroups.flatMap((group) =>
    results[group].items.map((hit) => ({ id: `${group}-${hit.id}`, group, hit })),
  );
}

/**
 * The header's search box, for members: a combobox (ARIA 1.2, list autocomplete) whose listbox
 * holds the results grouped as people, pages, tags, posts, plants and events. Arrow keys move
 * through the results, Enter opens one, Escape closes the list (and, closed, clears the box).
 * On a phone the box is an icon that opens a full-width field over the header.
 */
export function HeaderSearch() {
  const [expanded, setExpanded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setExpanded(false);
    opener.current?.focus();
  };
  return (
    <>
      <div className="pf-hide-compact" style={{ position: 'relative' }}>
        <SearchCombobox />
      </div>
      <ActionIcon
        ref={opener}
        className="pf-only-compact"
        variant="subtle"
        size="lg"
        aria-label="Search"
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      {expanded && (
        <Paper
          shadow="md"
          p="xs"
          className="pf-only-compact"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 300, display: 'block' }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, position: 'relative' }}>
            <div style={{ flex: 1, position: 'relative' }}>
              <SearchCombobox autoFocus fullWidth onDone={close} onEscapeEmpty={close} />
            </div>
            <CloseButton aria-label="Close search" onClick={close} />
          </div>
        </Paper>
      )}
    </>
  );
}

interface SearchComboboxProps {
  autoFocus?: boolean;
  fullWidth?: boolean;
  /** After a result is opened. */
  onDone?: () => void;
  /** Escape in an empty, closed box (the phone's field closes). */
  onEscapeEmpty?: () => void;
}

export function SearchCombobox({
  autoFocus,
  fullWidth,
  onDone,
  onEscapeEmpty,
}: SearchComboboxProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The phone's field takes the focus as it opens: focused here, not with the autoFocus prop,
  // which Preact (serving React) leaves to the HTML attribute, honoured only as a page loads.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  // The picked result by id: a new list keeps it only if it is still there, so Enter never opens
  // a result the member did not pick.
  const [activeId, setActiveId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const term = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';

  const results = useQuery({
    queryKey: ['search', 'header', term],
    queryFn: ({ signal }) => searchApi.term(term, { order: 'relevance' }, signal),
    enabled: term !== '',
    staleTime: 30_000,
  });
  const options = useMemo(() => optionsOf(term ? results.data : undefined), [results.data, term]);
  const active = options.findIndex((option) => option.id === activeId);

  const showList = open && term !== '';
  const activeOption = showList && active >= 0 ? options[active] : undefined;

  const choose = (option: Option) => {
    setOpen(false);
    setText('');
    navigate(searchHitPath(option.group, option.hit));
    onDone?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!options.length) {
          setOpen(true);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        const next =
          !showList || active < 0
            ? step === 1
              ? 0
              : options.length - 1
            : (active + step + options.length) % options.length;
        setActiveId(options[next].id);
        return;
      }
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        return;
      case 'Escape':
        event.preventDefault();
        setActiveId(null);
        if (showList) setOpen(false);
        else if (text) setText('');
        else onEscapeEmpty?.();
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  const status = !term
    ? ''
    : results.isPending
      ? 'Searching…'
      : results.isError
        ? 'Search failed; please try again.'
        : options.length
          ? `${options.length} result${options.length === 1 ? '' : 's'}; use the arrow keys to pick one.`
          : `Nothing found for “${term}”.`;

  return (
    <>
      <TextInput
        type="search"
        role="combobox"
        aria-label="Search Plantfolk"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? activeOption.id : undefined}
        aria-describedby={statusId}
        autoComplete="off"
        ref={input}
        placeholder="Search people, plants, tags…"
        maxLength={SEARCH_TERM_MAX}
        value={text}
        w={fullWidth ? '100%' : 260}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={term && results.isFetching ? <Loader size="xs" /> : null}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActiveId(null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <VisuallyHidden id={statusId} role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
      <Paper
        shadow="md"
        withBorder
        id={listboxId}
        role="listbox"
        aria-label="Search results"
        style={{
          display: showList ? 'block' : 'none',
          position: 'absolute',
          top: 'calc(100% + 4px)',
          right: 0,
          left: fullWidth ? 0 : undefined,
          width: fullWidth ? undefined : 'min(26rem, calc(100vw - 1rem))',
          maxHeight: 'min(70vh, 32rem)',
          overflowY: 'auto',
          zIndex: 310,
          padding: 4,
        }}
      >
        {showList && !options.length && (
          <Text size="sm" p="xs" aria-hidden>
            {status}
          </Text>
        )}
        {showList &&
          searchGroups.map((group) => {
            const items = options.filter((option) => option.group === group);
            if (!items.length) return null;
            const labelId = `${listboxId}-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={labelId}>
                <Text
                  id={labelId}
                  size="xs"
                  fw={700}
                  tt="uppercase"
                  px="xs"
                  pt={6}
                  pb={2}
                  role="presentation"
                >
                  {GROUP_LABELS[group]}
                </Text>
                {items.map((option) => (
                  <SearchOption
                    key={option.id}
                    option={option}
                    active={option === activeOption}
                    onChoose={() => choose(option)}
                  />
                ))}
              </div>
            );
          })}
      </Paper>
    </>
  );
}

function SearchOption({
  option,
  active,
  onChoose,
}: {
  option: Option;
  active: boolean;
  onChoose: () => void;
}) {
  const { hit, group } = option;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const withAvatar = group === 'people' || group === 'pages';
  return (
    <div
      ref={ref}
      id={option.id}
      role="option"
      aria-selected={active}
      // The input keeps the focus (and the list stays open) while a result is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 8px',
        borderRadius: 4,
        cursor: 'pointer',
        background: active ? 'var(--mantine-color-default-hover)' : undefined,
        outline: active ? '2px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -2,
      }}
    >
      {withAvatar && <UserAvatar user={{ username: hit.title, avatar: hit.image }} size="sm" />}
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {group === 'tags' ? `#${hit.title}` : hit.title || hit.key}
        </Text>
        {(group === 'people' || group === 'pages') && (
          <Text size="xs" truncate>
            @{hit.key}
          </Text>
        )}
        {hit.detail && group !== 'people' && (
          <Text size="xs" truncate>
            {hit.detail}
          </Text>
        )}
      </div>
    </div>
  );
}
