import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  derivedParameterListQuerySchema,
  PAGE_SIZES,
  PARAMETER_MTYPES,
  type DerivedParameter,
  type TotalKind,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  ConfirmDeleteButton,
  type ListStateChange,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { formatNumber, formatTotal } from '../../i18n';
import { useUnits } from '../parameters';
import { mtypeLabel, mtypeOptions } from '../parameters';
import type { DerivedParameterMtype } from './api/derived-parameter-keys';
import { useDeleteDerivedParameter } from './api/delete-derived-parameter';
import { useDerivedParameters } from './api/get-derived-parameters';
import { derivedParameterFormPath } from './derived-parameter-paths';
import { UrlSearchInput } from '../../components/url-search-input';

const ALL = 'all';
const PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: PAGE_SIZE } };
type DerivedParameterListChange = ListStateChange<typeof derivedParameterListQuerySchema>;

/**
 * `/derived-param-list`: the derived parameters of the catalogue, one page at
 * a time, searched and filtered on the server with the filters in the URL.
 */
export function DerivedParameterList() {
  const { t } = useTranslation();
  const list = useListState(derivedParameterListQuerySchema, LIST_OPTIONS);
  const filters = list.query;
  const derived = useDerivedParameters(filters);
  useDocumentTitle(`${t('pages.derivedParameters')} · ${t('common.appName')}`);

  const { change, setPage } = list;
  const hasFilters = list.isFiltered;
  const data = derived.data;
  useLastPageWhenPastEnd(derived, filters.page, setPage);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.derivedParameters')}</Title>
        <Button component={Link} to={derivedParameterFormPath()}>
          {t('derivedParameters.list.add')}
        </Button>
      </Group>

      <DerivedParameterFilters
        search={filters.search}
        mtype={filters.mtype}
        hasFilters={hasFilters}
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={derived}
        rows={data?.items}
        errorTitle={t('derivedParameters.list.loadError')}
        empty={hasFilters ? t('derivedParameters.list.noMatch') : t('derivedParameters.list.empty')}
      >
        <DerivedParameterTable page={data} isRefreshing={derived.isPlaceholderData} />
        <ListPager query={derived} onChange={(page) => change({ page })} />
      </ListResult>
    </Stack>
  );
}

interface DerivedParameterFiltersProps {
  search: string | undefined;
  mtype: DerivedParameterMtype | undefined;
  hasFilters: boolean;
  onChange: (change: DerivedParameterListChange) => void;
  onClear: () => void;
}

function DerivedParameterFilters({
  search,
  mtype,
  hasFilters,
  onChange,
  onClear,
}: DerivedParameterFiltersProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UrlSearchInput
          value={search}
          onSearch={(search) => onChange({ search })}
          label={t('derivedParameters.list.search')}
          placeholder={t('derivedParameters.list.searchPlaceholder')}
        />
        <Select
          label={t('derivedParameters.list.mtypeFilter')}
          data={[{ value: ALL, label: t('derivedParameters.list.allMtypes') }, ...mtypeOptions(t)]}
          value={mtype ?? ALL}
          onChange={(value) => onChange({ mtype: PARAMETER_MTYPES.find((item) => item === value) })}
          allowDeselect={false}
          w={220}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={onClear}>
            {t('derivedParameters.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface DerivedParameterTableProps {
  page: { items: DerivedParameter[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
}

function DerivedParameterTable({ page, isRefreshing }: DerivedParameterTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;
  const units = useUnits();
  const unitLabels = new Map((units.data ?? []).map((unit) => [unit.code, unit.label]));

  const columns: DataTableColumn<DerivedParameter>[] = [
    {
      key: 'label',
      header: t('derivedParameters.fields.label'),
      cellProps: { fw: 500 },
      render: (parameter) => parameter.label,
    },
    {
      key: 'name',
      header: t('derivedParameters.list.nameKey'),
      render: (parameter) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace">
            {parameter.name}
          </Text>
          {parameter.paramKey !== parameter.name && (
            <Text size="xs" c="dimmed" ff="monospace">
              {parameter.paramKey}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'mtype',
      header: t('derivedParameters.fields.mtype'),
      render: (parameter) => mtypeLabel(t, parameter.mtype),
    },
    {
      key: 'stdUnit',
      header: t('derivedParameters.fields.stdUnit'),
      render: (parameter) =>
        parameter.stdUnit === null ? notSet : (unitLabels.get(parameter.stdUnit) ?? parameter.stdUnit),
    },
    {
      key: 'series',
      header: t('derivedParameters.list.series'),
      cellProps: { miw: 200 },
      render: (parameter) => (
        <Stack gap={2}>
          <Text size="sm">
            {t('derivedParameters.list.seriesCount', { count: parameter.derivedStdParamList.length })}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {parameter.derivedStdParamList.map((series) => series.derivedParamName).join(', ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'downsample',
      header: t('derivedParameters.list.downsample'),
      render: (parameter) => parameter.metricDownsampleAgg,
    },
    {
      key: 'actions',
      header: t('derivedParameters.list.actions'),
      render: (parameter) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={derivedParameterFormPath(parameter.id)}
            aria-label={t('derivedParameters.list.editParameter', { label: parameter.label })}
          >
            {t('derivedParameters.list.edit')}
          </Button>
          <DeleteDerivedParameterButton parameter={parameter} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(parameter) => parameter.id}
      caption={t('derivedParameters.list.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={1000}
      isRefreshing={isRefreshing}
      skeletonRows={PAGE_SIZE}
    />
  );
}

function DeleteDerivedParameterButton({ parameter }: { parameter: DerivedParameter }) {
  const { t } = useTranslation();
  const deleteParameter = useDeleteDerivedParameter();
  // Another derived parameter still using its series is named in the refusal (DERIVED_PARAMETER_IN_USE).
  return (
    <ConfirmDeleteButton
      label={t('derivedParameters.list.delete')}
      accessibleName={t('derivedParameters.list.deleteParameter', { label: parameter.label })}
      confirmMessage={t('derivedParameters.list.confirmDelete', { label: parameter.label })}
      onDelete={() => deleteParameter.mutateAsync(parameter.id)}
      successMessage={t('derivedParameters.list.deleted')}
      failureMessage={t('derivedParameters.list.deleteError')}
    />
  );
}
