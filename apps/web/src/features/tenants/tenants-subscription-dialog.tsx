import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { formatDay, formatPeriod, SubscriptionStatusBadge, UsageBars } from '../billing';
import { useSubscription } from './api/get-subscription';

interface TenantsSubscriptionDialogProps {
  /** The industry whose plan is shown; null closes the dialog. */
  tenant: { id: number; name: string } | null;
  onClose: () => void;
}

/**
 * The tenant list's subscription modal: the plan of one industry, its status,
 * period and usage against its limits, with a link to its subscription page.
 */
export function TenantsSubscriptionDialog({ tenant, onClose }: TenantsSubscriptionDialogProps) {
  const { t } = useTranslation();
  const subscription = useSubscription(tenant?.id ?? 0, tenant !== null);
  const data = subscription.data;
  const held = data?.subscription ?? null;

  return (
    <Modal
      opened={tenant !== null}
      onClose={onClose}
      title={t('tenants.subscriptionDialog.title', { name: tenant?.name ?? '' })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      <Stack gap="md">
        {subscription.isError ? (
          <Alert color="red" variant="light" title={t('tenants.subscriptionDialog.loadError')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{getErrorMessage(t, subscription.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void subscription.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : !data ? (
          <Stack gap="xs" role="status" aria-busy aria-label={t('common.loading')}>
            <Skeleton height={16} />
            <Skeleton height={16} />
            <Skeleton height={16} />
          </Stack>
        ) : (
          <>
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{t('tenants.subscriptionDialog.plan')}</Table.Th>
                  <Table.Td>{held ? held.planName : t('tenants.subscriptionDialog.noPlan')}</Table.Td>
                </Table.Tr>
                {held && (
                  <>
                    <Table.Tr>
                      <Table.Th>{t('tenants.subscriptionDialog.status')}</Table.Th>
                      <Table.Td>
                        <SubscriptionStatusBadge status={held.status} />
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t('tenants.subscriptionDialog.period')}</Table.Th>
                      <Table.Td>{formatPeriod(held.periodStart, held.periodEnd)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>
                        {held.cancelAtPeriodEnd
                          ? t('tenants.subscriptionDialog.endsOn')
                          : t('tenants.subscriptionDialog.renewsOn')}
                      </Table.Th>
                      <Table.Td>
                        {formatDay(held.cancelAtPeriodEnd ? held.periodEnd : held.renewsOn)}
                      </Table.Td>
                    </Table.Tr>
                  </>
                )}
                <Table.Tr>
                  <Table.Th>{t('tenants.subscriptionDialog.paymentMode')}</Table.Th>
                  <Table.Td>
                    {data.paymentMode
                      ? t('tenants.subscriptionDialog.on')
                      : t('tenants.subscriptionDialog.off')}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('tenants.subscriptionDialog.usage')}
              </Text>
              <UsageBars usage={data.usage} />
            </Stack>
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('tenants.close')}
          </Button>
          {tenant && (
            <Button component={Link} to={`/subscription/${tenant.id}`}>
              {t('tenants.subscriptionDialog.open')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
