import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { getErrorMessage, hasErrorCode } from '../../../app/error-message';
import { useDiagnosticParam } from '../api/get-diagnostic-params';
import { getListPath } from '../diagnostic-paths';
import { DiagnosticParamForm } from './diagnostic-param-form';

export { DiagnosticParamForm } from './diagnostic-param-form';

function useBackPath(): string {
  const location = useLocation();
  const state = location.state as { listSearch?: unknown } | null;
  return getListPath(state?.listSearch);
}

/** `/addDiagnosticParam`: a new set-up, then back to the list it was opened from. */
export function DiagnosticParamAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backPath = useBackPath();
  useDocumentTitle(`${t('diagnostics.form.addTitle')} · ${t('common.appName')}`);
  return (
    <FormLayout title={t('diagnostics.form.addTitle')}>
      <Paper withBorder radius="md" p="lg">
        <DiagnosticParamForm setUp={null} onDone={() => void navigate(backPath)} />
      </Paper>
    </FormLayout>
  );
}

/** `/editDiagnosticParam/{diagnosticParamId}`: one set-up from its current version. */
export function DiagnosticParamEditPage() {
  const { diagnosticParamId } = useParams();
  const backPath = useBackPath();
  if (!/^\d+$/.test(diagnosticParamId ?? '') || Number(diagnosticParamId) < 1) {
    return <Navigate to={backPath} replace />;
  }
  return (
    <DiagnosticParamEditScreen key={diagnosticParamId} id={Number(diagnosticParamId)} backPath={backPath} />
  );
}

function DiagnosticParamEditScreen({ id, backPath }: { id: number; backPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUp = useDiagnosticParam(id);
  useDocumentTitle(`${t('diagnostics.form.editTitle')} · ${t('common.appName')}`);

  return (
    <FormLayout title={t('diagnostics.form.editTitle')}>
      {setUp.isError ? (
        <Alert color="red" variant="light" title={t('diagnostics.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, setUp.error)}</Text>
            <Group gap="sm">
              {!hasErrorCode(setUp.error, 'NOT_FOUND') && (
                <Button size="xs" variant="default" onClick={() => void setUp.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
              <Anchor component={Link} to={backPath} size="sm">
                {t('diagnostics.form.backToList')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : !setUp.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <DiagnosticParamForm
            key={setUp.data.id}
            setUp={setUp.data}
            onDone={() => void navigate(backPath)}
          />
        </Paper>
      )}
    </FormLayout>
  );
}

function FormLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {t('diagnostics.form.intro')}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}
