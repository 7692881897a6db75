import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ACCOUNT_FORM_TYPES,
  INDIAN_STATES,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  TIME_ZONES,
  tenantFormSchema,
  type AccountFormType,
  type TenantDetail,
  type TenantForm,
  type TenantFormInput,
} from '@vayu/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { useTimeZoneOptions } from './api/get-timezones';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { EmailField, TextField, useFieldErrorMessage } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { useCorporateOptions, useIndustryOptions, usePartnerOptions } from './api/get-lookups';
import { useTenant } from './api/get-tenant';
import { useCreateTenant, useUpdateTenant } from './api/save-tenant';
import { ContactNumberField } from './contact-number-field';
import { DEFAULT_COUNTRY, ORDERED_COUNTRIES } from './tenant-constants';

type FormValues = TenantFormInput;
const LOGO_MAX_KB = Math.round(LOGO_MAX_BYTES / 1024);
const FIELD_NAMES = Object.keys(tenantFormSchema.shape) as (keyof TenantForm)[];

/** An industry (type partner) belongs to a partner and an industry category. */
function schemaFor(type: AccountFormType) {
  if (type !== 'partner') return tenantFormSchema;
  return tenantFormSchema.superRefine((values, ctx) => {
    if (values.industryId === null)
      ctx.addIssue({ code: 'custom', path: ['industryId'], message: 'This field is required' });
    if (values.partnerId === null || values.partnerId < 0)
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: 'This field is required' });
  });
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function emptyForm(partnerId: number | null): FormValues {
  return {
    name: '',
    industryId: '',
    partnerId: partnerId === null ? '' : String(partnerId),
    corporateId: '',
    industryCode: '',
    contactEmail: '',
    contactNo: '',
    address: '',
    city: '',
    stateCode: '',
    countryCode: DEFAULT_COUNTRY,
    zip: '',
    gstin: '',
    latitude: '',
    longitude: '',
    timeZone: 'Asia/Kolkata',
    isRemotePerformanceCheck: false,
  };
}

function formFromTenant(tenant: TenantDetail): FormValues {
  return {
    name: tenant.name,
    industryId: text(tenant.industryId ?? tenant.industry?.id),
    partnerId: tenant.partnerId < 0 ? '' : String(tenant.partnerId),
    corporateId: text(tenant.corporate?.id),
    industryCode: text(tenant.industryCode),
    contactEmail: text(tenant.contactEmail),
    contactNo: text(tenant.contactNo),
    address: text(tenant.address),
    city: text(tenant.city),
    stateCode: text(tenant.stateCode),
    countryCode: tenant.countryCode || DEFAULT_COUNTRY,
    zip: text(tenant.zip),
    gstin: text(tenant.gstin),
    latitude: text(tenant.latitude),
    longitude: text(tenant.longitude),
    timeZone: (TIME_ZONES as readonly string[]).includes(tenant.timeZone)
      ? (tenant.timeZone as FormValues['timeZone'])
      : 'Asia/Kolkata',
    isRemotePerformanceCheck: tenant.isRemotePerformanceCheck,
  };
}

/** Puts the server's field errors (400 details) under the fields they name; true when any matched. */
function showServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<FormValues>,
  setLogoError: (message: string) => void,
): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  let shown = false;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    if (path === 'logo') {
      setLogoError(detail.message);
      shown = true;
    } else if ((FIELD_NAMES as string[]).includes(path)) {
      setError(
        path as keyof FormValues,
        { type: 'server', message: detail.message },
        { shouldFocus: !shown },
      );
      shown = true;
    }
  }
  return shown;
}

