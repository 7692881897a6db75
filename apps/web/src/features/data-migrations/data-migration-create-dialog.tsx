import { Anchor, Button, FileInput, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { DATA_MIGRATION_SOURCES, type DataMigrationSource } from '@vayu/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { applyServerError } from '../../components/form/server-errors';
import { dataMigrationTemplateUrl, useCreateDataMigration, type NewDataMigration } from './api';

interface FormValues {
  tenantId: number | undefined;
  source: DataMigrationSource;
  file: File | null;
  sourceTenantId: number | undefined;
  from: string;
  to: string;
}

const FIELDS = ['tenantId', 'file', 'sourceTenantId', 'from', 'to'] as const;

/** The start or end of an India date, as the API takes a moment (ISO 8601 with the offset). */
const indiaMoment = (day: string, end: boolean) => `${day}T${end ? '23:59:59' : '00:00:00'}+05:30`;

/**
 * "New migration": the industry imported into (an industry's own users have
 * theirs) and where the readings come from: a CSV file (with the template a
 * click away) or another industry and an optional range of India dates. The
 * check starts at once; the new migration opens in its detail.
 */
export function DataMigrationCreateDialog({
  ownTenantId,
  onClose,
  onCreated,
}: {
  ownTenantId: number | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateDataMigration();
  const form = useForm<FormValues>({
    defaultValues: {
      tenantId: ownTenantId,
      source: 'CSV',
      file: null,
      sourceTenantId: undefined,
      from: '',
      to: '',
    },
  });
  const source = useWatch({ control: form.control, name: 'source' });
  const required = t('dataMigrations.create.required');
  const industryTexts = (label: string) => ({
    label,
    placeholder: t('dataMigrations.industryHint'),
    hint: t('dataMigrations.industryHint'),
    nothingFound: t('dataMigrations.industryNothingFound'),
    searchError: t('dataMigrations.industrySearchError'),
  });

  const submit = form.handleSubmit((values) => {
    const tenantId = values.tenantId!;
    const input: NewDataMigration =
      values.source === 'CSV'
        ? { tenantId, file: values.file! }
        : {
            tenantId,
            sourceTenantId: values.sourceTenantId!,
            from: values.from ? indiaMoment(values.from, false) : undefined,
            to: values.to ? indiaMoment(values.to, true) : undefined,
          };
    create.mutate(input, {
      onSuccess: (created) => {
        notifySuccess(t('dataMigrations.create.success'));
        onCreated(created.id);
      },
      onError: (error) => {
        const outcome = applyServerError(error, form.setError, t, { fields: FIELDS });
        notifyFailure(outcome.isShownOnField ? t('dataMigrations.create.failure') : outcome.message);
      },
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('dataMigrations.create.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dataMigrations.create.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {ownTenantId === undefined && (
            <Controller
              control={form.control}
              name="tenantId"
              rules={{ validate: (value) => (value === undefined ? required : true) }}
              render={({ field, fieldState }) => (
                <Stack gap={2}>
                  <IndustrySearchSelect
                    value={field.value}
                    onChange={field.onChange}
                    texts={industryTexts(t('dataMigrations.industry'))}
                  />
                  {fieldState.error && (
                    <Text size="xs" c="red" role="alert">
                      {fieldState.error.message}
                    </Text>
                  )}
                </Stack>
              )}
            />
          )}
          <Controller
            control={form.control}
            name="source"
            render={({ field }) => (
              <Radio.Group
                label={t('dataMigrations.create.source')}
                value={field.value}
                onChange={(value) => field.onChange(value as DataMigrationSource)}
              >
                <Group gap="lg" mt={4}>
                  {DATA_MIGRATION_SOURCES.map((option) => (
                    <Radio key={option} value={option} label={t(`dataMigrations.create.sources.${option}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          {source === 'CSV' ? (
            <Stack gap={4}>
              <Controller
                control={form.control}
                name="file"
                rules={{
                  validate: (value) => (form.getValues('source') === 'CSV' && !value ? required : true),
                }}
                render={({ field, fieldState }) => (
                  <FileInput
                    label={t('dataMigrations.create.file')}
                    placeholder={t('dataMigrations.create.filePlaceholder')}
                    accept=".csv,text/csv,text/plain"
                    clearable
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Text size="xs" c="dimmed">
                {t('dataMigrations.csvFormat')}{' '}
                <Anchor href={dataMigrationTemplateUrl()} download size="xs">
                  {t('dataMigrations.template')}
                </Anchor>
              </Text>
            </Stack>
          ) : (
            <>
              <Controller
                control={form.control}
                name="sourceTenantId"
                rules={{
                  validate: (value) =>
                    form.getValues('source') === 'TENANT' && value === undefined ? required : true,
                }}
                render={({ field, fieldState }) => (
                  <Stack gap={2}>
                    <IndustrySearchSelect
                      value={field.value}
                      onChange={field.onChange}
                      texts={industryTexts(t('dataMigrations.create.sourceIndustry'))}
                    />
                    {fieldState.error && (
                      <Text size="xs" c="red" role="alert">
                        {fieldState.error.message}
                      </Text>
                    )}
                  </Stack>
                )}
              />
              <Group gap="md" grow>
                <TextInput
                  type="date"
                  label={t('dataMigrations.create.from')}
                  {...form.register('from')}
                  error={form.formState.errors.from?.message}
                />
                <TextInput
                  type="date"
                  label={t('dataMigrations.create.to')}
                  {...form.register('to')}
                  error={form.formState.errors.to?.message}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('dataMigrations.create.rangeHint')}
              </Text>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('dataMigrations.create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('dataMigrations.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
