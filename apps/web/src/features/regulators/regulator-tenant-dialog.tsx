import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  regulatorTenantCreateSchema,
  regulatorTenantUpdateSchema,
  type Board,
  type RegulatorTenant,
  type RegulatorTenantCreate,
  type RegulatorTenantUpdate,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { PasswordField, SelectField, SwitchField, TextField, RecordFormFrame } from '../../components/form';
import { useRegulatorTenants, useSaveRegulatorTenant, useUnmappedAccounts } from './api';
import { regulatorMessage, translatedResolver } from './regulator-text';
import { showRegulatorSaveError } from './save-errors';

/** What the form holds; a new mapping also names the industry. */
interface MappingFormValues {
  tenantId?: string | number | null;
  spcbTenantId: string;
  /** Always empty when the form opens: a stored key never comes back from the API. */
  authorizationKey?: string | undefined;
  signature: string | null;
  nocNumber: string | null;
  pushEnabled: boolean;
  version?: number | undefined;
}

type MappingBody = RegulatorTenantCreate | RegulatorTenantUpdate;

const FIELDS = [
  'tenantId',
  'spcbTenantId',
  'authorizationKey',
  'signature',
  'nocNumber',
  'pushEnabled',
] as const satisfies readonly FieldPath<MappingFormValues>[];

function formOf(mapping: RegulatorTenant | null): MappingFormValues {
  const shared = {
    spcbTenantId: mapping?.spcbTenantId ?? '',
    authorizationKey: '',
    signature: mapping?.signature ?? '',
    nocNumber: mapping?.nocNumber ?? '',
    pushEnabled: mapping?.pushEnabled ?? true,
  };
  // The edit's schema is strict: it has no industry.
  return mapping ? { ...shared, version: mapping.version } : { ...shared, tenantId: null };
}

interface RegulatorTenantDialogProps {
  opened: boolean;
  board: Board;
  /** null maps a new industry. */
  mapping: RegulatorTenant | null;
  onClose: () => void;
}

/** Map an industry of the board's state to the board, or change its mapping (the key is write-only). */
export function RegulatorTenantDialog({ opened, board, mapping, onClose }: RegulatorTenantDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mapping ? t('regulators.tenantForm.editTitle') : t('regulators.tenantForm.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && (
        <MappingForm
          key={`${mapping?.id ?? 'new'}-${mapping?.version ?? 0}`}
          board={board}
          mapping={mapping}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function MappingForm({ board, mapping, onClose }: Omit<RegulatorTenantDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const save = useSaveRegulatorTenant();
  const tenants = useRegulatorTenants(board.statId);
  const industries = useUnmappedAccounts(board.stateCode);
  const [conflict, setConflict] = useState(false);
  const isEdit = mapping !== null;
  const schema = isEdit ? regulatorTenantUpdateSchema : regulatorTenantCreateSchema;
  const { control, handleSubmit, reset, setError } = useForm<MappingFormValues, unknown, MappingBody>({
    resolver: translatedResolver(
      zodResolver(schema) as unknown as Resolver<MappingFormValues, unknown, MappingBody>,
      (message) => regulatorMessage(t, message),
    ),
    defaultValues: formOf(mapping),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await tenants.refetch()).data?.items.find((item) => item.id === mapping?.id);
    if (!latest) return;
    reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      mapping
        ? { id: mapping.id, body: body as RegulatorTenantUpdate }
        : { id: null, statId: board.statId, body: body as RegulatorTenantCreate },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? t('regulators.tenantForm.updated') : t('regulators.tenantForm.created'));
          onClose();
        },
        onError: (error) =>
          showRegulatorSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { REGULATOR_TENANT_EXISTS: 'tenantId' },
            onConflict: () => setConflict(true),
            fieldFailure: t('regulators.tenantForm.saveError'),
          }),
      },
    ),
  );

  const industryOptions = (industries.data ?? []).map((industry) => ({
    value: String(industry.tenantId),
    label: industry.city ? `${industry.tenantName} · ${industry.city}` : industry.tenantName,
  }));

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={tenants.isFetching}
      saving={save.isPending}
      submitLabel={isEdit ? t('regulators.save') : t('regulators.tenants.add')}
      onClose={onClose}
    >
      {mapping ? (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('regulators.tenants.industry')}
          </Text>
          <Text fw={500}>{mapping.tenantName}</Text>
        </Stack>
      ) : (
        <SelectField
          control={control}
          name="tenantId"
          label={t('regulators.tenants.industry')}
          placeholder={t('regulators.tenantForm.industryPlaceholder')}
          description={t('regulators.tenantForm.industryHelp', { state: board.stateName })}
          data={industryOptions}
          searchable
          required
          nothingFoundMessage={t('regulators.tenantForm.industryNone')}
          loadError={industries.isError ? t('regulators.tenantForm.industriesFailed') : undefined}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="spcbTenantId"
          label={t('regulators.tenants.spcbTenantId')}
          placeholder={t('regulators.tenantForm.spcbTenantIdPlaceholder')}
          required
          maxLength={100}
          spellCheck={false}
          // Adding, the industry comes first: a list that opens on focus is not focused for the person.
          data-autofocus={mapping ? true : undefined}
        />
        <TextField
          control={control}
          name="nocNumber"
          label={t('regulators.tenants.nocNumber')}
          maxLength={100}
          spellCheck={false}
        />
      </SimpleGrid>
      <PasswordField
        control={control}
        name="authorizationKey"
        label={t('regulators.tenants.authorizationKey')}
        description={
          mapping?.authorizationKeyHint
            ? t('regulators.tenantForm.keyKeep', { hint: mapping.authorizationKeyHint })
            : t('regulators.tenantForm.keyNew')
        }
        required={!isEdit}
        maxLength={512}
        // A browser must not offer a saved sign-in password here, nor keep this key as one.
        autoComplete="new-password"
        spellCheck={false}
      />
      <TextField
        control={control}
        name="signature"
        label={t('regulators.tenantForm.signature')}
        description={t('regulators.tenantForm.signatureHelp')}
        maxLength={500}
        spellCheck={false}
      />
      <SwitchField
        control={control}
        name="pushEnabled"
        label={t('regulators.tenantForm.pushEnabled')}
        description={t('regulators.tenantForm.pushHelp')}
      />
    </RecordFormFrame>
  );
}