function isAccountFormType(value: string | undefined): value is AccountFormType {
  return (ACCOUNT_FORM_TYPES as readonly string[]).includes(value ?? '');
}

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
                {t('tenants.list.title')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : isEdit && !tenant.data ? (
        <Stack gap="sm" aria-busy aria-label={t('common.loading')}>
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
  const timeZoneOptions = useTimeZoneOptions();
  const navigate = useNavigate();
  const user = useSessionUser();
  const isSite = user?.userType === 'site';
  const isPartnerUser = user?.userType === 'partner';
  const isEdit = initial !== null;
  const isIndustry = type === 'partner';
  const ownPartnerId = isPartnerUser && user ? user.account.id : null;

  const [version, setVersion] = useState(initial?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadButton = useRef<HTMLButtonElement>(null);

  // The conflict notice sits above the form; move focus (and the view) to its Reload button.
  useEffect(() => {
    if (conflict) reloadButton.current?.focus();
  }, [conflict]);

  const resolver = useMemo(() => zodResolver(schemaFor(type)), [type]);
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues, unknown, TenantForm>({
    resolver,
    defaultValues: initial ? formFromTenant(initial) : emptyForm(ownPartnerId),
    mode: 'onTouched',
  });

  const createTenant = useCreateTenant(type);
  const updateTenant = useUpdateTenant(tenantId);
  const isSaving = createTenant.isPending || updateTenant.isPending;

  const partners = usePartnerOptions(isIndustry && isSite);
  const industries = useIndustryOptions(isIndustry);
  const corporates = useCorporateOptions(isIndustry && isSite);
  const lookupFailed = partners.isError || industries.isError || corporates.isError;

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await onReload();
      if (latest) {
        reset(formFromTenant(latest));
        setVersion(latest.version);
        setConflict(false);
        setFormError(null);
      }
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit(
    (values) => {
      setFormError(null);
      if (logoError) return;
      const submitted = ownPartnerId !== null && isIndustry ? { ...values, partnerId: ownPartnerId } : values;
      if (!isEdit) {
        createTenant.mutate(
          { values: submitted, logo },
          {
            onSuccess: (created) => void navigate(`/accounts/${created.accountType}/${created.id}/view`),
            onError: (error) => {
              if (showServerFieldErrors(error, setError, setLogoError)) {
                setFormError(t('tenants.form.fixErrors'));
                return;
              }
              const message = getErrorMessage(t, error);
              setFormError(message);
              notifyFailure(message, t('tenants.form.createError'));
            },
          },
        );
        return;
      }
      updateTenant.mutate(
        { values: submitted, logo, version },
        {
          onSuccess: () => {
            notifySuccess(t('tenants.form.updated'));
            void navigate(`/accounts/${initial.type}/${initial.id}/view`);
          },
          onError: (error) => {
            if (isApiError(error) && error.status === 409) {
              setConflict(true);
              return;
            }
            if (showServerFieldErrors(error, setError, setLogoError)) {
              setFormError(t('tenants.form.fixErrors'));
              return;
            }
            notifyFailure(t('tenants.form.editFailure'));
            void navigate('/tenants');
          },
        },
      );
    },
    () => setFormError(t('tenants.form.fixErrors')),
  );

  const chooseLogo = (file: File | null) => {
    setLogoError(null);
    setLogo(null);
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setLogoError(t('tenants.form.logoType'));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setLogoError(t('tenants.form.logoSize', { size: LOGO_MAX_KB }));
      return;
    }
    setLogo(file);
  };

  const partnerName =
    isPartnerUser && user ? user.account.name : (initial?.partnerName ?? t('common.notSet'));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('tenants.form.sectionAccount')}>
      <Stack gap="lg">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('tenants.conflict')}>
            <Button
              ref={reloadButton}
              size="xs"
              variant="default"
              onClick={() => void reload()}
              loading={reloading}
            >
              {t('tenants.reload')}
            </Button>
          </Alert>
        )}
        {formError && !conflict && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        {lookupFailed && (
          <Alert color="orange" variant="light">
            {t('tenants.form.lookupError')}
          </Alert>
        )}

        <Section title={t('tenants.form.sectionAccount')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={control}
              name="name"
              label={t('tenants.form.name')}
              placeholder={t('tenants.form.namePlaceholder')}
              required
              maxLength={150}
              data-autofocus
            />
            {isIndustry && (
              <IdSelect
                control={control}
                name="industryId"
                label={t('tenants.form.category')}
                placeholder={t('tenants.form.categoryPlaceholder')}
                required
                options={(industries.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
                current={initial?.industry ?? null}
                loading={industries.isPending}
              />
            )}
            {isIndustry &&
              (isSite ? (
                <IdSelect
                  control={control}
                  name="partnerId"
                  label={t('tenants.form.partner')}
                  placeholder={t('tenants.form.partnerPlaceholder')}
                  required
                  options={(partners.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
                  current={
                    initial && initial.partnerId > 0
                      ? { id: initial.partnerId, name: initial.partnerName ?? `#${initial.partnerId}` }
                      : null
                  }
                  loading={partners.isPending}
                />
              ) : (
                <TextInput label={t('tenants.form.partner')} value={partnerName} readOnly />
              ))}
            {isIndustry && isSite && (
              <IdSelect
                control={control}
                name="corporateId"
                label={t('tenants.form.corporate')}
                placeholder={t('tenants.form.corporatePlaceholder')}
                options={(corporates.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
                current={initial?.corporate ?? null}
                loading={corporates.isPending}
                clearable
              />
            )}
            {isIndustry && (
              <TextField
                control={control}
                name="industryCode"
                label={t('tenants.form.industryCode')}
                placeholder={t('tenants.form.industryCodePlaceholder')}
                maxLength={50}
              />
            )}
          </SimpleGrid>
          {isIndustry && (
            <Controller
              control={control}
              name="isRemotePerformanceCheck"
              render={({ field }) => (
                <Switch
                  mt="md"
                  label={t('tenants.form.remoteCheck')}
                  checked={field.value === true || field.value === 'true'}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          )}
        </Section>

        <Section title={t('tenants.form.sectionContact')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <EmailField
              control={control}
              name="contactEmail"
              label={t('tenants.form.contactEmail')}
              placeholder={t('tenants.form.contactEmailPlaceholder')}
              required
              maxLength={254}
            />
            <ContactNumberField
              control={control}
              name="contactNo"
              label={t('tenants.form.contactNo')}
              placeholder={t('tenants.form.contactNoPlaceholder')}
              required
            />
          </SimpleGrid>
        </Section>

        <Section title={t('tenants.form.sectionAddress')}>
          <Stack gap="md">
            <TextField
              control={control}
              name="address"
              label={t('tenants.form.address')}
              placeholder={t('tenants.form.addressPlaceholder')}
              maxLength={300}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextField control={control} name="city" label={t('tenants.form.city')} maxLength={100} />
              <CountrySelect
                control={control}
                onCountryChange={() => setValue('stateCode', '', { shouldDirty: true })}
              />
              <StateField control={control} />
              <TextField
                control={control}
                name="zip"
                label={t('tenants.form.zip')}
                maxLength={10}
                autoComplete="postal-code"
              />
              <TextField
                control={control}
                name="gstin"
                label={t('tenants.form.gstin')}
                maxLength={15}
                styles={{ input: { textTransform: 'uppercase' } }}
              />
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title={t('tenants.form.sectionLocation')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={control}
              name="latitude"
              label={t('tenants.form.latitude')}
              inputMode="decimal"
              placeholder="-90 … 90"
            />
            <TextField
              control={control}
              name="longitude"
              label={t('tenants.form.longitude')}
              inputMode="decimal"
              placeholder="-180 … 180"
            />
            <Controller
              control={control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Select
                  label={t('tenants.form.timeZone')}
                  data={timeZoneOptions}
                  value={typeof field.value === 'string' ? field.value : null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  searchable
                  required
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <LogoPicker
            logo={logo}
            error={logoError}
            currentUrl={initial?.logoUrl ?? null}
            onChange={chooseLogo}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            component={Link}
            to={initial ? `/accounts/${initial.type}/${initial.id}/view` : '/tenants'}
          >
            {t('tenants.form.cancel')}
          </Button>
          <Button type="submit" loading={isSaving} disabled={conflict}>
            {isEdit ? t('tenants.form.saveChanges') : t('tenants.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" style={{ margin: 0 }}>
      <Title order={2} size="h4" mb="md" component="legend" px={4}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface IdSelectProps {
  control: Control<FormValues>;
  name: 'industryId' | 'partnerId' | 'corporateId';
  label: string;
  placeholder: string;
  options: { id: number; name: string }[];
  /** The saved choice, shown even when it is no longer among the options. */
  current: { id: number; name: string } | null;
  loading: boolean;
  required?: boolean;
  clearable?: boolean;
}

function IdSelect({
  control,
  name,
  label,
  placeholder,
  options,
  current,
  loading,
  required,
  clearable,
}: IdSelectProps) {
  const data = options.map((item) => ({ value: String(item.id), label: item.name }));
  if (current && !data.some((item) => item.value === String(current.id))) {
    data.unshift({ value: String(current.id), label: current.name });
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectWithError
          label={label}
          placeholder={placeholder}
          data={data}
          value={
            field.value === '' || field.value === null || field.value === undefined
              ? null
              : String(field.value)
          }
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          clearable={clearable}
          disabled={loading && data.length === 0}
          error={fieldState.error}
        />
      )}
    />
  );
}

function SelectWithError({
  error,
  inputRef,
  ...props
}: Omit<React.ComponentProps<typeof Select>, 'error'> & {
  error: Parameters<typeof useFieldErrorMessage>[0];
  inputRef: React.Ref<HTMLInputElement>;
}) {
  const message = useFieldErrorMessage(error);
  return (
    <Select {...props} ref={inputRef} searchable error={message} aria-invalid={message ? true : undefined} />
  );
}

function CountrySelect({
  control,
  onCountryChange,
}: {
  control: Control<FormValues>;
  onCountryChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="countryCode"
      render={({ field, fieldState }) => (
        <SelectWithError
          label={t('tenants.form.country')}
          placeholder={t('tenants.form.countryPlaceholder')}
          data={ORDERED_COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => {
            if (value && value !== field.value) {
              field.onChange(value);
              onCountryChange();
            }
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          allowDeselect={false}
          required
          error={fieldState.error}
        />
      )}
    />
  );
}

/** Indian states from the list (spec §9: the state lookup defaults to IN); free text elsewhere. */
function StateField({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation();
  const country = useWatch({ control, name: 'countryCode' });
  if (country !== 'IN') {
    return <TextField control={control} name="stateCode" label={t('tenants.form.stateCode')} maxLength={5} />;
  }
  return (
    <Controller
      control={control}
      name="stateCode"
      render={({ field, fieldState }) => (
        <SelectWithError
          label={t('tenants.form.state')}
          placeholder={t('tenants.form.statePlaceholder')}
          data={INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }))}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          clearable
          error={fieldState.error}
        />
      )}
    />
  );
}

interface LogoPickerProps {
  logo: File | null;
  error: string | null;
  currentUrl: string | null;
  onChange: (file: File | null) => void;
}

function LogoPicker({ logo, error, currentUrl, onChange }: LogoPickerProps) {
  const { t } = useTranslation();
  const previewUrl = useMemo(
    () => (logo && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(logo) : null),
    [logo],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shownUrl = previewUrl ?? currentUrl;
  return (
    <Group mt="md" align="flex-end" gap="lg">
      <FileInput
        label={t('tenants.form.logo')}
        placeholder={t('tenants.form.logoPlaceholder')}
        description={t('tenants.form.logoHint', { size: LOGO_MAX_KB })}
        accept={LOGO_CONTENT_TYPES.join(',')}
        onChange={onChange}
        error={error ? translateMessage(t, error) : undefined}
        clearable
        w={320}
      />
      {shownUrl && (
        <Image
          src={shownUrl}
          alt={previewUrl ? t('tenants.form.logoPreview') : t('tenants.form.currentLogo')}
          h={64}
          w="auto"
          fit="contain"
          radius="sm"
        />
      )}
    </Group>
  );
}
