import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceCalibrationSchedule } from '../lab-calibration';
import { CalibrationForm } from './calibration-form';
import { CalibrationHistory, LatestCalibration } from './calibration-records';
import type { DeviceRecordsDialogProps } from './device-documents-dialog';
import { DeviceActionsPanel } from './device-actions-panel';

type CalibrationTab = 'latest' | 'schedule' | 'history' | 'record' | 'actions';
const TABS: readonly CalibrationTab[] = ['latest', 'schedule', 'history', 'record', 'actions'];
const isTab = (value: string | null): value is CalibrationTab =>
  value !== null && (TABS as readonly string[]).includes(value);

/**
 * A device's calibration: the latest record, the earlier ones (paged), a form
 * to record one and the auto clean / calibrate requests. Recording and
 * requesting are for those who may change the device.
 */
export function DeviceCalibrationDialog({
  deviceId,
  deviceName,
  canEdit,
  opened,
  onClose,
}: DeviceRecordsDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CalibrationTab>('latest');
  const close = () => {
    setTab('latest');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('deviceRecords.calibration.title', { name: deviceName })}
      size="70rem"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && (
        <Tabs value={tab} onChange={(value) => setTab(isTab(value) ? value : 'latest')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="latest">{t('deviceRecords.calibration.tabs.latest')}</Tabs.Tab>
            <Tabs.Tab value="schedule">{t('labCalibration.schedule.tab')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('deviceRecords.calibration.tabs.history')}</Tabs.Tab>
            {canEdit && <Tabs.Tab value="record">{t('deviceRecords.calibration.tabs.record')}</Tabs.Tab>}
            <Tabs.Tab value="actions">{t('deviceRecords.calibration.tabs.actions')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="latest">
            <LatestCalibration deviceId={deviceId} />
          </Tabs.Panel>
          <Tabs.Panel value="schedule">
            <DeviceCalibrationSchedule deviceId={deviceId} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <CalibrationHistory deviceId={deviceId} />
          </Tabs.Panel>
          {canEdit && (
            <Tabs.Panel value="record">
              <CalibrationForm deviceId={deviceId} onSaved={() => setTab('latest')} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="actions">
            <DeviceActionsPanel deviceId={deviceId} deviceName={deviceName} canEdit={canEdit} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
