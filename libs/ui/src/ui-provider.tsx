import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { colorModeManager, plantfolkCssVariables, plantfolkTheme } from './theme';
import './styles';

export interface UiProviderProps {
  children: ReactNode;
  /** `test` turns off transitions and portals, for component tests. */
  env?: 'default' | 'test';
}

/** Theme, colour mode (remembered in localStorage under `color-mode`) and global styles. */
export function UiProvider({ children, env = 'default' }: UiProviderProps) {
  return (
    <MantineProvider
      theme={plantfolkTheme}
      cssVariablesResolver={plantfolkCssVariables}
      colorSchemeManager={colorModeManager}
      defaultColorScheme="auto"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
