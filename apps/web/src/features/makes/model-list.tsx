import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Model } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { hasErrorCode } from '../../app/error-message';
import { DataTable, DataTableError, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { useMake, useModelsOfMake } from './api';
import { ModelDialog } from './model-dialog';

const MAKES_PATH = '/makes';
const modelsPath = (makeId: number | string) => `${MAKES_PATH}/${makeId}/models`;

/** Set on the way to the add address from the list, so closing the dialog steps back rather than forward. */
interface ModelListState {
  fromList?: boolean;
}

/** The make id of the address, or null when it is not one (`/makes/abc/models`). */
function parseMakeId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * `/makes/{makeId}/models` (site users): the models of one make, with the
 * model type and how many catalogue parameters each measures. A make has a
 * handful of models: listed whole, by name. `/makes/{makeId}/models/add` is the
 * same screen with the add dialog open, so the address tells whether it is.
 */
export function ModelList() {
  const { t } = useTranslation();
  const params = useParams();
  const makeId = parseMakeId(params.makeId);
  const make = useMake(makeId);
  const models = useModelsOfMake(makeId);
  const isAdding = useMatch(`${MAKES_PATH}/:makeId/models/add`) !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const [editing, setEditing] = useState<Model | null>(null);
  const makeName = make.data?.name;
  useDocumentTitle(
    `${makeName ? t('devices.makes.modelsOf', { name: makeName }) : t('pages.models')} · ${t('common.appName')}`,
  );

  const openAdd = () =>
    void navigate(`${modelsPath(params.makeId ?? '')}/add`, {
      state: { fromList: true } satisfies ModelListState,
    });
  const closeAdd = () => {
    // Opened from the list: back to it, as the browser's Back does. Opened by its address: the list replaces it.
    if ((location.state as ModelListState | null)?.fromList) void navigate(-1);
    else void navigate(modelsPath(params.makeId ?? ''), { replace: true });
  };

  const isMissing = makeId === null || hasErrorCode(make.error, 'NOT_FOUND');
  if (isMissing || make.isError) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Title order={1}>{t('pages.models')}</Title>
        {isMissing ? (
          <Alert color="yellow" variant="light" title={t('devices.models.makeMissing')}>
            <Anchor component={Link} to={MAKES_PATH} size="sm">
              {t('devices.models.back')}
            </Anchor>
          </Alert>
        ) : (
          <DataTableError title={t('devices.models.makeLoadError')} query={make} />
        )}
      </Stack>
    );
  }

  const columns: DataTableColumn<Model>[] = [
    { key: 'name', header: t('devices.models.name'), cellProps: { fw: 500 }, render: (model) => model.name },
    {
      key: 'modelType',
      header: t('devices.models.modelType'),
      render: (model) =>
        model.modelType ?? (
          <Text span c="dimmed">
            {t('common.notSet')}
          </Text>
        ),
    },
    {
      key: 'parameters',
      header: t('devices.models.parameterCount'),
      align: 'right',
      render: (model) => model.parameterIds.length,
    },
    {
      key: 'actions',
      header: t('devices.actions'),
      render: (model) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setEditing(model)}
          aria-label={t('devices.models.editNamed', { name: model.name })}
        >
          {t('devices.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="center" wrap="wrap">
        {make.data ? (
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1}>{t('devices.makes.modelsOf', { name: make.data.name })}</Title>
            <Badge variant="light" size="lg" tt="none">
              {t(`devices.makeTypes.${make.data.type}`)}
            </Badge>
          </Group>
        ) : (
          <Skeleton height={36} width={320} aria-hidden />
        )}
        <Button onClick={openAdd} disabled={!make.data}>
          {t('devices.models.add')}
        </Button>
      </Group>
      <ListResult
        query={models}
        rows={models.data}
        errorTitle={t('devices.models.loadError')}
        empty={t('devices.models.empty')}
      >
        <DataTable
          columns={columns}
          rows={models.data}
          getRowKey={(model) => model.id}
          caption={t('devices.models.caption', { make: makeName ?? '', count: models.data?.length ?? 0 })}
          minWidth={560}
        />
      </ListResult>
      {make.data && (
        <ModelDialog
          opened={isAdding || editing !== null}
          make={make.data}
          model={isAdding ? null : editing}
          onClose={isAdding ? closeAdd : () => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={MAKES_PATH} size="sm">
      <span aria-hidden>← </span>
      {t('devices.models.back')}
    </Anchor>
  );
}
