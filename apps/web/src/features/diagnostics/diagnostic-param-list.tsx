import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  diagnosticParamListQuerySchema,
  getRemoteCalibrationLabel,
  PAGE_SIZES,
  type DiagnosticParam,
  type TotalKind,
} from '@vayu/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
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
import { AccountSelect } from '../accounts';
import { useMakes, useModelsOfMake } from '../makes';
import { useDeleteDiagnosticParam } from './api/delete-diagnostic-param';
import { useDiagnosticParams } from './api/get-diagnostic-params';
import { getOwnerName } from './diagnostic-messages';

const ALL = 'all';
const PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: PAGE_SIZE } };
type DiagnosticListChange = ListStateChange<typeof diagnosticParamListQuerySchema>;
/** Parameters shown in a row before "+n more". */
const VISIBLE_PARAMETERS = 5;

/** What the form needs to come back to the list as it was. */
export interface DiagnosticFormState {
  listSearch: string;
}

/**
 * `/diagnosticParams`: the diagnostic set-ups of analyser models and
 * industries, one page at a time, filtered on the server by make, model and
 * industry with every filter in the URL.
 */
export function DiagnosticParamList() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const list = useListState(diagnosticParamListQuerySchema, LIST_OPTIONS);
  // A model is only kept together with its make.
  const filters = useMemo(
    () => ({ ...list.query, modelId: list.query.makeId === undefined ? undefined : list.query.modelId }),
    [list.query],
  );
  const setUps = useDiagnosticParams(filters);
  useDocumentTitle(`${t('pages.diagnosticParams')} · ${t('common.appName')}`);

  const { setPage } = list;
  // A new make drops the model chosen for the one before.
  const change = (next: DiagnosticListChange) =>
    list.change('makeId' in next && !('modelId' in next) ? { ...next, modelId: undefined } : next);
  const hasFilters = list.isFiltered;
  const data = setUps.data;
  const formState: DiagnosticFormState = { listSearch: searchParams.toString() };

  useLastPageWhenPastEnd(setUps, filters.page, setPage);

  // The industry filter shows the name of an industry read from the URL once its rows are here.
  const tenantName = data?.items.find((item) => item.tenant?.id === filters.tenantId)?.tenant?.name;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.diagnosticParams')}</Title>
        <Button component={Link} to="/addDiagnosticParam" state={formState}>
          {t('diagnostics.list.add')}
        </Button>
      </Group>

      <DiagnosticFilters
        makeId={filters.makeId}
        modelId={filters.modelId}
        tenantId={filters.tenantId}
        tenantName={tenantName}
        hasFilters={hasFilters}
        onChange={change}
        onClear={list.clear}
      />

      <ListResult
        query={setUps}
        rows={data?.items}
        errorTitle={t('diagnostics.list.loadError')}
        empty={hasFilters ? t('diagnostics.list.noMatch') : t('diagnostics.list.empty')}
      >
        <DiagnosticTable page={data} isRefreshing={setUps.isPlaceholderData} formState={formState} />
        <ListPager query={setUps} onChange={(page) => change({ page })} />
      </ListResult>
    </Stack>
  );
}

interface DiagnosticFiltersProps {
  makeId: number | undefined;
  modelId: number | undefined;
  tenantId: number | undefined;
  tenantName: string | undefined;
  hasFilters: boolean;
  onChange: (change: DiagnosticListChange) => void;
  onClear: () => void;
}

