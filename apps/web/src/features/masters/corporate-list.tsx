import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CORPORATE_TYPES, type Corporate } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedChoice } from '../../components/segmented-choice';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { formatNumber } from '../../i18n';
import { useCorporates } from './api/get-corporates';
import type { CorporateType } from './api/master-keys';
import { CorporatesAddDialog } from './corporates-add-dialog';

const DEFAULT_TYPE: CorporateType = 'corporate';

function readType(value: string | null): CorporateType {
  return CORPORATE_TYPES.find((type) => type === value) ?? DEFAULT_TYPE;
}

/** `/corporate-list` (site users): corporate accounts by type, the type kept in the URL. */
export function CorporateList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const type = readType(searchParams.get('type'));
  const corporates = useCorporates({ type });
  const [adding, setAdding] = useState(false);
  useDocumentTitle(`${t('pages.corporates')} · ${t('common.appName')}`);

  const setType = (value: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      const chosen = readType(value);
      if (chosen === DEFAULT_TYPE) next.delete('type');
      else next.set('type', chosen);
      return next;
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.corporates')}</Title>
        <Button onClick={() => setAdding(true)}>{t('masters.corporates.add')}</Button>
      </Group>
      <Stack gap={4}>
        <Text id="corporate-type-filter" size="sm" fw={500}>
          {t('masters.corporates.type')}
        </Text>
        <SegmentedChoice
          aria-labelledby="corporate-type-filter"
          value={type}
          onChange={setType}
          data={CORPORATE_TYPES.map((value) => ({ value, label: t(`masters.corporateTypes.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>

      <ListResult
        query={corporates}
        rows={corporates.data}
        errorTitle={t('masters.corporates.loadError')}
        empty={t('masters.corporates.empty')}
      >
        <CorporateTable corporates={corporates.data} isRefreshing={corporates.isPlaceholderData} />
      </ListResult>

      <CorporatesAddDialog opened={adding} defaultType={type} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function CorporateTable({
  corporates,
  isRefreshing,
}: {
  corporates: Corporate[] | undefined;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');

  const columns: DataTableColumn<Corporate>[] = [
    {
      key: 'name',
      header: t('masters.corporates.name'),
      cellProps: { fw: 500 },
      render: (corporate) => corporate.name,
    },
    {
      key: 'type',
      header: t('masters.corporates.type'),
      render: (corporate) =>
        (CORPORATE_TYPES as readonly string[]).includes(corporate.type)
          ? t(`masters.corporateTypes.${corporate.type as CorporateType}`)
          : corporate.type,
    },
    {
      key: 'status',
      header: t('masters.corporates.status'),
      render: (corporate) => (
        <Badge color={corporate.status === 'ENABLED' ? 'green' : 'gray'} variant="light">
          {corporate.status === 'ENABLED' || corporate.status === 'DISABLED'
            ? t(`statuses.${corporate.status}`)
            : corporate.status}
        </Badge>
      ),
    },
    {
      key: 'email',
      header: t('masters.corporates.email'),
      render: (corporate) => corporate.contactEmail || notSet,
    },
    {
      key: 'industries',
      header: t('masters.corporates.industries'),
      align: 'right',
      render: (corporate) => formatNumber(corporate.tenantCount),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={corporates}
      getRowKey={(corporate) => corporate.id}
      caption={t('masters.corporates.caption', { count: corporates?.length ?? 0 })}
      minWidth={720}
      isRefreshing={isRefreshing}
    />
  );
}
