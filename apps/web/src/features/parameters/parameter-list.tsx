import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  exportParametersEndpoint,
  PAGE_SIZES,
  PARAMETER_MTYPES,
  parameterListQuerySchema,
  STANDARD_PARAMETER_TYPES,
  type Parameter,
  type TotalKind,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  ConfirmDeleteButton,
  ExportCsvButton,
  type ListStateChange,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { formatNumber, formatTotal } from '../../i18n';
import { useDeleteParameter } from './api/delete-parameter';
import { useParameters } from './api/get-parameters';
import { useUnits } from './api/get-units';
import type { ParameterType } from './api/parameter-keys';
import { mtypeLabel, mtypeOptions, typeLabel, typeOptions } from './parameter-labels';
import { ParameterUnitsDialog } from './parameter-units-dialog';
import { ParametersEditDialog } from './parameter-form';
import { UrlSearchInput } from '../../components/url-search-input';

const ALL = 'all';
const PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: PAGE_SIZE } };
type ParameterListChange = ListStateChange<typeof parameterListQuerySchema>;

type DialogState = { parameter: Parameter | null } | null;

/**
 * `/parameterlist`: the standard parameter catalogue, one page at a time,
 * searched and filtered on the server with every filter in the URL. Anyone
 * signed in may look; only site users add, edit and delete.
 */
