import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  findEntityType,
  monitoringPointBodySchema,
  type EntityProp,
  type MonitoringPoint,
  type MonitoringPointBody,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm, useWatch, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { handleSaveError, SelectField, StaleVersionAlert, TextField } from '../../components/form';
import { useSaveMonitoringPoint } from './api';
import { entityPropLabel, entityTypeLabel, entityTypeOptions } from './entity-type-text';

/** The form holds what is typed; the domain's schema turns it into the body (numbers, nulls, trimmed text). */
interface FormValues {
  name: string;
  entityType: string;
  latitude: string | number | null;
  longitude: string | number | null;
  properties: Record<string, string | number | null>;
  version?: number;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Every property of the type, empty or as saved, so that each has a field (and nothing of another type is sent). */
function propertiesOf(entityType: string, saved: MonitoringPoint['properties'] = {}) {
  const type = findEntityType(entityType);
  return Object.fromEntries(
    (type?.properties ?? []).map((prop) => [
      prop.key,
      prop.type === 'select'
        ? ((saved[prop.key] as string | null | undefined) ?? null)
        : text(saved[prop.key]),
    ]),
  );
}

function formOf(point: MonitoringPoint | null): FormValues {
  return {
    name: point?.name ?? '',
    entityType: point?.entityType ?? '',
    latitude: text(point?.latitude),
    longitude: text(point?.longitude),
    properties: point ? propertiesOf(point.entityType, point.properties) : {},
    version: point?.version,
  };
}

export interface MonitoringPointDialogProps {
  opened: boolean;
  tenantId: number;
  /** The point being edited; null adds one. */
  point: MonitoringPoint | null;
  onClose: () => void;
  /** Loads the latest list and returns the point as now saved (after a conflict). */
  onReload: () => Promise<MonitoringPoint | null>;
}

/** Add or edit a monitoring point: name, type, location and the properties its type records. */
export function MonitoringPointDialog(props: MonitoringPointDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.point ? t('devices.points.editTitle') : t('devices.points.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('devices.points.close') }}
    >
      {props.opened && (
        <PointForm key={`${props.point?.id ?? 'new'}-${props.point?.version ?? 0}`} {...props} />
      )}
    </Modal>
  );
}

function PointForm({ tenantId, point, onClose, onReload }: MonitoringPointDialogProps) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const save = useSaveMonitoringPoint(tenantId);
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<
    FormValues,
    unknown,
    MonitoringPointBody
  >({
    resolver: zodResolver(monitoringPointBodySchema) as Resolver<FormValues, unknown, MonitoringPointBody>,
    defaultValues: formOf(point),
    mode: 'onTouched',
  });
  const entityType = useWatch({ control, name: 'entityType' });
  const type = findEntityType(entityType);

  const changeType = (next: string | null) => {
    // The new type's properties replace the old type's: keep what fits under the same key.
    const kept = getValues('properties');
    setValue('properties', { ...propertiesOf(next ?? ''), ...pick(kept, next ?? '') });
  };

  const reload = async () => {
    setReloading(true);
    try {
      reset(formOf(await onReload()));
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: point?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(point ? t('devices.points.updated') : t('devices.points.created'));
          onClose();
        },
        onError: (error) =>
          handleSaveError(error, setError, t, {
            fields: [
              'name',
              'entityType',
              'latitude',
              'longitude',
              ...(type?.properties ?? []).map((prop) => `properties.${prop.key}`),
            ] as FieldPath<FormValues>[],
            codeFields: { MONITORING_POINT_EXISTS: 'name' },
            onConflict: () => setConflict(true),
            failureMessage: t('devices.points.saveError'),
          }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('devices.points.conflictTitle')}
            message={t('devices.points.conflict')}
            reloadLabel={t('devices.points.reload')}
            onReload={() => void reload()}
            reloading={reloading}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="name"
            label={t('devices.points.name')}
            placeholder={t('devices.points.namePlaceholder')}
            required
            maxLength={100}
            data-autofocus
          />
          <SelectField
            control={control}
            name="entityType"
            label={t('devices.points.type')}
            placeholder={t('devices.points.typePlaceholder')}
            data={entityTypeOptions(t)}
            required
            onOptionSubmit={changeType}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="latitude"
            label={t('devices.points.latitude')}
            inputMode="decimal"
            placeholder="-90 … 90"
          />
          <TextField
            control={control}
            name="longitude"
            label={t('devices.points.longitude')}
            inputMode="decimal"
            placeholder="-180 … 180"
          />
        </SimpleGrid>
        {type && type.properties.length > 0 && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('devices.points.properties', { type: entityTypeLabel(t, type.key) })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {type.properties.map((prop) => (
                <PropertyField key={`${type.key}-${prop.key}`} control={control} prop={prop} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('devices.points.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('devices.points.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The values of `properties` that the type `entityType` also has. */
function pick(properties: FormValues['properties'] | undefined, entityType: string) {
  const keys = new Set(findEntityType(entityType)?.properties.map((prop) => prop.key) ?? []);
  return Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => keys.has(key)));
}

function PropertyField({
  control,
  prop,
}: {
  control: Control<FormValues, unknown, MonitoringPointBody>;
  prop: EntityProp;
}) {
  const { t } = useTranslation();
  const name = `properties.${prop.key}` as FieldPath<FormValues>;
  const label = entityPropLabel(t, prop);
  if (prop.type === 'select') {
    return (
      <SelectField
        control={control}
        name={name}
        label={label}
        placeholder={t('devices.points.choose')}
        data={(prop.options ?? []).map((option) => ({ value: option, label: option }))}
        required={prop.required}
        clearable={!prop.required}
      />
    );
  }
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      required={prop.required}
      maxLength={200}
      {...(prop.type === 'number' ? { inputMode: 'decimal' as const } : {})}
    />
  );
}
