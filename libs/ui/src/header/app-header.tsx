import type { ReactNode } from 'react';

export interface AppHeaderProps {
  /** Menu button and logo. */
  start: ReactNode;
  /** Actions: colour mode, log in, join. */
  end?: ReactNode;
  /** Shows a progress line under the header while a page loads. */
  busy?: boolean;
}

export function AppHeader({ start, end, busy = false }: AppHeaderProps) {
  return (
    <header className="pf-header">
      <div className="pf-header__inner">
        <div className="pf-header__start">{start}</div>
        {end && <div className="pf-header__end">{end}</div>}
      </div>
      {busy && <div className="pf-progress" role="progressbar" aria-label="Loading page" />}
    </header>
  );
}
