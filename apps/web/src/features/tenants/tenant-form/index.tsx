import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isAccountFormType, type AccountFormType, type TenantDetail, type TenantForm } from '@vayu/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../app/error-message';
import { useSessionUser } from '../../../app/session';
import { useTenant } from '../api/get-tenant';
import { emptyForm, formFromTenant, isFormFor, schemaFor, type FormValues } from './form-values';
import { useLogoChoice } from './logo-picker';
import {
  AccountSection,
  AddressSection,
  ContactSection,
  LocationSection,
  useAccountLookups,
} from './sections';
import { useTenantFormSubmit } from './use-tenant-form-submit';

/** `/new/tenants/{type}/{tenantId}`: type statutory or partner (else '/'); tenantId 0 adds, any other edits. */
export function TenantFormPage() {
  const { type, tenantId } = useParams();
  if (!isAccountFormType(type) || !/^\d+$/.test(tenantId ?? '')) return <Navigate to="/" replace />;
  return <TenantFormScreen key={`${type}-${tenantId}`} type={type} tenantId={Number(tenantId)} />;
}

function TenantFormScreen({ type, tenantId }: { type: AccountFormType; tenantId: number }) {
  const { t } = useTranslation();
  const isEdit = tenantId > 0;
  const tenant = useTenant(tenantId, isEdit);
  const title = isEdit
    ? type === 'partner'
      ? t('tenants.form.editTitlePartner')
      : t('tenants.form.editTitleStatutory')
    : type === 'partner'
      ? t('tenants.form.addTitlePartner')
      : t('tenants.form.addTitleStatutory');
  useDocumentTitle(`${title} · ${t('common.appName')}`);

  // An account this form is not for (a partner, a corporate) goes back to its own view and its own edit.
  if (isEdit && tenant.data && !isFormFor(type, tenant.data.type)) {
    return <Navigate to={`/accounts/${tenant.data.type}/${tenant.data.id}/view`} replace />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {isEdit && tenant.isError ? (
        <Alert color="red" variant="light" title={t('tenants.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, tenant.error)}</Text>
            <Group gap="sm">
              <Button size="xs" variant="default" onClick={() => void tenant.refetch()}>
                {t('common.retry')}
              </Button>
              <Anchor component={Link} to="/tenants" size="sm">
                {t('pages.tenants')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : isEdit && !tenant.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <TenantFormBody
          type={type}
          tenantId={tenantId}
          initial={tenant.data ?? null}
          onReload={async () => (await tenant.refetch()).data ?? null}
        />
      )}
    </Stack>
  );
}

interface TenantFormBodyProps {
  type: AccountFormType;
  tenantId: number;
  /** The account being edited, null when adding. */
  initial: TenantDetail | null;
  onReload: () => Promise<TenantDetail | null>;
}

function TenantFormBody({ type, tenantId, initial, onReload }: TenantFormBodyProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isSite = user?.userType === 'site';
  const isPartnerUser = user?.userType === 'partner';
  const isIndustry = type === 'partner';
  const ownPartnerId = isPartnerUser && user ? user.account.id : null;

  const isEdit = initial !== null;
  const resolver = useMemo(() => zodResolver(schemaFor(type, isEdit)), [type, isEdit]);
  const form = useForm<FormValues, unknown, TenantForm>({
    resolver,
    defaultValues: initial ? formFromTenant(initial) : emptyForm(ownPartnerId),
    mode: 'onTouched',
  });
  const logo = useLogoChoice();
  const lookups = useAccountLookups(isIndustry, isSite);
  const submit = useTenantFormSubmit({ type, tenantId, initial, ownPartnerId, form, logo, onReload });
  const { control, setValue } = form;
  const { conflict } = submit;
  const reloadButton = useRef<HTMLButtonElement>(null);

  // The conflict notice sits above the form; move focus (and the view) to its Reload button.
  useEffect(() => {
    if (conflict) reloadButton.current?.focus();
  }, [conflict]);

  const partnerName =
    isPartnerUser && user ? user.account.name : (initial?.partnerName ?? t('common.notSet'));

  return (
    <form
      onSubmit={(event) => void submit.onSubmit(event)}
      noValidate
      aria-label={t('tenants.form.sectionAccount')}
    >
      <Stack gap="lg">
        {submit.conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('tenants.conflict')}>
            <Button
              ref={reloadButton}
              size="xs"
              variant="default"
              onClick={() => void submit.reload()}
              loading={submit.reloading}
            >
              {t('tenants.reload')}
            </Button>
          </Alert>
        )}
        {submit.formError && !submit.conflict && (
          <Alert color="red" variant="light" role="alert">
            {submit.formError}
          </Alert>
        )}
        {lookups.failed && (
          <Alert color="orange" variant="light">
            {t('tenants.form.lookupError')}
          </Alert>
        )}

        <AccountSection
          control={control}
          initial={initial}
          isIndustry={isIndustry}
          isSite={isSite}
          partnerName={partnerName}
          lookups={lookups}
        />
        <ContactSection control={control} />
        <AddressSection
          control={control}
          onCountryChange={() => setValue('stateCode', '', { shouldDirty: true })}
        />
        <LocationSection control={control} logo={logo} currentLogoUrl={initial?.logoUrl ?? null} />

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            component={Link}
            to={initial ? `/accounts/${initial.type}/${initial.id}/view` : '/tenants'}
          >
            {t('tenants.form.cancel')}
          </Button>
          <Button type="submit" loading={submit.isSaving} disabled={submit.conflict}>
            {initial ? t('tenants.form.saveChanges') : t('tenants.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
