import {
  contentApi,
  isApiError,
  isReservedHandle,
  locationApi,
  tagsApi,
  type Place,
} from '@plantfolk/api-client';
import {
  Button,
  FormAlert,
  Group,
  Stack,
  Text,
  UnsavedChangesPrompt,
  useForm,
} from '@plantfolk/ui';
import { FileButton, PlacePicker, Textarea, TextInput } from '@plantfolk/ui/controls';
import { useState, type ReactNode } from 'react';
import { TagPicker } from '../composer/tag-picker';
import { toPlaceName } from './page-data';

/** Registration's limits for a handle; pages share the namespace with usernames. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const PAGE_NAME_MAX = 80;
export const PAGE_ABOUT_MAX = 2000;
const MAX_PAGE_FORM_TAGS = 10;

export interface PageFormValues {
  [field: string]: string | number | boolean | null;
  handle: string;
  name: string;
  about: string;
  suburb_city: string;
  state: string;
  country: string;
  latitude: number | '';
  longitude: number | '';
}

export const EMPTY_PAGE_FORM: PageFormValues = {
  handle: '',
  name: '',
  about: '',
  suburb_city: '',
  state: '',
  country: '',
  latitude: '',
  longitude: '',
};

/** What the API takes from the form's values (the place only when one is chosen). */
export function pageInput(values: PageFormValues) {
  const place =
    values.latitude !== '' && values.longitude !== '' && values.suburb_city.trim()
      ? {
          suburb_city: values.suburb_city.trim(),
          state: values.state.trim(),
          country: values.country.trim(),
          latitude: Number(values.latitude),
          longitude: Number(values.longitude),
        }
      : {};
  return {
    handle: values.handle.trim().toLowerCase(),
    name: values.name.trim(),
    about: values.about.trim(),
    ...place,
  };
}

export function validatePage(values: PageFormValues) {
  const handle = values.handle.trim();
  return {
    handle: !HANDLE_PATTERN.test(handle)
      ? 'Use 3 to 30 letters, digits or _'
      : isReservedHandle(handle.toLowerCase())
        ? 'This word is reserved; choose another handle'
        : null,
    name: !values.name.trim()
      ? 'Give the page a name'
      : [...values.name.trim()].length > PAGE_NAME_MAX
        ? `At most ${PAGE_NAME_MAX} characters`
        : null,
    about:
      [...values.about].length > PAGE_ABOUT_MAX ? `At most ${PAGE_ABOUT_MAX} characters` : null,
  };
}

/** Whether a handle is free: neither a member's username nor another page's handle. */
export async function isHandleFree(handle: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await contentApi.userOrPageBasic(handle, signal);
    return false;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return true;
    throw error;
  }
}

/** The tag ids of the names picked (an existing tag's id, or a new tag's). */
export async function tagIdsOf(names: readonly string[]): Promise<number[]> {
  const ids = await Promise.all(names.map((name) => tagsApi.createTagId(name)));
  return ids.map((tag) => tag.id);
}

const placeSource = locationApi.placeSource();

export interface PageFormSubmit {
  values: PageFormValues;
  tags: string[];
  avatar: File | null;
}

export interface PageFormProps {
  initial?: PageFormValues;
  initialTags?: string[];
  /** The page's own handle (editing): it is free for this page. */
  ownHandle?: string;
  submitLabel: string;
  onSubmit: (input: PageFormSubmit) => Promise<void>;
  /** Extra buttons beside submit (e.g. "Skip for now"). */
  extraActions?: ReactNode;
  label: string;
}

/** Handle, name, about, avatar, place and tags of a page: creating and editing share it. */
export function PageForm({
  initial = EMPTY_PAGE_FORM,
  initialTags = [],
  ownHandle,
  submitLabel,
  onSubmit,
  extraActions,
  label,
}: PageFormProps) {
  const [tags, setTags] = useState<string[]>(initialTags);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [handleNote, setHandleNote] = useState<string | null>(null);
  const form = useForm<PageFormValues>({
    initialValues: initial,
    validate: validatePage,
    fieldForCode: { HANDLE_TAKEN: 'handle', HANDLE_RESERVED: 'handle' },
    messageForCode: {
      HANDLE_TAKEN: 'This handle is taken; choose another',
      HANDLE_RESERVED: 'This word is reserved; choose another handle',
    },
  });
  const values = form.values;
  const chosen =
    values.suburb_city && values.latitude !== '' && values.longitude !== ''
      ? {
          label: [values.suburb_city, values.state, values.country].filter(Boolean).join(', '),
          latitude: Number(values.latitude),
          longitude: Number(values.longitude),
        }
      : null;

  const pick = (place: Place | null) => {
    const name = place
      ? place.kind === 'address'
        ? (place.locality ?? place.name)
        : place.name
      : '';
    form.setFieldValue('suburb_city', place ? toPlaceName(name) : '');
    form.setFieldValue('state', place ? toPlaceName(place.state ?? place.name) : '');
    form.setFieldValue('country', place ? toPlaceName(place.country) : '');
    form.setFieldValue('latitude', place ? place.latitude : '');
    form.setFieldValue('longitude', place ? place.longitude : '');
  };

  const checkHandle = async () => {
    const handle = values.handle.trim().toLowerCase();
    setHandleNote(null);
    if (!HANDLE_PATTERN.test(handle) || isReservedHandle(handle) || handle === ownHandle) return;
    try {
      const free = await isHandleFree(handle);
      if (free) setHandleNote(`@${handle} is free`);
      else form.setFieldError('handle', 'This handle is taken; choose another');
    } catch {
      // The API decides on save.
    }
  };

  const submit = form.onSubmit(async (current) => {
    await onSubmit({ values: current, tags, avatar });
    form.resetTo();
  });

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={label} noValidate>
      <UnsavedChangesPrompt when={form.isDirty && !form.submitting} />
      <Stack gap="md">
        <TextInput
          label="Handle"
          description="Your page will live at /your_handle. Letters, digits and _."
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('handle')}
          onBlur={() => void checkHandle()}
        />
        {handleNote && (
          <Text size="sm" role="status">
            {handleNote}
          </Text>
        )}
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Textarea
          label="About"
          description="What the group is about, when and where it meets."
          autosize
          minRows={3}
          {...form.getInputProps('about')}
          onChange={(event) => form.setFieldValue('about', event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="page-avatar-label">
            Avatar (optional)
          </Text>
          <Group gap="sm">
            <FileButton onChange={setAvatar} accept="image/jpeg,image/png,image/webp,image/gif">
              {(props) => (
                <Button {...props} variant="default" aria-describedby="page-avatar-label">
                  {avatar ? 'Choose another picture' : 'Choose a picture'}
                </Button>
              )}
            </FileButton>
            {avatar && (
              <>
                <Text size="sm">{avatar.name}</Text>
                <Button variant="subtle" onClick={() => setAvatar(null)}>
                  Remove
                </Button>
              </>
            )}
          </Group>
        </Stack>
        <PlacePicker
          source={placeSource}
          value={chosen}
          onChange={pick}
          label="Where the group meets"
          description="Start typing, then choose a suburb or town. Others see the area, never a point finer than about 1 km."
          noun="the group"
          withMyLocation={false}
        />
        <TagPicker value={tags} onChange={setTags} max={MAX_PAGE_FORM_TAGS} label="Tags" />
        <FormAlert message={form.formError} />
        <Group justify="flex-end" gap="sm">
          {extraActions}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
