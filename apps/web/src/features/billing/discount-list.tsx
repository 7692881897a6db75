import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DISCOUNT_ACCOUNT_TYPES, type Discount, type DiscountAccountType } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { dialogs } from '../../components/dialogs';
import { useDiscounts, useRebuildDiscounts, useRemoveCoupon } from './api';
import { DiscountStateBadge } from './billing-badges';
import { formatMoment } from './billing-text';
import { CouponApplyDialog } from './coupon-apply-dialog';
import { parseId } from './select-plan-page';

const isDiscountAccountType = (value: string | undefined): value is DiscountAccountType =>
  (DISCOUNT_ACCOUNT_TYPES as readonly (string | undefined)[]).includes(value);

/**
 * `/manage/{accountType}/discounts?accountId={id}`: a partner's or an
 * industry's coupon on each plan (none, applied, removed); apply one, remove
 * it, and for a partner give its coupon on a plan to all its industries
 * ("Rebuild"). The route has no access setting (spec §2): the API decides,
 * and a refusal shows here.
 */
export function DiscountList() {
  const { accountType } = useParams();
  const [params] = useSearchParams();
  if (!isDiscountAccountType(accountType)) return <Navigate to="/" replace />;
  const accountId = parseId(params.get('accountId') ?? undefined);
  if (accountId === null) return <NoAccount />;
  return (
    <DiscountScreen key={`${accountType}-${accountId}`} accountType={accountType} accountId={accountId} />
  );
}

function NoAccount() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('billing.discounts.title')} · ${t('common.appName')}`);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('billing.discounts.title')}</Title>
      <Alert color="blue" variant="light" title={t('billing.discounts.noAccountTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('billing.discounts.noAccount')}</Text>
          <Anchor component={Link} to="/tenants" size="sm">
            {t('pages.tenants')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}

function DiscountScreen({ accountType, accountId }: { accountType: DiscountAccountType; accountId: number }) {
  const { t } = useTranslation();
  const discounts = useDiscounts(accountType, accountId);
  const remove = useRemoveCoupon();
  const rebuild = useRebuildDiscounts();
  const [applying, setApplying] = useState<Discount | null>(null);
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const data = discounts.data;
  useDocumentTitle(`${t('billing.discounts.title')} · ${t('common.appName')}`);

  const removeCoupon = async (discount: Discount) => {
    const confirmed = await dialogs.confirm({
      message: t('billing.discounts.removeConfirm', {
        code: discount.discount?.couponCode ?? '',
        plan: discount.planName,
      }),
      confirmLabel: t('billing.discounts.remove'),
      destructive: true,
    });
    if (!confirmed) return;
    setPendingPlan(discount.planCode);
    try {
      await remove.mutateAsync({ accountId, planCode: discount.planCode });
      notifySuccess(t('billing.discounts.removed'));
    } catch (error) {
      notifyFailure(getErrorMessage(t, error), t('billing.discounts.removeError'));
    } finally {
      setPendingPlan(null);
    }
  };

  const rebuildPlan = async (discount: Discount) => {
    const confirmed = await dialogs.confirm({
      message: t('billing.discounts.rebuildConfirm', { plan: discount.planName }),
      confirmLabel: t('billing.discounts.rebuild'),
    });
    if (!confirmed) return;
    setPendingPlan(discount.planCode);
    try {
      const result = await rebuild.mutateAsync({ partnerId: accountId, planCode: discount.planCode });
      notifySuccess(
        t('billing.discounts.rebuiltCount', { count: result.industries }),
        t('billing.discounts.rebuilt'),
      );
    } catch (error) {
      notifyFailure(getErrorMessage(t, error), t('billing.discounts.rebuildError'));
    } finally {
      setPendingPlan(null);
    }
  };

  const columns: DataTableColumn<Discount>[] = [
    {
      key: 'plan',
      header: t('billing.discounts.plan'),
      cellProps: { fw: 500 },
      render: (discount) => `${discount.planName} (${discount.planCode})`,
    },
    {
      key: 'state',
      header: t('billing.discounts.state'),
      render: (discount) => <DiscountStateBadge state={discount.state} />,
    },
    {
      key: 'coupon',
      header: t('billing.discounts.coupon'),
      render: (discount) =>
        discount.discount ? `${discount.discount.couponCode} — ${discount.discount.couponName}` : '—',
    },
    {
      key: 'updated',
      header: t('billing.discounts.updated'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (discount) => formatMoment(discount.updatedAt),
    },
    {
      key: 'actions',
      header: t('billing.actions'),
      render: (discount) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setApplying(discount)}
            aria-label={t('billing.discounts.applyNamed', { plan: discount.planName })}
          >
            {t('billing.discounts.apply')}
          </Button>
          {discount.state === 'APPLIED' && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => void removeCoupon(discount)}
              loading={pendingPlan === discount.planCode && remove.isPending}
              aria-label={t('billing.discounts.removeNamed', { plan: discount.planName })}
            >
              {t('billing.discounts.remove')}
            </Button>
          )}
          {accountType === 'partner' && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void rebuildPlan(discount)}
              loading={pendingPlan === discount.planCode && rebuild.isPending}
              aria-label={t('billing.discounts.rebuildNamed', { plan: discount.planName })}
            >
              {t('billing.discounts.rebuild')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>
          {data ? t('billing.discounts.heading', { name: data.accountName }) : t('billing.discounts.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {accountType === 'partner'
            ? t('billing.discounts.introPartner')
            : t('billing.discounts.introTenant')}
        </Text>
        <Anchor component={Link} to={`/accounts/${accountType}/${accountId}/view`} size="sm">
          {t('billing.discounts.openAccount')}
        </Anchor>
      </Stack>

      <ListResult
        query={discounts}
        rows={data?.discounts}
        errorTitle={t('billing.discounts.loadError')}
        empty={t('billing.discounts.empty')}
      >
        <DataTable
          columns={columns}
          rows={data?.discounts}
          getRowKey={(discount) => discount.planId}
          caption={t('billing.discounts.caption', { count: data?.discounts.length ?? 0 })}
          minWidth={820}
        />
      </ListResult>

      <CouponApplyDialog accountId={accountId} discount={applying} onClose={() => setApplying(null)} />
    </Stack>
  );
}
