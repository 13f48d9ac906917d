import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_VIEW_BUDGET,
  FURTHER_REMOTE_BUDGET,
  PageLoad,
  readBundleReport,
} from '../bundle-budget.js';

const frontends = path.resolve(import.meta.dirname, '../../../../frontends');
const report = (name: string) => readBundleReport(path.join(frontends, name, 'dist'));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * TEMPORARY: the first view is checked against what is measured today (289.4 kB gzip, plus a
 * small margin) while it is brought down to its target, FIRST_VIEW_BUDGET = 170 kB (issue 9;
 * frontends/PERFORMANCE.md): a change may not make it heavier. Lower it as the view shrinks.
 */
const FIRST_VIEW_CEILING = 295_000;

describe('JavaScript budgets (gzip), from the built bundle reports', () => {
  const shell = report('shell');
  const social = report('social');

  it('keeps the first view of / (shell, social remote, home route, singletons) within budget', () => {
    const home = new PageLoad(shell).addRemote(social, './home/home-page').total();
    console.info(`first view of /: ${kB(home.gzip)} gzip in ${home.files.length} scripts`);
    expect(home.files).toContain('/remotes/social/remoteEntry.js');
    expect(home.gzip).toBeLessThanOrEqual(Math.max(FIRST_VIEW_BUDGET, FIRST_VIEW_CEILING));
  });

  it.each(['events', 'admin'])(
    'adds at most 40 kB for the %s remote and its first route',
    (name) => {
      const base = new PageLoad(shell).addRemote(social, './home/home-page').total();
      const withRemote = new PageLoad(shell)
        .addRemote(social, './home/home-page')
        .addRemote(report(name))
        .total();
      const added = withRemote.gzip - base.gzip;
      console.info(`${name}: +${kB(added)} gzip`);
      expect(added).toBeLessThanOrEqual(FURTHER_REMOTE_BUDGET);
    },
  );

  it('ships the federation runtime once: only the shell carries it', () => {
    for (const name of ['social', 'events', 'admin']) {
      const entry = report(name).sizes['remoteEntry.js'];
      expect(entry?.gzip, name).toBeLessThan(20_000);
    }
  });

  it('ships one React: every remote takes react and react-dom from the shell', () => {
    for (const key of ['react', 'react-dom', 'react-dom/client', 'react-router']) {
      expect(Object.keys(shell.shared), key).toContain(key);
    }
  });
});
