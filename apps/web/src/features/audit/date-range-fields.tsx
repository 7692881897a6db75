import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUDIT_MAX_RANGE_DAYS } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import type { DateRangeState } from './audit-filters';

export interface DateRangeFieldsProps {
  range: DateRangeState;
  onChange: (change: { startDate?: string; endDate?: string }) => void;
  /** Back to the default range (the last 7 days). */
  onReset: () => void;
}

/**
 * From/to dates of the audit screens; calendar days in India, as the API
 * counts them. Neither may be after today there: the pickers stop at today and
 * a later date typed in is taken as today.
 */
export function DateRangeFields({ range, onChange, onReset }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const { today } = range;
  const notAfterToday = (date: string) => (date > today ? today : date);
  const error =
    range.error === 'endBeforeStart'
      ? t('audit.filters.endBeforeStart')
      : range.error === 'tooLong'
        ? t('audit.filters.tooLong', { days: AUDIT_MAX_RANGE_DAYS })
        : undefined;
  return (
    <Stack gap={4}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('audit.filters.startDate')}
          value={range.startDate}
          max={notAfterToday(range.endDate)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value) onChange({ startDate: notAfterToday(value) });
          }}
          w={170}
        />
        <TextInput
          type="date"
          label={t('audit.filters.endDate')}
          value={range.endDate}
          min={range.startDate}
          max={today}
          error={error}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value) onChange({ endDate: notAfterToday(value) });
          }}
          w={170}
        />
        <Button variant="default" mt={25} onClick={onReset}>
          {t('audit.filters.reset')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('audit.filters.timeZoneHint')}
      </Text>
    </Stack>
  );
}
