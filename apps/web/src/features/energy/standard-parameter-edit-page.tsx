import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { ParameterForm } from '../parameters';
import { useCatalogueParameter } from './api/get-catalogue-parameter';
import { EnergyNav } from './energy-list-tools';

const BACK_PATH = '/energy/parameter';

/**
 * `/param/{parameterId}/edit`: edits one standard parameter of the catalogue
 * from the energy module, with the same form (and the same messages) as the
 * parameter list's dialog. Back to `/energy/parameter` after a save or cancel.
 */
export function StandardParameterEditPage() {
  const { parameterId } = useParams();
  if (!/^\d+$/.test(parameterId ?? '') || Number(parameterId) < 1) return <Navigate to={BACK_PATH} replace />;
  return <StandardParameterEditScreen key={parameterId} id={Number(parameterId)} />;
}

function StandardParameterEditScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parameter = useCatalogueParameter(id);
  useDocumentTitle(`${t('energy.standard.editTitle')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg" maw={760}>
      <EnergyNav />
      <Stack gap={4}>
        <Title order={1}>{t('energy.standard.editTitle')}</Title>
        {parameter.data && (
          <Text c="dimmed" size="sm">
            {parameter.data.label}
          </Text>
        )}
      </Stack>
      {parameter.isError ? (
        <Alert color="red" variant="light" title={t('energy.standard.loadOneError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, parameter.error)}</Text>
            <Group gap="sm">
              {!hasErrorCode(parameter.error, 'NOT_FOUND') && (
                <Button size="xs" variant="default" onClick={() => void parameter.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
              <Anchor component={Link} to={BACK_PATH} size="sm">
                {t('energy.standard.backToList')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : !parameter.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <ParameterForm
            key={parameter.data.id}
            parameter={parameter.data}
            onClose={() => void navigate(BACK_PATH)}
          />
        </Paper>
      )}
    </Stack>
  );
}
