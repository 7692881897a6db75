import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  latestRestorationDate,
  OFFLINE_REMARK_MAX_LENGTH,
  offlineRemarkBodySchema,
  todayInIndia,
  type DeviceSummary,
  type OfflineRemarkBody,
} from '@vayu/domain';
import { useState } from 'react';
import { useController, useForm, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { handleSaveError, SelectField, TextField, useFieldErrorMessage } from '../../components/form';
import { translatedResolver } from '../cameras';
import { useCreateOfflineRemark, useIndustryDevices } from './api';
import { reasonOptions, remarkMessage } from './remark-text';

/** What the form holds; the domain's schema checks it and turns it into the body. */
export interface RemarkFormValues {
  /** The select's value (text); the checked body's is the number. */
  deviceId: string | number | null;
  reason: string | null;
  remark: string | null;
  expectedRestoration: string;
}

const EMPTY: RemarkFormValues = { deviceId: null, reason: null, remark: '', expectedRestoration: '' };
const SEARCH_DELAY_MS = 300;

export interface OfflineRemarkAddDialogProps {
  opened: boolean;
  /** The industry whose devices are offered. */
  tenantId: number;
  onClose: () => void;
}

/** Add a remark on an offline device: which device, why, and when its data is expected back. */
export function OfflineRemarkAddDialog(props: OfflineRemarkAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('cameras.remarks.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('cameras.remarks.close') }}
    >
      {props.opened && <RemarkForm key={props.tenantId} {...props} />}
    </Modal>
  );
}

function RemarkForm({ tenantId, onClose }: OfflineRemarkAddDialogProps) {
  const { t } = useTranslation();
  const create = useCreateOfflineRemark();
  // The dates India's calendar allows today (the API checks the same).
  const today = todayInIndia();
  const { control, handleSubmit, setError } = useForm<RemarkFormValues, unknown, OfflineRemarkBody>({
    resolver: translatedResolver(
      zodResolver(offlineRemarkBodySchema) as Resolver<RemarkFormValues, unknown, OfflineRemarkBody>,
      (message) => remarkMessage(t, message),
    ),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('cameras.remarks.created'));
        onClose();
      },
      onError: (error) => {
        // The device has an open remark already: said on the device field, in the user's language.
        if (
          isApiError(error) &&
          error.code === 'BUSINESS_RULE' &&
          error.details.some((detail) => detail.path === 'deviceId')
        ) {
          setError(
            'deviceId',
            { type: error.code, message: t('cameras.remarks.alreadyOpen') },
            { shouldFocus: true },
          );
          notifyFailure(t('cameras.remarks.alreadyOpen'));
          return;
        }
        handleSaveError(error, setError, t, {
          fields: ['deviceId', 'reason', 'remark', 'expectedRestoration'] as FieldPath<RemarkFormValues>[],
          onConflict: () => undefined,
          failureMessage: t('cameras.remarks.saveError'),
        });
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <DeviceField control={control} tenantId={tenantId} />
        <SelectField
          control={control}
          name="reason"
          label={t('cameras.remarks.reason')}
          placeholder={t('cameras.remarks.reasonPlaceholder')}
          data={reasonOptions(t)}
          required
        />
        <RemarkField control={control} />
        <TextField
          control={control}
          name="expectedRestoration"
          type="date"
          label={t('cameras.remarks.expectedRestoration')}
          description={t('cameras.remarks.expectedRestorationHelp')}
          min={today}
          max={latestRestorationDate(today)}
          required
          w={220}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cameras.remarks.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('cameras.remarks.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FormControl = Control<RemarkFormValues, unknown, OfflineRemarkBody>;

const deviceLabel = (device: DeviceSummary) =>
  `${device.name} · ${device.serialNumber} · ${device.monitoringPoint.name}`;

/** The industry's devices, searched on the server as the person types; the one chosen keeps its name. */
function DeviceField({ control, tenantId }: { control: FormControl; tenantId: number }) {
  const { t } = useTranslation();
  const {
    field: { ref, name, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'deviceId' });
  const error = useFieldErrorMessage(fieldState.error);
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // While the search box shows the chosen device's own label, the list is not narrowed by it.
  const text = debounced === chosenLabel ? '' : debounced;
  const devices = useIndustryDevices(tenantId, text);
  const options = (devices.data?.items ?? []).map((device) => ({
    value: String(device.id),
    label: deviceLabel(device),
  }));
  const value = fieldValue === null || fieldValue === '' ? null : String(fieldValue);
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosenLabel ?? value });
  }
  const isEmpty = devices.data !== undefined && devices.data.items.length === 0 && text === '';

  return (
    <Select
      ref={ref}
      name={name}
      label={t('cameras.remarks.device')}
      placeholder={t('cameras.remarks.devicePlaceholder')}
      description={t('cameras.remarks.deviceSearchHint')}
      required
      searchable
      data={options}
      value={value}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(next);
      }}
      onBlur={onBlur}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched by the text.
      filter={({ options: all }) => all}
      nothingFoundMessage={isEmpty ? t('cameras.remarks.noDevices') : undefined}
      error={error ?? (devices.isError ? t('cameras.remarks.devicesLoadError') : undefined)}
      aria-invalid={error ? true : undefined}
    />
  );
}

function RemarkField({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'remark' });
  const error = useFieldErrorMessage(fieldState.error);
  return (
    <Textarea
      ref={ref}
      name={name}
      label={t('cameras.remarks.remark')}
      description={t('cameras.remarks.remarkHelp')}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      aria-invalid={error ? true : undefined}
      maxLength={OFFLINE_REMARK_MAX_LENGTH}
      autosize
      minRows={2}
      maxRows={6}
    />
  );
}
