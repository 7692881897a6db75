import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { partnerFormSchema, type PartnerForm } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { StaleVersionAlert } from '../../components/form';
import {
  applyServerErrorVisibly,
  describeUnshownFieldErrors,
  findUnshownFieldErrors,
} from '../../components/form/unshown-field-errors';
import { partnerQueryOptions, usePartner, type PartnerDetail } from './api/get-partner';
import { useCreatePartner, useUpdatePartner } from './api/save-partner';
import {
  EMPTY_PARTNER_FORM,
  PartnerFormFields,
  toPartnerFormValues,
  type PartnerFormValues,
} from './partner-form';

const FIELD_NAMES = Object.keys(EMPTY_PARTNER_FORM) as (keyof PartnerFormValues)[];

/** The label of each field, to name a refused value the form does not show. */
const FIELD_LABEL_KEYS = {
  name: 'partners.form.name',
  contactEmail: 'partners.form.contactEmail',
  contactNo: 'partners.form.contactNo',
  address: 'partners.form.address',
  city: 'partners.form.city',
  stateCode: 'partners.form.state',
  countryCode: 'partners.form.country',
  zip: 'partners.form.zip',
  gstin: 'partners.form.gstin',
} as const satisfies Record<keyof PartnerFormValues, string>;

interface PartnersEditDialogProps {
  opened: boolean;
  /** null adds a partner; an id edits that partner. */
  partnerId: number | null;
  onClose: () => void;
  /** After a save, with the partner as stored (the detail view refreshes its own copy). */
  onSaved?: (partner: PartnerDetail) => void;
}

/**
 * 'Add Partner' and 'Edit Partner' modals. An edit sends the version it
 * loaded; a 409 means someone else saved first, and the form offers to reload.
 */
export function PartnersEditDialog({ opened, partnerId, onClose, onSaved }: PartnersEditDialogProps) {
  const { t } = useTranslation();
  const isEdit = partnerId !== null;
  const partner = usePartner(opened ? partnerId : null);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? t('partners.form.editTitle') : t('partners.form.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {!isEdit ? (
        <PartnerForm
          key="new"
          partnerId={null}
          initial={EMPTY_PARTNER_FORM}
          initialVersion={0}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : partner.data ? (
        // Mounted once the partner is loaded: the form starts from that version.
        <PartnerForm
          key={partnerId}
          partnerId={partnerId}
          initial={toPartnerFormValues(partner.data)}
          initialVersion={partner.data.version}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : partner.isError ? (
        <Alert color="red" variant="light" title={t('partners.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, partner.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void partner.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Center py="xl" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{t('common.loading')}</Text>
          </Group>
        </Center>
      )}
    </Modal>
  );
}

interface PartnerFormProps {
  partnerId: number | null;
  initial: PartnerFormValues;
  initialVersion: number;
  onClose: () => void;
  onSaved?: (partner: PartnerDetail) => void;
}

function PartnerForm({ partnerId, initial, initialVersion, onClose, onSaved }: PartnerFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createPartner = useCreatePartner();
  const updatePartner = useUpdatePartner();
  const [version, setVersion] = useState(initialVersion);
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PartnerFormValues>({
    // The form holds text; submit receives the schema's parsed output (trimmed, nulls for empty).
    resolver: zodResolver(partnerFormSchema) as unknown as Resolver<PartnerFormValues>,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset } = form;
  const labelOf = (path: string) =>
    path in FIELD_LABEL_KEYS ? t(FIELD_LABEL_KEYS[path as keyof PartnerFormValues]) : undefined;

  const reload = async () => {
    if (partnerId === null) return;
    setIsReloading(true);
    try {
      const latest = await queryClient.fetchQuery({ ...partnerQueryOptions(partnerId), staleTime: 0 });
      reset(toPartnerFormValues(latest));
      setVersion(latest.version);
      setConflict(false);
    } catch (error) {
      setFormError(getErrorMessage(t, error));
    } finally {
      setIsReloading(false);
    }
  };

  const onSubmit = handleSubmit(
    async (formValues) => {
      const values = formValues as unknown as PartnerForm;
      setConflict(false);
      setFormError(null);
      try {
        let saved: PartnerDetail;
        if (partnerId !== null) {
          saved = await updatePartner.mutateAsync({ id: partnerId, body: { ...values, version } });
          notifySuccess(t('partners.form.updated'));
        } else {
          saved = await createPartner.mutateAsync(values);
          notifySuccess(t('partners.form.created'));
        }
        onSaved?.(saved);
        onClose();
      } catch (error) {
        if (partnerId !== null && hasErrorCode(error, 'STALE_VERSION')) {
          setConflict(true);
          return;
        }
        const outcome = applyServerErrorVisibly(error, form, t, {
          fields: FIELD_NAMES,
          codeFields: { PARTNER_EXISTS: 'name' },
          labelOf,
        });
        // A refusal is shown on its fields, or said in the alert (naming any value the form cannot mark).
        if (outcome.isShownOnField && outcome.unshown.length === 0) return;
        setFormError(outcome.message);
        notifyFailure(partnerId !== null ? t('partners.form.updateError') : t('partners.form.createError'));
      }
    },
    (errors) => {
      const unshown = findUnshownFieldErrors(t, errors);
      setFormError(unshown.length > 0 ? describeUnshownFieldErrors(t, unshown, labelOf) : null);
    },
  );

  const isPending = createPartner.isPending || updatePartner.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('partners.form.conflictTitle')}
            message={t('partners.form.conflict')}
            reloadLabel={t('partners.form.reload')}
            onReload={() => void reload()}
            reloading={isReloading}
          />
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <PartnerFormFields control={control} disabled={isPending || isReloading} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {t('partners.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending} disabled={isReloading}>
            {partnerId !== null ? t('partners.form.save') : t('partners.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
