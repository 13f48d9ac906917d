import type { PostPrivacy } from '@plantfolk/api-client';
import { Group, Text } from '@plantfolk/ui';
import { SegmentedControl } from '@plantfolk/ui/controls';
import { privacyOptions, privacyOrder } from './privacy';

/** Who may see a post: public, members, or only me. */
export function PrivacyPicker({
  value,
  onChange,
  disabled,
}: {
  value: PostPrivacy;
  onChange: (value: PostPrivacy) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label="Who can see this">
      <SegmentedControl
        size="xs"
        value={value}
        disabled={disabled}
        onChange={(next) => onChange(next as PostPrivacy)}
        data={privacyOrder.map((privacy) => {
          const { label, icon: Icon } = privacyOptions[privacy];
          return {
            value: privacy,
            label: (
              <Group gap={4} wrap="nowrap" justify="center">
                <Icon size={14} aria-hidden />
                <Text span size="xs" fw={600}>
                  {label}
                </Text>
              </Group>
            ),
          };
        })}
      />
    </div>
  );
}
