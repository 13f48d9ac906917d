import { pagesApi } from '@plantfolk/api-client';
import { Button, PageTitle, Stack } from '@plantfolk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { pageInput, PageForm, tagIdsOf, type PageFormSubmit } from './page-form';

/** Creates the page, then its avatar; answers its handle. */
export async function createPage({ values, tags, avatar }: PageFormSubmit): Promise<string> {
  const tagIdArr = await tagIdsOf(tags);
  const page = await pagesApi.create({ ...pageInput(values), tagIdArr });
  if (avatar) await pagesApi.uploadAvatar(page.id, avatar);
  return page.handle;
}

/**
 * `/pages/new` (trusted members) and `/pages/setup` after sign-up: a page for a group or
 * organisation. `skippable` offers "Skip for now" (the sign-up flow).
 */
export function NewPageForm({ skippable = false }: { skippable?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PageForm
      label="New page"
      submitLabel="Create page"
      onSubmit={async (input) => {
        const handle = await createPage(input);
        await queryClient.invalidateQueries({ queryKey: ['pages'] });
        void navigate(`/${handle}`);
      }}
      extraActions={
        skippable && (
          <Button component={Link} to="/" variant="subtle">
            Skip for now
          </Button>
        )
      }
    />
  );
}

/** `/pages/new`: trusted members create a page. */
export function NewPagePage() {
  return (
    <Stack gap="md">
      <PageTitle
        title="Create a page"
        description="A page for your group or organisation, with its own handle, posts and events."
      />
      <NewPageForm />
    </Stack>
  );
}
