import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_TYPES,
  profileBodySchema,
  type DeviceProfile,
  type ProfileBody,
  type ProfileType,
} from '@vayu/domain';
import { useState } from 'react';
import {
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { handleSaveError, SelectField, StaleVersionAlert, TextField } from '../../components/form';
import { useStringField } from '../../components/form/use-string-field';
import { useMakes, useModelsOfMake } from '../makes';
import { modelParametersQueryOptions, useDeviceTypes, useSaveDeviceProfile } from './api';
import { formValuesOf, labelsOf, type ProfileFormValues } from './profile-form-values';
import { ProfileParamsField } from './profile-params-field';

export interface DeviceProfileDialogProps {
  opened: boolean;
  /** The profile being edited; null adds one. */
  profile: DeviceProfile | null;
  onClose: () => void;
  /** Loads the latest list and returns the profile as now saved (after a conflict). */
  onReload: () => Promise<DeviceProfile | null>;
}

/** Add or edit a device profile: what it is, its model and the parameter rows a device starts from. */
export function DeviceProfileDialog(props: DeviceProfileDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.profile ? t('deviceProfiles.editTitle') : t('deviceProfiles.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {props.opened && <ProfileForm key={props.profile?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

const BASE_FIELDS = ['name', 'description', 'type', 'deviceType', 'modelId', 'params'] as const;

function ProfileForm({ profile, onClose, onReload }: DeviceProfileDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveDeviceProfile();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [makeId, setMakeId] = useState<number | null>(profile?.model?.make.id ?? null);
  const [labels, setLabels] = useState<ReadonlyMap<number, string>>(() => labelsOf(profile));
  const [note, setNote] = useState<string>();
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<
    ProfileFormValues,
    unknown,
    ProfileBody
  >({
    resolver: zodResolver(profileBodySchema) as Resolver<ProfileFormValues, unknown, ProfileBody>,
    defaultValues: formValuesOf(profile),
    mode: 'onTouched',
  });
  const type = useWatch({ control, name: 'type' });
  const makes = useMakes();
  const models = useModelsOfMake(makeId);
  const deviceTypes = useDeviceTypes();

  // A profile of a kind of make takes that kind's makes; a custom one any make.
  const makeOptions = (makes.data ?? [])
    .filter((make) => type === 'custom' || make.type === type)
    .map((make) => ({ value: String(make.id), label: make.name }));
  const modelOptions = (models.data ?? []).map((model) => ({ value: String(model.id), label: model.name }));
  const current = profile?.model;
  if (current && current.make.id === makeId && !modelOptions.some((o) => o.value === String(current.id))) {
    modelOptions.push({ value: String(current.id), label: current.name });
  }

  const chooseType = (next: string | null) => {
    const make = makes.data?.find((item) => item.id === makeId);
    if (next !== 'custom' && make && make.type !== next) {
      setMakeId(null);
      setValue('modelId', null);
    }
  };

  const chooseMake = (value: string | null) => {
    setMakeId(value === null ? null : Number(value));
    setValue('modelId', null);
  };

  // A model chosen for a profile without parameter rows fills them with what the model measures.
  const chooseModel = async (value: string | null) => {
    if (value === null || getValues('params').length > 0) return;
    try {
      const measured = await queryClient.fetchQuery(modelParametersQueryOptions(Number(value)));
      if (measured.length === 0 || getValues('params').length > 0) return;
      setLabels((before) => new Map([...before, ...measured.map((p) => [p.id, p.label] as const)]));
      setValue(
        'params',
        measured.map((p) => ({ parameterId: p.id, unit: p.stdUnit })),
        { shouldDirty: true },
      );
      setNote(t('deviceProfiles.parametersFromModel'));
    } catch {
      // The rows stay empty; parameters can still be added one by one.
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await onReload();
      reset(formValuesOf(latest));
      setLabels(labelsOf(latest));
      setMakeId(latest?.model?.make.id ?? null);
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: profile?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(profile ? t('deviceProfiles.edited') : t('deviceProfiles.created'));
          onClose();
        },
        onError: (error) =>
          handleSaveError(error, setError, t, {
            fields: [
              ...BASE_FIELDS,
              ...getValues('params').flatMap((_, index) => [
                `params.${index}.parameterId` as const,
                `params.${index}.unit` as const,
              ]),
            ] as FieldPath<ProfileFormValues>[],
            codeFields: { PROFILE_EXISTS: 'name' },
            onConflict: () => setConflict(true),
            failureMessage: t('deviceProfiles.saveError'),
          }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('deviceProfiles.conflictTitle')}
            message={t('deviceProfiles.conflict')}
            reloadLabel={t('deviceProfiles.reload')}
            onReload={() => void reload()}
            reloading={reloading}
          />
        )}
        <TextField
          control={control}
          name="name"
          label={t('deviceProfiles.name')}
          placeholder={t('deviceProfiles.namePlaceholder')}
          required
          maxLength={100}
          data-autofocus
        />
        <DescriptionField control={control} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="type"
            label={t('deviceProfiles.type')}
            data={PROFILE_TYPES.map((value: ProfileType) => ({
              value,
              label: t(`deviceProfiles.types.${value}`),
            }))}
            required
            onOptionSubmit={chooseType}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            control={control}
            name="deviceType"
            label={t('deviceProfiles.deviceType')}
            placeholder={
              deviceTypes.isLoading ? t('common.loading') : t('deviceProfiles.deviceTypePlaceholder')
            }
            data={(deviceTypes.data ?? []).map((item) => ({ value: item.type, label: item.type }))}
            loadError={deviceTypes.isError ? t('deviceProfiles.deviceTypesLoadError') : undefined}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('deviceProfiles.make')}
            placeholder={makes.isLoading ? t('common.loading') : t('deviceProfiles.makePlaceholder')}
            data={makeOptions}
            value={makeId === null ? null : String(makeId)}
            onChange={chooseMake}
            error={makes.isError ? t('deviceProfiles.makesLoadError') : undefined}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            control={control}
            name="modelId"
            label={t('deviceProfiles.model')}
            placeholder={
              makeId === null
                ? t('deviceProfiles.modelPlaceholder')
                : models.isLoading
                  ? t('common.loading')
                  : t('deviceProfiles.modelChoose')
            }
            data={modelOptions}
            loadError={models.isError ? t('deviceProfiles.modelsLoadError') : undefined}
            disabled={makeId === null}
            onOptionSubmit={(value) => void chooseModel(value)}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <ProfileParamsField
          control={control}
          labels={labels}
          onPicked={(parameter) => setLabels((before) => new Map(before).set(parameter.id, parameter.label))}
          note={note}
        />
        <MonitoringSwitch control={control} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('deviceProfiles.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {profile ? t('deviceProfiles.save') : t('deviceProfiles.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DescriptionField({ control }: { control: Control<ProfileFormValues> }) {
  const { t } = useTranslation();
  const field = useStringField<ProfileFormValues>({ name: 'description', control, maxLength: 500 });
  return (
    <Textarea
      {...field}
      label={t('deviceProfiles.description')}
      placeholder={t('deviceProfiles.descriptionPlaceholder')}
      maxLength={500}
      autosize
      minRows={2}
      maxRows={5}
    />
  );
}

/** Monitoring enabled (ENABLED) or disabled (DISABLED), as a switch. */
function MonitoringSwitch({ control }: { control: Control<ProfileFormValues> }) {
  const { t } = useTranslation();
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ control, name: 'status' });
  return (
    <Stack gap={4}>
      <Switch
        ref={ref}
        name={name}
        label={t('deviceProfiles.monitoringSwitch')}
        aria-describedby="profile-monitoring-hint"
        checked={value === 'ENABLED'}
        onChange={(event) => onChange(event.currentTarget.checked ? 'ENABLED' : 'DISABLED')}
        onBlur={onBlur}
      />
      <Text id="profile-monitoring-hint" size="xs" c="dimmed">
        {t('deviceProfiles.monitoringHint')}
      </Text>
    </Stack>
  );
}