function DiagnosticFilters({
  makeId,
  modelId,
  tenantId,
  tenantName,
  hasFilters,
  onChange,
  onClear,
}: DiagnosticFiltersProps) {
  const { t } = useTranslation();
  const makes = useMakes();
  const models = useModelsOfMake(makeId);
  const makeOptions = (makes.data ?? []).map((make) => ({
    value: String(make.id),
    // The same maker may make analysers and calibrators.
    label: `${make.name} (${make.type})`,
  }));
  const modelOptions = (models.data ?? []).map((model) => ({ value: String(model.id), label: model.name }));

  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('diagnostics.fields.make')}
          data={[{ value: ALL, label: t('diagnostics.list.allMakes') }, ...makeOptions]}
          value={makeId === undefined ? ALL : String(makeId)}
          onChange={(value) => onChange({ makeId: value && value !== ALL ? Number(value) : undefined })}
          allowDeselect={false}
          searchable
          w={260}
          error={makes.isError ? t('diagnostics.list.makesLoadError') : undefined}
        />
        <Select
          label={t('diagnostics.fields.model')}
          data={[
            {
              value: ALL,
              label:
                makeId === undefined
                  ? t('diagnostics.list.chooseMakeFirst')
                  : t('diagnostics.list.allModels'),
            },
            ...modelOptions,
          ]}
          value={modelId === undefined ? ALL : String(modelId)}
          onChange={(value) => onChange({ modelId: value && value !== ALL ? Number(value) : undefined })}
          allowDeselect={false}
          searchable
          disabled={makeId === undefined}
          w={240}
          error={models.isError ? t('diagnostics.list.modelsLoadError') : undefined}
        />
        <AccountSelect
          label={t('diagnostics.fields.tenant')}
          placeholder={t('diagnostics.list.industryPlaceholder')}
          value={tenantId ?? null}
          valueLabel={tenantName}
          types={['tenant']}
          onChange={(account) => onChange({ tenantId: account?.id })}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={onClear}>
            {t('diagnostics.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface DiagnosticTableProps {
  page: { items: DiagnosticParam[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
  formState: DiagnosticFormState;
}

function DiagnosticTable({ page, isRefreshing, formState }: DiagnosticTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<DiagnosticParam>[] = [
    {
      key: 'make',
      header: t('diagnostics.fields.make'),
      render: (setUp) => setUp.model?.make.name ?? notSet,
    },
    {
      key: 'owner',
      header: t('diagnostics.list.modelOrIndustry'),
      cellProps: { fw: 500 },
      render: (setUp) =>
        setUp.model ? (
          setUp.model.name
        ) : (
          <Group gap={6} wrap="wrap">
            <span>{setUp.tenant?.name}</span>
            <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
              {t('diagnostics.list.industryBadge')}
            </Badge>
          </Group>
        ),
    },
    {
      key: 'parameters',
      header: t('diagnostics.fields.parameters'),
      cellProps: { miw: 260 },
      render: (setUp) => <ParameterBadges setUp={setUp} />,
    },
    {
      key: 'remoteCalibration',
      header: t('diagnostics.fields.remoteCalibration'),
      render: (setUp) => {
        const state = getRemoteCalibrationLabel(setUp.isRemoteCalibration);
        return (
          <Badge variant="light" color={setUp.isRemoteCalibration ? 'teal' : 'gray'}>
            {t(`diagnostics.remoteCalibrationStates.${state}`)}
          </Badge>
        );
      },
    },
    {
      key: 'throughUtility',
      header: t('diagnostics.fields.throughUtility'),
      render: (setUp) =>
        setUp.isCalibrationThroughUtility && setUp.dataUploadMethod
          ? t('diagnostics.list.throughUtilityVia', { method: setUp.dataUploadMethod })
          : t('diagnostics.list.notThroughUtility'),
    },
    {
      key: 'actions',
      header: t('diagnostics.list.actions'),
      render: (setUp) => (
        <Group gap={6} wrap="nowrap">
          <Button
            component={Link}
            to={`/editDiagnosticParam/${setUp.id}`}
            state={formState}
            size="compact-sm"
            variant="default"
            aria-label={t('diagnostics.list.editSetUp', { owner: getOwnerName(setUp) })}
          >
            {t('diagnostics.list.edit')}
          </Button>
          <DeleteSetUpButton setUp={setUp} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(setUp) => setUp.id}
      caption={t('diagnostics.list.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={1000}
      isRefreshing={isRefreshing}
      skeletonRows={8}
    />
  );
}

function ParameterBadges({ setUp }: { setUp: DiagnosticParam }) {
  const { t } = useTranslation();
  const shown = setUp.parameters.slice(0, VISIBLE_PARAMETERS);
  const hidden = setUp.parameters.slice(VISIBLE_PARAMETERS);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((parameter) => (
        <Badge key={parameter.id} size="sm" variant="light" style={{ textTransform: 'none' }}>
          {parameter.label}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Text size="xs" c="dimmed" title={hidden.map((parameter) => parameter.label).join(', ')}>
          {t('diagnostics.list.moreParameters', { count: hidden.length })}
        </Text>
      )}
    </Group>
  );
}

function DeleteSetUpButton({ setUp }: { setUp: DiagnosticParam }) {
  const { t } = useTranslation();
  const deleteSetUp = useDeleteDiagnosticParam();
  const owner = getOwnerName(setUp);
  return (
    <ConfirmDeleteButton
      label={t('diagnostics.list.delete')}
      accessibleName={t('diagnostics.list.deleteSetUp', { owner })}
      confirmMessage={t('diagnostics.list.confirmDelete', { owner })}
      onDelete={() => deleteSetUp.mutateAsync(setUp.id)}
      successMessage={t('diagnostics.list.deleted')}
      failureMessage={t('diagnostics.list.deleteError')}
    />
  );
}
