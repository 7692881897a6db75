import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CORPORATE_TYPES, type Corporate } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { formatNumber } from '../../i18n';
import { useCorporates } from './api/get-corporates';
import type { CorporateType } from './api/master-keys';
import { CorporatesAddDialog } from './corporates-add-dialog';

const COLUMN_COUNT = 5;
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
  useDocumentTitle(`${t('masters.corporates.title')} · ${t('common.appName')}`);

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
        <Title order={1}>{t('masters.corporates.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('masters.corporates.add')}</Button>
      </Group>
      <Stack gap={4}>
        <Text id="corporate-type-filter" size="sm" fw={500}>
          {t('masters.corporates.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="corporate-type-filter"
          value={type}
          onChange={setType}
          data={CORPORATE_TYPES.map((value) => ({ value, label: t(`masters.corporateTypes.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>

      {corporates.isError ? (
        <Alert color="red" variant="light" title={t('masters.corporates.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, corporates.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void corporates.refetch()}
              loading={corporates.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : corporates.data && corporates.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('masters.corporates.empty')}
          </Text>
        </Paper>
      ) : (
        <CorporateTable corporates={corporates.data} isRefreshing={corporates.isPlaceholderData} />
      )}

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
  const isLoading = corporates === undefined;

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isLoading || isRefreshing}>
          <Table.Caption>
            {isLoading ? t('common.loading') : t('masters.corporates.caption', { count: corporates.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('masters.corporates.name')}</Table.Th>
              <Table.Th scope="col">{t('masters.corporates.type')}</Table.Th>
              <Table.Th scope="col">{t('masters.corporates.status')}</Table.Th>
              <Table.Th scope="col">{t('masters.corporates.email')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('masters.corporates.industries')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: isRefreshing ? 0.6 : 1 }}>
            {isLoading
              ? Array.from({ length: 5 }, (_, row) => (
                  <Table.Tr key={row} aria-hidden>
                    {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : corporates.map((corporate) => (
                  <Table.Tr key={corporate.id}>
                    <Table.Td fw={500}>{corporate.name}</Table.Td>
                    <Table.Td>
                      {(CORPORATE_TYPES as readonly string[]).includes(corporate.type)
                        ? t(`masters.corporateTypes.${corporate.type as CorporateType}`)
                        : corporate.type}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={corporate.status === 'ENABLED' ? 'green' : 'gray'} variant="light">
                        {corporate.status === 'ENABLED' || corporate.status === 'DISABLED'
                          ? t(`statuses.${corporate.status}`)
                          : corporate.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{corporate.contactEmail || notSet}</Table.Td>
                    <Table.Td ta="right">{formatNumber(corporate.tenantCount)}</Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
