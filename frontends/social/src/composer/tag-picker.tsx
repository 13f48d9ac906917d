import {
  isValidTagName,
  MAX_TAGS_PER_POST,
  normaliseTagName,
  tagsApi,
  type Tag,
} from '@plantfolk/api-client';
import {
  Group,
  IconTagPlus,
  Loader,
  Text,
  formatCount,
  splitServerError,
  useDebouncedValue,
} from '@plantfolk/ui';
import { Combobox, Pill, PillsInput, useCombobox } from '@plantfolk/ui/controls';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { tagKeys } from '../content/query-keys';

const CREATE = '\u0000create:';

export interface TagPickerProps {
  value: readonly string[];
  onChange: (names: string[]) => void;
  max?: number;
  label?: string;
  disabled?: boolean;
}

/**
 * Tags for a post: type a few letters to pick from existing tags (looked up by prefix, most
 * followed first), or create a new one. Names show as the API stores them.
 */
export function TagPicker({
  value,
  onChange,
  max = MAX_TAGS_PER_POST,
  label = 'Tags',
  disabled = false,
}: TagPickerProps) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const descriptionId = useId();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const prefix = normaliseTagName(search);
  const [debounced] = useDebouncedValue(prefix, 200);
  const full = value.length >= max;

  const suggestions = useQuery({
    queryKey: tagKeys.prefix(debounced),
    queryFn: ({ signal }) => tagsApi.tagsByPrefix(debounced, false, signal),
    enabled: debounced.length >= 1 && !full,
    staleTime: 60_000,
  });
  const options: Tag[] = (debounced === prefix ? (suggestions.data ?? []) : []).filter(
    (tag) => !value.includes(tag.name),
  );
  const canCreate =
    prefix.length > 0 &&
    isValidTagName(prefix) &&
    !value.includes(prefix) &&
    !options.some((tag) => tag.name === prefix);

  const add = (name: string) => {
    if (value.includes(name) || full) return;
    onChange([...value, name]);
    setSearch('');
    setError(null);
  };

  const create = async (typed: string) => {
    setCreating(true);
    setError(null);
    try {
      const tag = await tagsApi.createTag({ tagName: typed });
      add(tag.name);
    } catch (failure) {
      setError(splitServerError(failure, []).formError);
    } finally {
      setCreating(false);
    }
  };

  const submit = (choice: string) => {
    if (choice.startsWith(CREATE)) void create(choice.slice(CREATE.length));
    else add(choice);
    combobox.closeDropdown();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
    if ((event.key === 'Enter' || event.key === ',') && combobox.getSelectedOptionIndex() < 0) {
      event.preventDefault();
      if (!prefix) return;
      if (options.some((tag) => tag.name === prefix)) add(prefix);
      else if (canCreate) void create(search);
      else if (!isValidTagName(prefix)) {
        setError('A tag has 2 to 40 letters, digits or hyphens.');
      }
    }
  };

  const showDropdown = !full && prefix.length > 0 && (options.length > 0 || canCreate);

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={submit} withinPortal={false}>
        <Combobox.DropdownTarget>
          <PillsInput
            label={label}
            description={
              full
                ? `A post can have up to ${max} tags.`
                : 'Type to find a tag, or create a new one.'
            }
            error={error}
            disabled={disabled}
            rightSection={creating || suggestions.isFetching ? <Loader size="xs" /> : null}
            onClick={() => combobox.openDropdown()}
          >
            <Pill.Group>
              {value.map((name) => (
                <Pill
                  key={name}
                  withRemoveButton={!disabled}
                  onRemove={() => onChange(value.filter((item) => item !== name))}
                  // Mantine hides the remove button from assistive tech and the tab order;
                  // it is the only way to drop a tag other than the last, so it stays reachable.
                  removeButtonProps={{
                    'aria-label': `Remove tag ${name}`,
                    'aria-hidden': false,
                    tabIndex: 0,
                  }}
                >
                  #{name}
                </Pill>
              ))}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  value={search}
                  placeholder={full ? '' : value.length ? 'Add another tag' : 'e.g. ferns'}
                  disabled={disabled || full}
                  aria-describedby={descriptionId}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    setError(null);
                    combobox.updateSelectedOptionIndex();
                    combobox.openDropdown();
                  }}
                  onKeyDown={onKeyDown}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        <Combobox.Dropdown hidden={!showDropdown}>
          <Combobox.Options aria-label="Tag suggestions">
            {options.map((tag) => (
              <Combobox.Option value={tag.name} key={tag.id}>
                <Group justify="space-between" wrap="nowrap">
                  <span>#{tag.name}</span>
                  <Text span size="xs" c="dimmed">
                    {formatCount(tag.post_count)} posts
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
            {canCreate && (
              <Combobox.Option value={`${CREATE}${search}`}>
                <Group gap={6} wrap="nowrap">
                  <IconTagPlus size={16} aria-hidden />
                  <span>Create tag “{prefix}”</span>
                </Group>
              </Combobox.Option>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <span id={descriptionId} hidden>
        {value.length} of {max} tags chosen
      </span>
    </div>
  );
}
