import { Stack, Text } from '@mantine/core';
import { CALIBRATION_SCHEDULE_PAGE_SIZE } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/pagination';
import { useCalibrationSchedule } from './api';
import { CalibrationScheduleTable } from './calibration-schedule-table';

/** One device's calibration checks under the CPCB protocol, overdue first (the device's calibration dialog). */
export function DeviceCalibrationSchedule({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const schedule = useCalibrationSchedule({ deviceId, page, pageSize: CALIBRATION_SCHEDULE_PAGE_SIZE });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('labCalibration.schedule.deviceHint')}
      </Text>
      <CalibrationScheduleTable
        schedule={schedule}
        page={page}
        showDevice={false}
        emptyText={t('labCalibration.schedule.deviceEmpty')}
      />
      {schedule.data && (
        <Pagination
          page={page}
          pageCount={schedule.data.pageCount}
          total={schedule.data}
          disabled={schedule.isFetching}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
