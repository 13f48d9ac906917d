import { identityApi, isApiError } from '@plantfolk/api-client';
import { useSession, type SessionUser } from '@plantfolk/session';
import {
  Alert,
  Anchor,
  Button,
  FormAlert,
  Group,
  IconCircleCheck,
  IconInfoCircle,
  IconPhone,
  PageLoader,
  Stack,
  Text,
  useForm,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSessionClient } from '../app/shell-context';
import { AuthScreen } from './auth-screen';

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/** People type spaces, dashes, dots and brackets; the API wants the bare E.164 form. */
export const normalisePhoneNumber = (value: string) => value.replace(/[\s().-]/g, '');

export function phoneNumberProblem(value: string): string | null {
  const phone = normalisePhoneNumber(value);
  if (!phone) return 'Enter your mobile number.';
  return E164.test(phone)
    ? null
    : 'Enter the number in international format: + and the country code, e.g. +61 412 345 678.';
}

type Step =
  { kind: 'number'; notice?: string } | { kind: 'code'; phoneNo: string; recordId: string };

/** `/auth/sms`: phone verification, number → 6-digit code by SMS → confirmed. */
export function SmsPage() {
  const user = useSession((state) => state.user);
  const [verifyAnother, setVerifyAnother] = useState(false);
  if (!user) return <PageLoader />;

  if (user.phone_verified && !verifyAnother) {
    return (
      <AuthScreen
        title="Your phone number is verified"
        description="Thank you. If your number changes, you can verify the new one here."
        icon={IconCircleCheck}
      >
        <Stack gap="sm">
          <Button component={Link} to="/settings">
            Back to settings
          </Button>
          <Button variant="default" onClick={() => setVerifyAnother(true)}>
            Verify a new number
          </Button>
        </Stack>
      </AuthScreen>
    );
  }
  return <PhoneVerification user={user} />;
}

function PhoneVerification({ user }: { user: SessionUser }) {
  const [step, setStep] = useState<Step>({ kind: 'number' });
  const [phone, setPhone] = useState('');

  return (
    <AuthScreen
      title="Verify your phone number"
      description="Verifying your mobile number helps keep Plantfolk free of fake accounts. Your number is never shown to other members."
      icon={IconPhone}
      footer={
        <Anchor component={Link} to="/settings">
          Back to settings
        </Anchor>
      }
    >
      {step.kind === 'number' ? (
        <NumberStep
          user={user}
          initialPhone={phone}
          notice={step.notice}
          onSent={(phoneNo, recordId) => {
            setPhone(phoneNo);
            setStep({ kind: 'code', phoneNo, recordId });
          }}
        />
      ) : (
        <CodeStep
          user={user}
          phoneNo={step.phoneNo}
          recordId={step.recordId}
          onRestart={(notice) => setStep({ kind: 'number', notice })}
        />
      )}
    </AuthScreen>
  );
}

function NumberStep({
  user,
  initialPhone,
  notice,
  onSent,
}: {
  user: SessionUser;
  initialPhone: string;
  notice?: string;
  onSent: (phoneNo: string, recordId: string) => void;
}) {
  const form = useForm({
    initialValues: { phone: initialPhone },
    validate: (values) => ({ phone: phoneNumberProblem(values.phone) }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        const phoneNo = normalisePhoneNumber(values.phone);
        const check = await identityApi.startPhoneCheck(phoneNo, user.uuid);
        if (check.unverifiable || !check.recordId) {
          form.setFieldError(
            'phone',
            'We could not send a code to this number. Check it, or try another one.',
          );
          return;
        }
        onSent(phoneNo, check.recordId);
      })}
    >
      <Stack gap="md">
        {notice && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
            {notice}
          </Alert>
        )}
        <FormAlert message={form.formError} />
        <TextInput
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="+61 412 345 678"
          description="With + and the country code. We send a 6-digit code to it by SMS."
          withAsterisk
          {...form.getInputProps('phone')}
        />
        <Button type="submit" size="md" loading={form.submitting}>
          Send me a code
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({
  user,
  phoneNo,
  recordId,
  onRestart,
}: {
  user: SessionUser;
  phoneNo: string;
  recordId: string;
  onRestart: (notice?: string) => void;
}) {
  const sessionClient = useSessionClient();
  const [verified, setVerified] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: (values) => ({
      code: /^\d{6}$/.test(values.code.trim()) ? null : 'Enter the 6 digits from the SMS.',
    }),
  });

  if (verified) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
          {phoneNo} is verified. Thank you!
        </Alert>
        <Button component={Link} to="/settings">
          Back to settings
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await identityApi.confirmPhone({
            phoneNo,
            userId: user.uuid,
            recordId,
            code: values.code.trim(),
          });
        } catch (error) {
          if (isApiError(error) && error.code === 'CODE_EXPIRED') {
            onRestart('That code has expired or was tried too often. Ask for a new one.');
            return;
          }
          if (isApiError(error) && error.code === 'WRONG_CODE') {
            const left = (error.details as { attemptsLeft?: number } | undefined)?.attemptsLeft;
            form.setFieldError(
              'code',
              typeof left === 'number'
                ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
                : 'That code is not right.',
            );
            return;
          }
          throw error;
        }
        sessionClient.setUser({ ...user, phone_verified: true });
        setVerified(true);
      })}
    >
      <Stack gap="md">
        <Text>
          We sent a 6-digit code to <strong>{phoneNo}</strong>.
        </Text>
        <FormAlert message={form.formError} />
        <TextInput
          label="Code from the SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          withAsterisk
          {...form.getInputProps('code')}
        />
        <Group gap="sm" grow>
          <Button type="submit" size="md" loading={form.submitting}>
            Verify
          </Button>
        </Group>
        <Text size="sm" c="dimmed" ta="center">
          No SMS after a minute?{' '}
          <Anchor component="button" type="button" onClick={() => onRestart()}>
            Change the number or send a new code
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
