import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ENERGY_MTYPE,
  PAGE_SIZES,
  parameterListQuerySchema,
  type Parameter,
  type TotalKind,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  type ListStateOptions,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { formatNumber, formatTotal } from '../../i18n';
import { useParameters } from '../parameters';
import { unitLabel } from './energy-labels';
import { EnergyNav, ListFilters } from './energy-list-tools';

const PAGE_SIZE = PAGE_SIZES.default;
/** The energy view of the catalogue: its page size and the parameters measured at 'energy' only. */
const LIST_OPTIONS: ListStateOptions<typeof parameterListQuerySchema> = {
  fixed: { pageSize: PAGE_SIZE, mtype: ENERGY_MTYPE },
};

/**
 * `/energy/parameter`: the standard catalogue as the energy module sees it —
 * the parameters measured at 'energy' (kWh, kW, power factor, …) that feed
 * energy parameters. Each opens on its edit page, `/param/{id}/edit`.
 */
export function StandardParameterList() {
  const { t } = useTranslation();
  const list = useListState(parameterListQuerySchema, LIST_OPTIONS);
  const state = list.query;
  const parameters = useParameters(state);
  useDocumentTitle(`${t('pages.energyCatalogue')} · ${t('common.appName')}`);
  useLastPageWhenPastEnd(parameters, state.page, list.setPage);

  const { change } = list;
  const data = parameters.data;

  return (
    <Stack gap="lg">
      <EnergyNav />
      <Stack gap={4}>
        <Title order={1}>{t('pages.energyCatalogue')}</Title>
        <Text c="dimmed" size="sm">
          {t('energy.standard.intro')}
        </Text>
      </Stack>

      <ListFilters
        search={state.search}
        searchPlaceholder={t('energy.standard.searchPlaceholder')}
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={parameters}
        rows={data?.items}
        errorTitle={t('energy.standard.loadError')}
        empty={state.search ? t('energy.standard.noMatch') : t('energy.standard.empty')}
      >
        <StandardParameterTable page={data} isRefreshing={parameters.isPlaceholderData} />
        <ListPager query={parameters} onChange={(page) => change({ page })} />
      </ListResult>
    </Stack>
  );
}

function StandardParameterTable({
  page,
  isRefreshing,
}: {
  page: { items: Parameter[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<Parameter>[] = [
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
        <Text size="sm" ff="monospace">
          {parameter.name}
        </Text>
      ),
    },
    {
      key: 'unit',
      header: t('energy.fields.unit'),
      render: (parameter) => (parameter.stdUnit === null ? notSet : unitLabel(parameter.stdUnit)),
    },
    {
      key: 'aggregation',
      header: t('energy.fields.aggregation'),
      render: (parameter) =>
        parameter.metricAgg === parameter.metricDownsampleAgg
          ? parameter.metricAgg
          : `${parameter.metricAgg} / ${parameter.metricDownsampleAgg}`,
    },
    {
      key: 'flags',
      header: t('energy.list.flags'),
      render: (parameter) => {
        const flags = [
          parameter.isCounter && t('energy.standard.flagCounter'),
          parameter.isAlertEnabled && t('energy.list.flagAlert'),
        ].filter((flag): flag is string => Boolean(flag));
        if (flags.length === 0) return <Text size="sm">{notSet}</Text>;
        return (
          <Group gap={4} wrap="wrap">
            {flags.map((flag) => (
              <Badge key={flag} size="sm" variant="light" style={{ flexShrink: 0 }}>
                {flag}
              </Badge>
            ))}
          </Group>
        );
      },
    },
    {
      key: 'actions',
      header: t('energy.list.actions'),
      render: (parameter) => (
        <Button
          component={Link}
          to={`/param/${parameter.id}/edit`}
          size="compact-sm"
          variant="default"
          aria-label={t('energy.standard.editParameter', { label: parameter.label })}
        >
          {t('energy.list.edit')}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(parameter) => parameter.id}
      caption={t('energy.standard.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={800}
      isRefreshing={isRefreshing}
      skeletonRows={PAGE_SIZE}
    />
  );
}
