import { Box, Group, List, Stack, Text } from '@plantfolk/ui';
import { Fieldset, NumberInput, Radio, TextInput } from '@plantfolk/ui/controls';
import { useId } from 'react';
import { formatDay, formatClock, wallTimeToInstant, type WallTime } from '../time/zoned-time';
import {
  describeRecurrence,
  isLastWeekdayOfMonth,
  nthWeekdayLabel,
  recurrenceLimits,
  recurrenceProblem,
  upcomingDates,
  type MonthlyBy,
  type Recurrence,
  type RecurrenceEnd,
  type RecurrenceFrequency,
} from './recurrence';

export interface RecurrencePickerProps {
  value: Recurrence;
  onChange: (value: Recurrence) => void;
  /** The first date, as the form's start field holds it. */
  start: WallTime;
  /** The event's zone: the preview reads its dates there. */
  timeZone: string;
  disabled?: boolean;
}

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number(value));

/**
 * How an event repeats: once, every n weeks, or monthly by date or by nth weekday; until a date
 * or for a number of dates. Below, the dates it makes, read in the event's zone, so the member
 * sees what they are about to publish.
 */
export function RecurrencePicker({
  value,
  onChange,
  start,
  timeZone,
  disabled,
}: RecurrencePickerProps) {
  const update = (patch: Partial<Recurrence>) => onChange({ ...value, ...patch });
  const startDay = Number(start.slice(8, 10));
  const problem = recurrenceProblem(value, start);
  const preview = upcomingDates(value, start);

  return (
    <Fieldset legend="Repeats" disabled={disabled} variant="unstyled">
      <Stack gap="sm">
        <Radio.Group
          label="How often"
          value={value.frequency}
          onChange={(frequency) => update({ frequency: frequency as RecurrenceFrequency })}
        >
          <Group gap="md" mt={6}>
            <Radio value="once" label="Once" />
            <Radio value="weekly" label="Weekly" />
            <Radio value="monthly" label="Monthly" />
          </Group>
        </Radio.Group>

        {value.frequency !== 'once' && (
          <NumberInput
            label={value.frequency === 'weekly' ? 'Every how many weeks' : 'Every how many months'}
            description={
              value.frequency === 'weekly'
                ? '1 is every week, 2 every other week'
                : '1 is every month, 3 every quarter'
            }
            min={1}
            max={recurrenceLimits.maxInterval}
            allowDecimal={false}
            allowNegative={false}
            value={value.interval}
            onChange={(next) => update({ interval: asNumber(next) })}
            maw={220}
          />
        )}

        {value.frequency === 'monthly' && (
          <Radio.Group
            label="On which day"
            value={value.monthlyBy}
            onChange={(monthlyBy) => update({ monthlyBy: monthlyBy as MonthlyBy })}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="date"
                label={
                  Number.isFinite(startDay) && startDay > 0
                    ? `On day ${startDay} of the month`
                    : 'On the same day of the month'
                }
                description={
                  startDay > 28 ? `Months without a day ${startDay} are skipped.` : undefined
                }
              />
              <Radio
                value="weekday"
                label={`On ${nthWeekdayLabel(start)}`}
                description={
                  startDay > 28
                    ? `Months without ${nthWeekdayLabel(start)} are skipped.`
                    : undefined
                }
              />
              {(isLastWeekdayOfMonth(start) || value.monthlyBy === 'last_weekday') && (
                <Radio value="last_weekday" label={`On ${nthWeekdayLabel(start, true)}`} />
              )}
            </Stack>
          </Radio.Group>
        )}

        {value.frequency !== 'once' && (
          <Radio.Group
            label="Until"
            value={value.end}
            onChange={(end) => update({ end: end as RecurrenceEnd })}
          >
            <Stack gap={6} mt={6}>
              <Radio value="count" label="A number of dates" />
              <Radio value="until" label="A last date" />
            </Stack>
          </Radio.Group>
        )}

        {value.frequency !== 'once' && value.end === 'count' && (
          <NumberInput
            label="How many dates"
            description={`The first included; ${recurrenceLimits.minCount} to ${recurrenceLimits.maxCount}`}
            min={recurrenceLimits.minCount}
            max={recurrenceLimits.maxCount}
            allowDecimal={false}
            allowNegative={false}
            value={value.count}
            onChange={(next) => update({ count: asNumber(next) })}
            maw={220}
          />
        )}
        {value.frequency !== 'once' && value.end === 'until' && (
          <TextInput
            type="date"
            label="Last date"
            description="No date after this day"
            value={value.until}
            min={start.slice(0, 10) || undefined}
            onChange={(event) => update({ until: event.currentTarget.value })}
            maw={220}
          />
        )}

        {value.frequency !== 'once' && (
          <Box aria-live="polite">
            {problem ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {problem}
              </Text>
            ) : (
              <RecurrencePreview
                summary={describeRecurrence(value, start)}
                dates={preview.dates}
                total={preview.total}
                timeZone={timeZone}
              />
            )}
          </Box>
        )}
      </Stack>
    </Fieldset>
  );
}

function RecurrencePreview({
  summary,
  dates,
  total,
  timeZone,
}: {
  summary: string;
  dates: WallTime[];
  total: number;
  timeZone: string;
}) {
  const labelId = useId();
  const instants = dates
    .map((wall) => wallTimeToInstant(wall, timeZone))
    .filter((instant): instant is Date => instant !== null);
  return (
    <Stack gap={4} data-testid="recurrence-preview">
      <Text size="sm" fw={600}>
        {summary}
      </Text>
      <Text size="sm" c="dimmed" id={labelId}>
        {total > dates.length ? `The first ${dates.length} of ${total} dates:` : `${total} dates:`}
      </Text>
      <List size="sm" aria-labelledby={labelId}>
        {instants.map((instant) => (
          <List.Item key={instant.toISOString()}>
            {formatDay(instant, timeZone)}, {formatClock(instant, timeZone)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
