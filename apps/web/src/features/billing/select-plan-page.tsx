import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useSubscriptionView } from './api';
import { PlanChangeWizard } from './plan-change-wizard';

/** The id of an address's `tenantId`, or null when it is not one. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * `/selectplan/{tenantId}`: the plan change wizard as a page of its own (the
 * header is hidden here), where an industry without a subscription chooses
 * its first plan.
 */
export function SelectPlanPage() {
  const tenantId = parseId(useParams().tenantId);
  if (tenantId === null) return <Navigate to="/" replace />;
  return <SelectPlanScreen key={tenantId} tenantId={tenantId} />;
}

function SelectPlanScreen({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = useSubscriptionView(tenantId);
  const subscriptionPath = `/subscription/${tenantId}`;
  useDocumentTitle(`${t('billing.wizard.pageTitle')} · ${t('common.appName')}`);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to={subscriptionPath} size="sm">
          {t('billing.backToSubscription')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{t('billing.wizard.pageTitle')}</Title>
          {view.data && (
            <Text c="dimmed" size="sm">
              {view.data.tenantName}
            </Text>
          )}
        </Stack>
        <PlanChangeWizard tenantId={tenantId} onCancel={() => void navigate(subscriptionPath)} />
      </Stack>
    </Container>
  );
}
