// `@plantfolk/ui/controls`: the Mantine form controls and menus no first view renders (pickers,
// steppers, tabs, file buttons, menus, popovers, …). A shared module keeps every export it has, so
// these live in a singleton of their own, apart from `@plantfolk/ui`: a page downloads them with
// the first chunk that imports one, not with the UI kit (frontends/PERFORMANCE.md). A component
// on a first view that needs one (the account menu, a post's menu) loads lazily. Same rule as
// mantine.ts: this package is the only door to Mantine; their CSS is imported in styles.ts.
export {
  Checkbox,
  Chip,
  Combobox,
  Fieldset,
  FileButton,
  Menu,
  NumberInput,
  PasswordInput,
  Pill,
  PillsInput,
  PinInput,
  Popover,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  Stepper,
  Switch,
  Tabs,
  Textarea,
  TextInput,
  useCombobox,
} from '@mantine/core';
export type { ComboboxStore } from '@mantine/core';
export {
  PlacePicker,
  type PickablePlace,
  type PlacePickerProps,
  type PlaceSource,
} from './forms/place-picker';
