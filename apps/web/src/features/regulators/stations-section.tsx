import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { stationBodySchema, type RegulatorTenant, type Station, type StationBody } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifySuccess } from '../../app/notifications';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SelectField, TextField, RecordFormFrame } from '../../components/form';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useDeleteStation, useIndustryPoints, useSaveStation, useStations } from './api';
import { explainInUse } from './in-use';
import { regulatorMessage, translatedResolver } from './regulator-text';
import { showRegulatorSaveError } from './save-errors';

/** The industry's monitoring points that are stations of the board, with the board's station ids. */
export function StationsSection({ mapping, canWrite }: { mapping: RegulatorTenant; canWrite: boolean }) {
  const { t } = useTranslation();
  const stations = useStations(mapping.id);
  const remove = useDeleteStation();
  const [editing, setEditing] = useState<{ station: Station | null } | null>(null);
  const rows = stations.data?.items;

  const columns: DataTableColumn<Station>[] = [
    {
      key: 'point',
      header: t('regulators.stations.point'),
      cellProps: { fw: 500 },
      render: (station) => station.monitoringPointName,
    },
    { key: 'type', header: t('regulators.stations.entityType'), render: (station) => station.entityType },
    {
      key: 'spcbEntityId',
      header: t('regulators.stations.spcbEntityId'),
      cellProps: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
      render: (station) => station.spcbEntityId,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('regulators.actions'),
            render: (station: Station) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setEditing({ station })}
                  aria-label={t('regulators.stations.editNamed', { name: station.monitoringPointName })}
                >
                  {t('regulators.edit')}
                </Button>
                <ConfirmDeleteButton
                  label={t('regulators.delete')}
                  accessibleName={t('regulators.stations.deleteNamed', { name: station.monitoringPointName })}
                  confirmMessage={t('regulators.stations.deleteConfirm', {
                    name: station.monitoringPointName,
                  })}
                  onDelete={() => explainInUse(remove.mutateAsync(station), t('regulators.stations.inUse'))}
                  successMessage={t('regulators.stations.deleted')}
                  failureMessage={t('regulators.stations.deleteError')}
                />
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="stations-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="stations-title">
            {t('regulators.stations.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.stations.intro')}
          </Text>
        </Stack>
        {canWrite && (
          <Button onClick={() => setEditing({ station: null })}>{t('regulators.stations.add')}</Button>
        )}
      </Group>
      <ListResult
        query={stations}
        rows={rows}
        errorTitle={t('regulators.stations.loadError')}
        empty={t('regulators.stations.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(station) => station.id}
          caption={t('regulators.stations.caption', { count: rows?.length ?? 0 })}
          minWidth={560}
          skeletonRows={2}
        />
      </ListResult>
      {canWrite && (
        <StationDialog
          opened={editing !== null}
          mapping={mapping}
          station={editing?.station ?? null}
          stations={rows ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

interface StationFormValues {
  monitoringPointId: string | number | null;
  spcbEntityId: string;
  version?: number | undefined;
}

const formOf = (station: Station | null): StationFormValues => ({
  monitoringPointId: station ? String(station.monitoringPointId) : null,
  spcbEntityId: station?.spcbEntityId ?? '',
  version: station?.version,
});

export interface StationDialogProps {
  opened: boolean;
  mapping: RegulatorTenant;
  /** null adds a station. */
  station: Station | null;
  /** The industry's stations at the board: their points are not offered again. */
  stations: readonly Station[];
  onClose: () => void;
}

/** Add or edit a station: one of the industry's monitoring points and the board's id of it. */
export function StationDialog({ opened, mapping, station, stations, onClose }: StationDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={station ? t('regulators.stations.editTitle') : t('regulators.stations.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && (
        <StationForm
          key={`${station?.id ?? 'new'}-${station?.version ?? 0}`}
          mapping={mapping}
          station={station}
          stations={stations}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function StationForm({ mapping, station, stations, onClose }: Omit<StationDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const save = useSaveStation(mapping.id);
  const list = useStations(mapping.id);
  const points = useIndustryPoints(mapping.tenantId);
  const [conflict, setConflict] = useState(false);
  const isEdit = station !== null;
  const { control, handleSubmit, reset, setError } = useForm<StationFormValues, unknown, StationBody>({
    resolver: translatedResolver(
      zodResolver(stationBodySchema) as unknown as Resolver<StationFormValues, unknown, StationBody>,
      (message) => regulatorMessage(t, message),
    ),
    defaultValues: formOf(station),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await list.refetch()).data?.items.find((item) => item.id === station?.id);
    if (!latest) return;
    reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: station?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? t('regulators.stations.updated') : t('regulators.stations.created'));
          onClose();
        },
        onError: (error) => {
          // STATION_EXISTS names the field: the point (already a station) or the board's id (another station's).
          const onPoint =
            isApiError(error) &&
            error.details.some((detail) => detail.path.replace(/^body\./, '') === 'monitoringPointId');
          showRegulatorSaveError(error, setError, t, {
            fields: ['monitoringPointId', 'spcbEntityId'],
            codeMessages: {
              STATION_EXISTS: onPoint
                ? { field: 'monitoringPointId', message: t('regulators.stations.pointTaken') }
                : { field: 'spcbEntityId', message: t('regulators.stations.idTaken') },
            },
            onConflict: () => setConflict(true),
            fieldFailure: t('regulators.stations.saveError'),
            otherFailure: isEdit
              ? t('regulators.stations.updateFailed')
              : t('regulators.stations.createFailed'),
          });
        },
      },
    ),
  );

  const taken = new Set(
    stations.filter((item) => item.id !== station?.id).map((item) => item.monitoringPointId),
  );
  const pointOptions = (points.data?.items ?? [])
    .filter((point) => !taken.has(point.id))
    .map((point) => ({ value: String(point.id), label: point.name }));

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={list.isFetching}
      saving={save.isPending}
      submitLabel={isEdit ? t('regulators.save') : t('regulators.stations.add')}
      onClose={onClose}
    >
      <SelectField
        control={control}
        name="monitoringPointId"
        label={t('regulators.stations.point')}
        placeholder={t('regulators.stations.pointPlaceholder')}
        data={pointOptions}
        required
        nothingFoundMessage={t('regulators.stations.noPoints')}
        loadError={points.isError ? t('regulators.stations.pointsFailed') : undefined}
        data-autofocus
      />
      <TextField
        control={control}
        name="spcbEntityId"
        label={t('regulators.stations.spcbEntityId')}
        placeholder={t('regulators.stations.spcbEntityIdPlaceholder')}
        required
        maxLength={100}
        spellCheck={false}
      />
    </RecordFormFrame>
  );
}
