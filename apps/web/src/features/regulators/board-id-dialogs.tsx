import { zodResolver } from '@hookform/resolvers/zod';
import { Loader, Modal, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  boardParameterBodySchema,
  boardUnitBodySchema,
  MULTISELECT_DEBOUNCE_MS,
  REGULATOR_EXCLUDED_PARAMETER_ID,
  UNITS,
  type BoardParameter,
  type BoardUnit,
} from '@vayu/domain';
import { useState, type ReactNode } from 'react';
import { useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { SelectField, TextField, useFieldErrorMessage, RecordFormFrame } from '../../components/form';
import { useParameterSearch } from '../../components/parameter-picker';
import { useCreateBoardParameter, useCreateBoardUnit } from './api';
import { regulatorMessage, translatedResolver } from './regulator-text';
import { showRegulatorSaveError } from './save-errors';

function IdDialogFrame({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && children}
    </Modal>
  );
}

// ── A parameter's board id ─────────────────────────────────────────────────

interface ParameterFormValues {
  parameterId: string | number | null;
  spcbParameterId: string;
}
type ParameterBody = { parameterId: number; spcbParameterId: string };

interface BoardParameterDialogProps {
  opened: boolean;
  statId: number;
  /** The parameters the board already has ids of: not offered again. */
  mapped: readonly BoardParameter[];
  onClose: () => void;
}

/** Give a catalogue parameter the board's id of it (never the parameter the spec keeps out). */
export function BoardParameterDialog({ opened, statId, mapped, onClose }: BoardParameterDialogProps) {
  const { t } = useTranslation();
  return (
    <IdDialogFrame opened={opened} title={t('regulators.parameters.addTitle')} onClose={onClose}>
      <ParameterForm statId={statId} mapped={mapped} onClose={onClose} />
    </IdDialogFrame>
  );
}

function ParameterForm({ statId, mapped, onClose }: Omit<BoardParameterDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateBoardParameter(statId);
  const { control, handleSubmit, setError } = useForm<ParameterFormValues, unknown, ParameterBody>({
    resolver: translatedResolver(
      zodResolver(boardParameterBodySchema) as unknown as Resolver<
        ParameterFormValues,
        unknown,
        ParameterBody
      >,
      (message) => regulatorMessage(t, message),
    ),
    defaultValues: { parameterId: null, spcbParameterId: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('regulators.parameters.created', { name: saved.parameterLabel }));
        onClose();
      },
      onError: (error) =>
        showRegulatorSaveError(error, setError, t, {
          fields: ['parameterId', 'spcbParameterId'],
          codeMessages: {
            REGULATOR_MAPPING_EXISTS: { field: 'parameterId', message: t('regulators.parameters.taken') },
          },
          onConflict: () => undefined,
          fieldFailure: t('regulators.parameters.saveError'),
        }),
    }),
  );

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      saving={create.isPending}
      submitLabel={t('regulators.parameters.add')}
      onClose={onClose}
    >
      <CatalogueParameterField control={control} excluded={mapped.map((row) => row.parameterId)} />
      <TextField
        control={control}
        name="spcbParameterId"
        label={t('regulators.parameters.spcbParameterId')}
        placeholder={t('regulators.parameters.spcbParameterIdPlaceholder')}
        required
        maxLength={100}
        spellCheck={false}
      />
    </RecordFormFrame>
  );
}

/**
 * One catalogue parameter, searched on the server as the person types (the
 * catalogue's shared search); the parameter the spec keeps out of boards and
 * those the board already has are not offered.
 */
function CatalogueParameterField({
  control,
  excluded,
}: {
  control: Control<ParameterFormValues, unknown, ParameterBody>;
  excluded: readonly number[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'parameterId' });
  const fieldError = useFieldErrorMessage(fieldState.error);
  const error = fieldError ?? (results.isError ? t('regulators.parameters.searchError') : undefined);
  const left = new Set([REGULATOR_EXCLUDED_PARAMETER_ID, ...excluded]);
  const options = (results.data ?? [])
    .filter((parameter) => !left.has(parameter.id))
    .map((parameter) => ({
      value: String(parameter.id),
      label: parameter.stdUnit ? `${parameter.label} (${parameter.stdUnit})` : parameter.label,
    }));
  // The chosen one keeps its label whatever the search shows now.
  if (picked && !options.some((option) => option.value === picked.value)) options.unshift(picked);

  return (
    <Select
      ref={ref}
      name={name}
      label={t('regulators.parameters.parameter')}
      description={t('regulators.parameters.parameterHelp')}
      placeholder={t('regulators.parameters.parameterPlaceholder')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        setPicked(options.find((option) => option.value === next) ?? null);
        onChange(next);
      }}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the typed text.
      filter={({ options: all }) => all}
      nothingFoundMessage={t('regulators.parameters.noneFound')}
      rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      required
      error={error}
      aria-invalid={error ? true : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

// ── A unit's board name ────────────────────────────────────────────────────

interface UnitFormValues {
  unit: string | null;
  spcbUnit: string;
}
type UnitBody = { unit: string; spcbUnit: string };

interface BoardUnitDialogProps {
  opened: boolean;
  statId: number;
  mapped: readonly BoardUnit[];
  onClose: () => void;
}

/** Give a console unit (e.g. mg/Nm3) the board's name for it. */
export function BoardUnitDialog({ opened, statId, mapped, onClose }: BoardUnitDialogProps) {
  const { t } = useTranslation();
  return (
    <IdDialogFrame opened={opened} title={t('regulators.units.addTitle')} onClose={onClose}>
      <UnitForm statId={statId} mapped={mapped} onClose={onClose} />
    </IdDialogFrame>
  );
}

function UnitForm({ statId, mapped, onClose }: Omit<BoardUnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateBoardUnit(statId);
  const { control, handleSubmit, setError } = useForm<UnitFormValues, unknown, UnitBody>({
    resolver: translatedResolver(
      zodResolver(boardUnitBodySchema) as unknown as Resolver<UnitFormValues, unknown, UnitBody>,
      (message) => regulatorMessage(t, message),
    ),
    defaultValues: { unit: null, spcbUnit: '' },
    mode: 'onTouched',
  });
  const named = new Set(mapped.map((row) => row.unit));
  const unitOptions = UNITS.filter((unit) => !named.has(unit.code)).map((unit) => ({
    value: unit.code,
    label: unit.label === unit.code ? unit.code : `${unit.code} (${unit.label})`,
  }));

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('regulators.units.created', { name: saved.unit }));
        onClose();
      },
      onError: (error) =>
        showRegulatorSaveError(error, setError, t, {
          fields: ['unit', 'spcbUnit'],
          codeMessages: { REGULATOR_MAPPING_EXISTS: { field: 'unit', message: t('regulators.units.taken') } },
          onConflict: () => undefined,
          fieldFailure: t('regulators.units.saveError'),
        }),
    }),
  );

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      saving={create.isPending}
      submitLabel={t('regulators.units.add')}
      onClose={onClose}
    >
      <SelectField
        control={control}
        name="unit"
        label={t('regulators.units.unit')}
        placeholder={t('regulators.units.unitPlaceholder')}
        data={unitOptions}
        searchable
        required
      />
      <TextField
        control={control}
        name="spcbUnit"
        label={t('regulators.units.spcbUnit')}
        placeholder={t('regulators.units.spcbUnitPlaceholder')}
        required
        maxLength={60}
        spellCheck={false}
      />
      <Text size="xs" c="dimmed">
        {t('regulators.units.help')}
      </Text>
    </RecordFormFrame>
  );
}
