import { Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  energyParameterListQuerySchema,
  PAGE_SIZES,
  type EnergyParameter,
  type TotalKind,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  ConfirmDeleteButton,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { formatNumber, formatTotal } from '../../i18n';
import { useDeleteEnergyParameter } from './api/delete-energy-parameter';
import { useEnergyParameters } from './api/get-energy-parameters';
import { aggregationLabel, categoryLabel, unitLabel } from './energy-labels';
import { EnergyNav, ListFilters } from './energy-list-tools';

const PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: PAGE_SIZE } };

/**
 * `/energy/params`: the energy module's parameters, one page at a time,
 * searched and filtered by category on the server with both in the URL.
 * Add and edit are pages of their own; delete asks first.
 */
export function EnergyParameterList() {
  const { t } = useTranslation();
  const list = useListState(energyParameterListQuerySchema, LIST_OPTIONS);
  const state = list.query;
  const parameters = useEnergyParameters(state);
  useDocumentTitle(`${t('pages.energyParameters')} · ${t('common.appName')}`);
  useLastPageWhenPastEnd(parameters, state.page, list.setPage);

  const { change } = list;
  const hasFilters = list.isFiltered;
  const data = parameters.data;

  return (
    <Stack gap="lg">
      <EnergyNav />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.energyParameters')}</Title>
        <Button component={Link} to="/energy/param/add">
          {t('energy.params.add')}
        </Button>
      </Group>

      <ListFilters
        search={state.search}
        searchPlaceholder={t('energy.params.searchPlaceholder')}
        category={state.category}
        withCategory
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={parameters}
        rows={data?.items}
        errorTitle={t('energy.params.loadError')}
        empty={hasFilters ? t('energy.params.noMatch') : t('energy.params.empty')}
      >
        <EnergyParameterTable page={data} isRefreshing={parameters.isPlaceholderData} />
        <ListPager query={parameters} onChange={(page) => change({ page })} />
      </ListResult>
    </Stack>
  );
}

interface EnergyParameterTableProps {
  page: { items: EnergyParameter[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
}

function EnergyParameterTable({ page, isRefreshing }: EnergyParameterTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<EnergyParameter>[] = [
    {
      key: 'label',
      header: t('energy.fields.label'),
      cellProps: { fw: 500 },
      render: (parameter) => parameter.label,
    },
    {
      key: 'name',
      header: t('energy.list.nameKey'),
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
      key: 'category',
      header: t('energy.fields.category'),
      render: (parameter) => categoryLabel(t, parameter.category),
    },
    {
      key: 'unit',
      header: t('energy.fields.unit'),
      render: (parameter) => (parameter.unit === null ? notSet : unitLabel(parameter.unit)),
    },
    {
      key: 'source',
      header: t('energy.fields.parameter'),
      render: (parameter) =>
        parameter.parameter === null ? (
          <Text size="sm" c="dimmed">
            {notSet}
          </Text>
        ) : (
          <Anchor component={Link} to={`/param/${parameter.parameter.id}/edit`} size="sm">
            {parameter.parameter.label}
          </Anchor>
        ),
    },
    {
      key: 'metrics',
      header: t('energy.fields.metrics'),
      cellProps: { miw: 200 },
      render: (parameter) => (
        <Group gap={4} wrap="wrap">
          {parameter.metrics.map((metric) => (
            <Tooltip
              key={metric.id}
              label={`${metric.label} · ${aggregationLabel(t, metric.value)}`}
              withArrow
            >
              <Badge size="sm" variant="light" tt="none" ff="monospace" style={{ flexShrink: 0 }}>
                {metric.key}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      ),
    },
    {
      key: 'flags',
      header: t('energy.list.flags'),
      cellProps: { miw: 170 },
      render: (parameter) => <EnergyParameterFlags parameter={parameter} />,
    },
    {
      key: 'actions',
      header: t('energy.list.actions'),
      render: (parameter) => (
        <Group gap={6} wrap="nowrap">
          <Button
            component={Link}
            to={`/energy/param/${parameter.id}/edit`}
            size="compact-sm"
            variant="default"
            aria-label={t('energy.params.editParameter', { label: parameter.label })}
          >
            {t('energy.list.edit')}
          </Button>
          <DeleteEnergyParameterButton parameter={parameter} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(parameter) => parameter.id}
      caption={t('energy.params.caption', {
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

function EnergyParameterFlags({ parameter }: { parameter: EnergyParameter }) {
  const { t } = useTranslation();
  const flags = [
    parameter.isCumulative && t('energy.list.flagCumulative'),
    parameter.isAlertEnabled && t('energy.list.flagAlert'),
  ].filter((flag): flag is string => Boolean(flag));
  if (flags.length === 0) return <Text size="sm">{t('common.notSet')}</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {flags.map((flag) => (
        <Badge key={flag} size="sm" variant="light" color="teal" style={{ flexShrink: 0 }}>
          {flag}
        </Badge>
      ))}
    </Group>
  );
}

function DeleteEnergyParameterButton({ parameter }: { parameter: EnergyParameter }) {
  const { t } = useTranslation();
  const deleteParameter = useDeleteEnergyParameter();
  return (
    <ConfirmDeleteButton
      label={t('energy.list.delete')}
      accessibleName={t('energy.params.deleteParameter', { label: parameter.label })}
      confirmMessage={t('energy.params.confirmDelete', { label: parameter.label })}
      onDelete={() => deleteParameter.mutateAsync(parameter.id)}
      successMessage={t('energy.params.deleted')}
      failureMessage={t('energy.deleteFailed')}
    />
  );
}
