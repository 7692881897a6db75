import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  DATA_MIGRATION_STATUSES,
  INTEGER_RANGE,
  dataMigrationsEndpoints,
  isAccessAllowed,
  parsePageNumber,
  type DataMigrationStatus,
} from '@vayu/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { dataMigrationTemplateUrl } from './api';
import { DataMigrationCreateDialog } from './data-migration-create-dialog';
import { DataMigrationDetailDialog } from './data-migration-detail';
import { DataMigrationList } from './data-migration-list';

/** An id from the address, or undefined when it is not one. */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= INTEGER_RANGE.max ? id : undefined;
}

const parseStatus = (value: string | null): DataMigrationStatus | undefined =>
  DATA_MIGRATION_STATUSES.find((status) => status === value);

/**
 * What `/dataMigration` keeps in the address: the industry and status
 * filters, the page, and the migration open in the detail dialog (`id`), so
 * back, reload and a shared link show the same.
 */
function useMigrationsAddress() {
  const [params, setParams] = useSearchParams();
  const tenantId = parseId(params.get('tenantId'));
  const status = parseStatus(params.get('status'));
  const page = parsePageNumber(params.get('page') ?? '') ?? 1;
  const openId = parseId(params.get('id'));
  const change = useCallback(
    (next: {
      tenantId?: number | undefined;
      status?: DataMigrationStatus | undefined;
      page?: number;
      id?: number | undefined;
    }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        const set = (name: string, value: string | undefined) =>
          value === undefined ? updated.delete(name) : updated.set(name, value);
        if ('tenantId' in next)
          set('tenantId', next.tenantId === undefined ? undefined : String(next.tenantId));
        if ('status' in next) set('status', next.status);
        if ('id' in next) set('id', next.id === undefined ? undefined : String(next.id));
        if (!('id' in next) || 'page' in next)
          set('page', next.page !== undefined && next.page > 1 ? String(next.page) : undefined);
        return updated;
      }),
    [setParams],
  );
  return { tenantId, status, page, openId, change };
}

/**
 * `/dataMigration`: the migrations of the industries the user sees, with
 * their status and progress; a new one from a CSV file or another industry;
 * each one's row errors, its import and its cancel in the detail dialog.
 */
export function DataMigrationsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const address = useMigrationsAddress();
  const [isCreating, setCreating] = useState(false);
  useDocumentTitle(`${t('pages.dataMigrations')} · ${t('common.appName')}`);
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const canWrite = user !== null && isAccessAllowed(dataMigrationsEndpoints.createDataMigration.access, user);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} maw={760}>
          <Title order={1}>{t('pages.dataMigrations')}</Title>
          <Text c="dimmed" size="sm">
            {t('dataMigrations.intro')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('dataMigrations.csvFormat')}{' '}
            <Anchor href={dataMigrationTemplateUrl()} download>
              {t('dataMigrations.template')}
            </Anchor>
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setCreating(true)}>{t('dataMigrations.newMigration')}</Button>}
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        {ownTenantId === undefined && (
          <IndustrySearchSelect
            value={address.tenantId}
            onChange={(next) => address.change({ tenantId: next })}
            texts={{
              label: t('dataMigrations.industry'),
              placeholder: t('dataMigrations.allIndustries'),
              hint: t('dataMigrations.industryHint'),
              nothingFound: t('dataMigrations.industryNothingFound'),
              searchError: t('dataMigrations.industrySearchError'),
            }}
          />
        )}
        <Select
          label={t('dataMigrations.status')}
          placeholder={t('dataMigrations.allStatuses')}
          clearable
          w={{ base: '100%', sm: 220 }}
          data={DATA_MIGRATION_STATUSES.map((status) => ({
            value: status,
            label: t(`dataMigrations.statuses.${status}`),
          }))}
          value={address.status ?? null}
          onChange={(next) => address.change({ status: parseStatus(next) })}
        />
      </Group>
      <DataMigrationList
        tenantId={address.tenantId}
        status={address.status}
        page={address.page}
        onPage={(page) => address.change({ page })}
        onOpen={(id) => address.change({ id })}
      />
      {isCreating && (
        <DataMigrationCreateDialog
          ownTenantId={ownTenantId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            address.change({ id });
          }}
        />
      )}
      {address.openId !== undefined && (
        <DataMigrationDetailDialog
          id={address.openId}
          canWrite={canWrite}
          onClose={() => address.change({ id: undefined })}
        />
      )}
    </Stack>
  );
}
