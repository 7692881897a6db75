import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EnergyNav } from './energy-list-tools';
import { MetricForm } from './metric-form';

/** `/addMetric`: adds a metric, then shows it in the metric list. */
export function MetricAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(`${t('energy.metrics.form.addTitle')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg" maw={640}>
      <EnergyNav />
      <Stack gap={4}>
        <Title order={1}>{t('energy.metrics.form.addTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('energy.metrics.form.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <MetricForm
          metric={null}
          onSaved={(metric) => void navigate(`/metric?search=${encodeURIComponent(metric.key)}`)}
          onCancel={() => void navigate('/metric')}
        />
      </Paper>
    </Stack>
  );
}
