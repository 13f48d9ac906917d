import { useSession } from '@plantfolk/session';
import { PageLoader, PageTitle, Stack, UnsavedChangesPrompt } from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { useShellServices } from '../app/shell-context';
import { ContributedSection } from './contributed-section';
import { shellSettingsSections } from './shell-settings-sections';
import { useDirtyForms } from './use-dirty-forms';

export const contributedSectionsQueryKey = ['shell', 'contributed-settings-sections'] as const;

/**
 * `/settings`: the shell's sections (profile, photo, phone, password, sessions, notifications,
 * account deletion) and those the remotes named in the runtime config contribute, in order.
 * The shell's show at once; a remote's join when it has loaded, and a remote that cannot load
 * adds nothing.
 */
export function SettingsPage() {
  const user = useSession((state) => state.user);
  const dirtyForms = useDirtyForms();
  const { remotes } = useShellServices();
  const contributed = useQuery({
    queryKey: contributedSectionsQueryKey,
    queryFn: () => remotes.loadSettingsSections(),
    staleTime: Infinity,
  });
  if (!user) return <PageLoader />;

  const own = new Set(shellSettingsSections);
  const sections = [...shellSettingsSections, ...(contributed.data ?? [])].sort(
    (a, b) => a.order - b.order,
  );
  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirtyForms.isDirtyNow} />
      <PageTitle title="Settings" description={`Signed in as ${user.email}`} />
      {sections.map((section) => {
        const { Component: Section } = section;
        const props = { user, registerDirtyCheck: dirtyForms.register };
        return (
          <div key={section.id} id={section.id}>
            {own.has(section) ? (
              <Section {...props} />
            ) : (
              <ContributedSection section={section} {...props} />
            )}
          </div>
        );
      })}
    </Stack>
  );
}
