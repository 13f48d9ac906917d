import { Anchor, Badge, Card, Group, Text, type SettingsSectionProps } from '@plantfolk/ui';
import { Link } from 'react-router';

/** Whether the member's phone number is verified, and the way to /auth/sms. */
export function PhoneSection({ user }: Pick<SettingsSectionProps, 'user'>) {
  return (
    <Card title="Phone number">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm">
            {user.phone_verified
              ? 'Your phone number is verified.'
              : 'Verifying your mobile number helps keep Plantfolk free of fake accounts.'}
          </Text>
          {user.phone_verified && (
            <Badge color="green" variant="light">
              Verified
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to="/auth/sms" fw={600} size="sm">
          {user.phone_verified ? 'Verify a new number' : 'Verify your phone'}
        </Anchor>
      </Group>
    </Card>
  );
}
