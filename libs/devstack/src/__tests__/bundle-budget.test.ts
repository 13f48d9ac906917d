import fs from 'node:fs';
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
 * TEMPORARY: the first view is checked against what is measured today (222.2 kB gzip in 12
 * scripts, plus a small margin) while it is brought down to its target, FIRST_VIEW_BUDGET =
 * 170 kB (issue 9; frontends/PERFORMANCE.md says what stands in the way): a change may not make
 * it heavier. Lower it as the view shrinks. It was 222.0 kB until the messages routes, the
 * messages icon and the remotes' settings sections joined the social remote's route table
 * (+0.2 kB; their screens are lazy chunks), and 222.2 kB until the admins' site settings took
 * effect on every page (+2.4 kB: the header asks for the public settings and shows the site's
 * name, +0.6 kB in the shell; the header's search box entry; posts play the video links the
 * settings allow, +1.3 kB in the home page). The kit itself still never fetches: the settings
 * query and the video players are sub-path modules outside its shared singleton. 224.8 kB until
 * the feed took the kit's one cursor-list view (loading, error with retry that keeps the items,
 * empty state) shared by every list screen: +0.4 kB in the home page's chunk. 225.2 kB until
 * photos learnt two more states in the kit's image (a neutral box before the render job's
 * blurhash exists, "Photo could not be processed" for a damaged upload): 225.201 kB measured.
 */
const FIRST_VIEW_CEILING = 225_400;

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

  it("lets the shell's first script preload the home page's code: the remote's route-chunks.json", () => {
    const chunks = JSON.parse(
      fs.readFileSync(path.join(frontends, 'social/dist/route-chunks.json'), 'utf8'),
    ) as { routes: string[]; pages: { path: string; files: string[] }[] };
    const home = social.asyncImports.find((group) => group.request === './home/home-page');
    expect(chunks.pages.find((page) => page.path === '/')?.files.sort()).toEqual(
      home?.files.sort(),
    );
    expect(chunks.routes.sort()).toEqual(Object.values(social.exposes)[0]?.files.sort());
  });

  it.each([
    ['social', './home/home-page'],
    ['social', './posts/post-page'],
    ['events', './events-list/events-page'],
  ])("keeps the form controls and menus out of %s's %s (guests' first views)", (name, page) => {
    const remote = report(name);
    const route = remote.asyncImports.find((group) => group.request === page);
    expect(route, page).toBeDefined();
    for (const group of [remote.entry, ...Object.values(remote.exposes), route]) {
      expect(group?.consumes).not.toContain('@plantfolk/ui/controls');
    }
    expect(shell.shared['@plantfolk/ui']?.consumes).not.toContain('@plantfolk/ui/controls');
  });

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