export function ParameterList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canWrite = user?.userType === 'site';
  const list = useListState(parameterListQuerySchema, LIST_OPTIONS);
  const filters = list.query;
  const parameters = useParameters(filters);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [unitsOf, setUnitsOf] = useState<Parameter | null>(null);
  useDocumentTitle(`${t('pages.parameters')} · ${t('common.appName')}`);

  const { change, setPage } = list;
  const hasFilters = list.isFiltered;
  const data = parameters.data;
  useLastPageWhenPastEnd(parameters, filters.page, setPage);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.parameters')}</Title>
        <Group gap="sm">
          <ExportCsvButton endpoint={exportParametersEndpoint} query={filters} />
          {canWrite && (
            <Button onClick={() => setDialog({ parameter: null })}>{t('parameters.list.add')}</Button>
          )}
        </Group>
      </Group>

      <ParameterFilters
        search={filters.search}
        type={filters.type}
        mtype={filters.mtype}
        hasFilters={hasFilters}
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={parameters}
        rows={data?.items}
        errorTitle={t('parameters.list.loadError')}
        empty={hasFilters ? t('parameters.list.noMatch') : t('parameters.list.empty')}
      >
        <ParameterTable
          page={data}
          isRefreshing={parameters.isPlaceholderData}
          canWrite={canWrite}
          onEdit={(parameter) => setDialog({ parameter })}
          onShowUnits={setUnitsOf}
        />
        <ListPager query={parameters} onChange={(page) => change({ page })} />
      </ListResult>

      <ParameterUnitsDialog parameter={unitsOf} onClose={() => setUnitsOf(null)} />
      {canWrite && (
        <ParametersEditDialog
          opened={dialog !== null}
          parameter={dialog?.parameter ?? null}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

interface ParameterFiltersProps {
  search: string | undefined;
  type: ParameterType | undefined;
  mtype: string | undefined;
  hasFilters: boolean;
  onChange: (change: ParameterListChange) => void;
  onClear: () => void;
}

function ParameterFilters({ search, type, mtype, hasFilters, onChange, onClear }: ParameterFiltersProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UrlSearchInput
          value={search}
          onSearch={(search) => onChange({ search })}
          label={t('parameters.list.search')}
          placeholder={t('parameters.list.searchPlaceholder')}
        />
        <Select
          label={t('parameters.list.typeFilter')}
          data={[{ value: ALL, label: t('parameters.list.allTypes') }, ...typeOptions(t)]}
          value={type ?? ALL}
          onChange={(value) => onChange({ type: STANDARD_PARAMETER_TYPES.find((item) => item === value) })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('parameters.list.mtypeFilter')}
          data={[{ value: ALL, label: t('parameters.list.allMtypes') }, ...mtypeOptions(t)]}
          value={mtype ?? ALL}
          onChange={(value) => onChange({ mtype: PARAMETER_MTYPES.find((item) => item === value) })}
          allowDeselect={false}
          w={220}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={onClear}>
            {t('parameters.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface ParameterTableProps {
  page: { items: Parameter[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
  canWrite: boolean;
  onEdit: (parameter: Parameter) => void;
  onShowUnits: (parameter: Parameter) => void;
}

function ParameterTable({ page, isRefreshing, canWrite, onEdit, onShowUnits }: ParameterTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;
  const units = useUnits();
  const unitLabels = new Map((units.data ?? []).map((unit) => [unit.code, unit.label]));

  const columns: DataTableColumn<Parameter>[] = [
    {
      key: 'label',
      header: t('parameters.fields.label'),
      cellProps: { fw: 500 },
      render: (parameter) => parameter.label,
    },
    {
      key: 'name',
      header: t('parameters.list.nameKey'),
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
      key: 'metric',
      header: t('parameters.fields.paramMetric'),
      render: (parameter) => (
        <Text size="sm" ff="monospace">
          {parameter.paramMetric}
        </Text>
      ),
    },
    { key: 'type', header: t('parameters.fields.type'), render: (parameter) => typeLabel(t, parameter.type) },
    {
      key: 'mtype',
      header: t('parameters.fields.mtype'),
      render: (parameter) => mtypeLabel(t, parameter.mtype),
    },
    {
      key: 'stdUnit',
      header: t('parameters.fields.stdUnit'),
      render: (parameter) =>
        parameter.stdUnit === null ? (
          notSet
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onShowUnits(parameter)}
            aria-label={t('parameters.units.open', {
              label: parameter.label,
              unit: unitLabels.get(parameter.stdUnit) ?? parameter.stdUnit,
            })}
          >
            {unitLabels.get(parameter.stdUnit) ?? parameter.stdUnit}
          </Button>
        ),
    },
    {
      key: 'aggregation',
      header: t('parameters.list.aggregation'),
      render: (parameter) =>
        parameter.metricAgg === parameter.metricDownsampleAgg
          ? parameter.metricAgg
          : `${parameter.metricAgg} / ${parameter.metricDownsampleAgg}`,
    },
    {
      key: 'flags',
      header: t('parameters.list.flags'),
      cellProps: { miw: 160 },
      render: (parameter) => <ParameterFlags parameter={parameter} />,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('parameters.list.actions'),
      render: (parameter) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onEdit(parameter)}
            aria-label={t('parameters.list.editParameter', { label: parameter.label })}
          >
            {t('parameters.list.edit')}
          </Button>
          <DeleteParameterButton parameter={parameter} />
        </Group>
      ),
    });
  }

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(parameter) => parameter.id}
      caption={t('parameters.list.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={1100}
      isRefreshing={isRefreshing}
      skeletonRows={PAGE_SIZE}
    />
  );
}

function ParameterFlags({ parameter }: { parameter: Parameter }) {
  const { t } = useTranslation();
  const flags = [
    parameter.isAlertEnabled && t('parameters.list.flagAlert'),
    parameter.isCounter && t('parameters.list.flagCounter'),
    parameter.showWidget && t('parameters.list.flagWidget'),
  ].filter((flag): flag is string => Boolean(flag));
  if (flags.length === 0) return <Text size="sm">{t('common.notSet')}</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {flags.map((flag) => (
        <Badge key={flag} size="sm" variant="light" style={{ flexShrink: 0 }}>
          {flag}
        </Badge>
      ))}
    </Group>
  );
}

function DeleteParameterButton({ parameter }: { parameter: Parameter }) {
  const { t } = useTranslation();
  const deleteParameter = useDeleteParameter();
  return (
    <ConfirmDeleteButton
      label={t('parameters.list.delete')}
      accessibleName={t('parameters.list.deleteParameter', { label: parameter.label })}
      confirmMessage={t('parameters.list.confirmDelete', { label: parameter.label })}
      onDelete={() => deleteParameter.mutateAsync(parameter.id)}
      successMessage={t('parameters.list.deleted')}
      failureMessage={t('parameters.list.deleteError')}
    />
  );
}
