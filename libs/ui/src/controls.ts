// `@plantfolk/ui/controls`: the Mantine form controls no first view renders (pickers, steppers,
// tabs, file buttons, …). A shared module keeps every export it has, so these live in a singleton
// of their own, apart from `@plantfolk/ui`: a page downloads them with the first chunk that
// imports one, not with the UI kit (frontends/PERFORMANCE.md). Same rule as mantine.ts: this
// package is the only door to Mantine; their CSS is imported in styles.ts.
export {
  Checkbox,
  Chip,
  Combobox,
  Fieldset,
  FileButton,
  NumberInput,
  Pill,
  PillsInput,
  PinInput,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  Stepper,
  Tabs,
  useCombobox,
} from '@mantine/core';
export type { ComboboxStore } from '@mantine/core';
