import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DEVICE_LOG_MAX_RANGE_MS } from '@vayu/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifyFailure, notifySuccess, notifyWarning } from '../../app/notifications';
import { downloadDeviceLog, istDay, logInterval } from './device-log';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DAYS = DEVICE_LOG_MAX_RANGE_MS / DAY_MS;

/** Which of the two days is wrong, if either. */
type DayError = 'required' | 'beforeFrom' | 'future' | 'tooLong';

function checkDays(fromDay: string, toDay: string, today: string): { from?: DayError; to?: DayError } {
  if (!fromDay) return { from: 'required' };
  if (!toDay) return { to: 'required' };
  if (toDay < fromDay) return { to: 'beforeFrom' };
  if (fromDay > today) return { from: 'future' };
  const days = (Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS + 1;
  if (days > MAX_DAYS) return { to: 'tooLong' };
  return {};
}

/**
 * "Log file": asks for the India days to cover (yesterday and today unless
 * changed) and downloads what the ingestion recorded for the device. An
 * interval with nothing is a warning (spec), any other failure an alert.
 */
export function DeviceLogButton({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The days as the dialog first showed them: today in India, and yesterday.
  const [today] = useState(() => istDay(Date.now()));
  const [fromDay, setFromDay] = useState(() => istDay(Date.now(), 1));
  const [toDay, setToDay] = useState(today);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const errors = checkDays(fromDay, toDay, today);
  const shown = touched ? errors : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (errors.from || errors.to) return;
    setBusy(true);
    try {
      await downloadDeviceLog(deviceId, logInterval(fromDay, toDay));
      notifySuccess(t('readings.log.downloaded'));
      setOpened(false);
    } catch (error) {
      if (isApiError(error) && error.code === 'LOGS_NOT_FOUND') notifyWarning(t('readings.log.notFound'));
      else notifyFailure(t('readings.log.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('readings.log.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('readings.log.title', { name: deviceName })}
        centered
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('readings.log.intro', { days: MAX_DAYS })}
            </Text>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                label={t('readings.log.from')}
                value={fromDay}
                max={today}
                onChange={(event) => setFromDay(event.currentTarget.value)}
                error={shown.from ? t(`readings.log.errors.${shown.from}`, { days: MAX_DAYS }) : undefined}
                required
              />
              <TextInput
                type="date"
                label={t('readings.log.to')}
                value={toDay}
                onChange={(event) => setToDay(event.currentTarget.value)}
                error={shown.to ? t(`readings.log.errors.${shown.to}`, { days: MAX_DAYS }) : undefined}
                required
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('readings.log.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('readings.log.download')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
