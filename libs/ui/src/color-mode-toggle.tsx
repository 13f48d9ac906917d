import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const nextMode: Record<MantineColorScheme, MantineColorScheme> = {
  light: 'dark',
  dark: 'auto',
  auto: 'light',
};

const modeLabel: Record<MantineColorScheme, string> = {
  light: 'light',
  dark: 'dark',
  auto: 'same as device',
};

const ModeIcon = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop };

/** Cycles the colour mode light → dark → auto; the choice is remembered in localStorage. */
export function ColorModeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Icon = ModeIcon[colorScheme];
  const next = nextMode[colorScheme];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      onClick={() => setColorScheme(next)}
      aria-label={`Colour mode: ${modeLabel[colorScheme]}. Switch to ${modeLabel[next]}.`}
      title={`Colour mode: ${modeLabel[colorScheme]}`}
    >
      <Icon size={18} stroke={1.7} aria-hidden />
    </ActionIcon>
  );
}
