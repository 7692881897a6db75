import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { energyMetricListQuerySchema, PAGE_SIZES, type EnergyMetric, type TotalKind } from '@vayu/domain';
import { useState } from 'react';
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
import { useDeleteMetric } from './api/delete-metric';
import { useMetrics } from './api/get-metrics';
import { aggregationLabel } from './energy-labels';
import { EnergyNav, ListFilters } from './energy-list-tools';
import { MetricForm } from './metric-form';

const PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: PAGE_SIZE } };

/**
 * `/metric`: the metrics of the energy module (a key and the aggregation it is
 * computed with), one page at a time, searched on the server with the search
 * in the URL. Edit opens a dialog; adding has its own page, `/addMetric`.
 */
export function MetricList() {
  const { t } = useTranslation();
  const list = useListState(energyMetricListQuerySchema, LIST_OPTIONS);
  const state = list.query;
  const metrics = useMetrics(state);
  const [editing, setEditing] = useState<EnergyMetric | null>(null);
  useDocumentTitle(`${t('pages.metrics')} · ${t('common.appName')}`);
  useLastPageWhenPastEnd(metrics, state.page, list.setPage);

  const { change } = list;
  const data = metrics.data;

  return (
    <Stack gap="lg">
      <EnergyNav />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.metrics')}</Title>
        <Button component={Link} to="/addMetric">
          {t('energy.metrics.add')}
        </Button>
      </Group>

      <ListFilters
        search={state.search}
        searchPlaceholder={t('energy.metrics.searchPlaceholder')}
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={metrics}
        rows={data?.items}
        errorTitle={t('energy.metrics.loadError')}
        empty={state.search ? t('energy.metrics.noMatch') : t('energy.metrics.empty')}
      >
        <MetricTable page={data} isRefreshing={metrics.isPlaceholderData} onEdit={setEditing} />
        <ListPager query={metrics} onChange={(page) => change({ page })} />
      </ListResult>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('energy.metrics.form.editTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('dialogs.close') }}
      >
        {/* Mounted afresh on every opening, so the form starts from the chosen row. */}
        {editing && (
          <MetricForm
            key={editing.id}
            metric={editing}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

interface MetricTableProps {
  page: { items: EnergyMetric[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
  onEdit: (metric: EnergyMetric) => void;
}

function MetricTable({ page, isRefreshing, onEdit }: MetricTableProps) {
  const { t } = useTranslation();
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<EnergyMetric>[] = [
    {
      key: 'key',
      header: t('energy.fields.key'),
      cellProps: { fw: 500 },
      render: (metric) => (
        <Text size="sm" ff="monospace" fw={500}>
          {metric.key}
        </Text>
      ),
    },
    { key: 'label', header: t('energy.fields.label'), render: (metric) => metric.label },
    {
      key: 'value',
      header: t('energy.fields.aggregation'),
      render: (metric) => (
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" tt="none">
            {metric.value}
          </Badge>
          <Text size="sm" c="dimmed">
            {aggregationLabel(t, metric.value)}
          </Text>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('energy.list.actions'),
      render: (metric) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onEdit(metric)}
            aria-label={t('energy.metrics.editMetric', { key: metric.key })}
          >
            {t('energy.list.edit')}
          </Button>
          <DeleteMetricButton metric={metric} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(metric) => metric.id}
      caption={t('energy.metrics.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={640}
      isRefreshing={isRefreshing}
      skeletonRows={PAGE_SIZE}
    />
  );
}

function DeleteMetricButton({ metric }: { metric: EnergyMetric }) {
  const { t } = useTranslation();
  const deleteMetric = useDeleteMetric();
  // A metric an energy parameter computes cannot go: the refusal (METRIC_IN_USE) names that parameter.
  return (
    <ConfirmDeleteButton
      label={t('energy.list.delete')}
      accessibleName={t('energy.metrics.deleteMetric', { key: metric.key })}
      confirmMessage={t('energy.metrics.confirmDelete', { key: metric.key })}
      onDelete={() => deleteMetric.mutateAsync(metric.id)}
      successMessage={t('energy.metrics.deleted')}
      failureMessage={t('energy.deleteFailed')}
    />
  );
}
