import {
  Card,
  Skeleton,
  Text,
  type SettingsSection,
  type SettingsSectionProps,
} from '@plantfolk/ui';
import { Component, Suspense, type ReactNode } from 'react';

interface BoundaryProps {
  title: string;
  children: ReactNode;
}

/** A section that fails to render says so in its place; the rest of /settings keeps working. */
class SectionErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The settings section "${this.props.title}" failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card title={this.props.title}>
        <Text size="sm" c="dimmed">
          This part of your settings is unavailable right now. Try again later.
        </Text>
      </Card>
    );
  }
}

/** A remote's section: loads lazily and fails alone. */
export function ContributedSection({
  section,
  ...props
}: SettingsSectionProps & { section: SettingsSection }) {
  const { Component: Section, title } = section;
  return (
    <SectionErrorBoundary title={title}>
      <Suspense
        fallback={
          <Card title={title}>
            <Skeleton height={48} />
          </Card>
        }
      >
        <Section {...props} />
      </Suspense>
    </SectionErrorBoundary>
  );
}
