import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  CALIBRATION_MARKERS,
  CALIBRATION_SCHEDULE_PAGE_SIZE,
  calibrationScheduleQuerySchema,
  type CalibrationMarker,
} from '@vayu/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { useListState } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { SegmentedChoice } from '../../components/segmented-choice';
import { useCalibrationSchedule } from './api';
import { CalibrationScheduleTable } from './calibration-schedule-table';
import { LabIndustryPicker } from './lab-industry-picker';

const ALL = 'all';
type MarkerChoice = CalibrationMarker | typeof ALL;

/**
 * `/calibrations/schedule`: the CPCB protocol's calibration checks of every
 * device parameter the user sees, overdue first, with the last check done
 * and when the next is due. Filters (industry, marker) and the page live in
 * the URL.
 */
export function CalibrationSchedulePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isOwnIndustry = user?.userType === 'tenant';
  const fixed = useMemo(() => ({ pageSize: CALIBRATION_SCHEDULE_PAGE_SIZE }), []);
  const { query, change, setPage } = useListState(calibrationScheduleQuerySchema, { fixed });
  const schedule = useCalibrationSchedule(query);
  useDocumentTitle(`${t('pages.calibrationSchedule')} · ${t('common.appName')}`);

  const markers: { value: MarkerChoice; label: string }[] = [
    { value: ALL, label: t('labCalibration.schedule.allMarkers') },
    ...CALIBRATION_MARKERS.map((marker) => ({ value: marker, label: t(`labCalibration.markers.${marker}`) })),
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.calibrationSchedule')}</Title>
        <Text c="dimmed" size="sm">
          {t('labCalibration.schedule.intro')}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          {!isOwnIndustry && (
            <LabIndustryPicker
              value={query.tenantId}
              onChange={(tenantId) => change({ tenantId, deviceId: undefined, status: query.status })}
              allowAll
            />
          )}
          <Stack gap={4}>
            <Text id="calibration-marker" size="sm" fw={500}>
              {t('labCalibration.schedule.marker')}
            </Text>
            <SegmentedChoice
              aria-labelledby="calibration-marker"
              value={query.status ?? ALL}
              onChange={(status) =>
                change({ status: status === ALL ? undefined : status, tenantId: query.tenantId })
              }
              data={markers}
            />
          </Stack>
        </Group>
      </Paper>

      <CalibrationScheduleTable
        schedule={schedule}
        page={query.page}
        showDevice
        emptyText={
          query.status === undefined
            ? t('labCalibration.schedule.empty')
            : t('labCalibration.schedule.emptyFiltered')
        }
      />

      {schedule.data && (
        <Pagination
          page={query.page}
          pageCount={schedule.data.pageCount}
          total={schedule.data}
          disabled={schedule.isFetching}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
