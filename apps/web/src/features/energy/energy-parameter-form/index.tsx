import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { hasErrorCode, getErrorMessage } from '../../../app/error-message';
import { useEnergyParameter } from '../api/get-energy-parameters';
import { EnergyNav } from '../energy-list-tools';
import { EnergyParameterForm } from './energy-parameter-form';

export { EnergyParameterForm } from './energy-parameter-form';

const LIST_PATH = '/energy/params';

/** `/energy/param/add`. */
export function EnergyParameterAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(`${t('energy.params.form.addTitle')} · ${t('common.appName')}`);
  return (
    <EnergyParameterPage title={t('energy.params.form.addTitle')}>
      <EnergyParameterForm parameter={null} onDone={() => void navigate(LIST_PATH)} />
    </EnergyParameterPage>
  );
}

/** `/energy/param/{id}/edit`: the "energy parameter edit page" of the spec. */
export function EnergyParameterEditPage() {
  const { id } = useParams();
  if (!/^\d+$/.test(id ?? '') || Number(id) < 1) return <Navigate to={LIST_PATH} replace />;
  return <EnergyParameterEditScreen key={id} id={Number(id)} />;
}

function EnergyParameterEditScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parameter = useEnergyParameter(id);
  useDocumentTitle(`${t('energy.params.form.editTitle')} · ${t('common.appName')}`);

  return (
    <EnergyParameterPage title={t('energy.params.form.editTitle')}>
      {parameter.isError ? (
        <Alert color="red" variant="light" title={t('energy.params.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, parameter.error)}</Text>
            <Group gap="sm">
              {!hasErrorCode(parameter.error, 'NOT_FOUND') && (
                <Button size="xs" variant="default" onClick={() => void parameter.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
              <Anchor component={Link} to={LIST_PATH} size="sm">
                {t('energy.params.backToList')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : !parameter.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <EnergyParameterForm parameter={parameter.data} onDone={() => void navigate(LIST_PATH)} />
      )}
    </EnergyParameterPage>
  );
}

function EnergyParameterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={760}>
      <EnergyNav />
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="lg">
        {children}
      </Paper>
    </Stack>
  );
}
