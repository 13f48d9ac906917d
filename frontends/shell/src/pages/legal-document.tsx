import { Card, Stack, Text, Title } from '@plantfolk/ui';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A long-form document (terms, privacy) with numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Card padding="xl">
      <article>
        <Stack gap="lg">
          <header>
            <Title order={1} size="h2" mb="xs">
              {title}
            </Title>
            <Text c="dimmed">{intro}</Text>
          </header>
          {sections.map((section, index) => (
            <section key={section.heading}>
              <Title order={2} size="h4" mb={6}>
                {index + 1}. {section.heading}
              </Title>
              <Stack gap="xs" fz="sm" lh={1.65}>
                {section.body}
              </Stack>
            </section>
          ))}
        </Stack>
      </article>
    </Card>
  );
}
