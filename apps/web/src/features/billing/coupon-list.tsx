import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatInr, type Coupon } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { formatNumber } from '../../i18n';
import { useCoupons, usePartnerNames } from './api';
import { formatDay } from './billing-text';
import { CouponAddDialog } from './coupon-add-dialog';

/** A coupon's value as people read it: "12.5 %" or "₹500.00". */
export function couponValueText(coupon: Pick<Coupon, 'kind' | 'value'>): string {
  return coupon.kind === 'PERCENT' ? `${formatNumber(coupon.value / 100)} %` : formatInr(coupon.value);
}

/**
 * `/coupons` (site and partner administrators): the coupons the user may
 * give, the platform's and a partner's own, and a new one.
 */
export function CouponList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isSite = user?.userType === 'site';
  const coupons = useCoupons();
  const partners = usePartnerNames(isSite);
  const [isAdding, setIsAdding] = useState(false);
  useDocumentTitle(`${t('pages.coupons')} · ${t('common.appName')}`);

  const ownerOf = (coupon: Coupon) => {
    if (coupon.partnerId === null) return t('billing.coupons.platform');
    if (user?.userType === 'partner' && user.account.id === coupon.partnerId) return user.account.name;
    return partners.data?.find((partner) => partner.id === coupon.partnerId)?.name ?? `#${coupon.partnerId}`;
  };

  const columns: DataTableColumn<Coupon>[] = [
    {
      key: 'code',
      header: t('billing.coupons.code'),
      cellProps: { fw: 500, style: { whiteSpace: 'nowrap' } },
      render: (coupon) => coupon.couponCode,
    },
    { key: 'name', header: t('billing.coupons.name'), render: (coupon) => coupon.couponName },
    {
      key: 'value',
      header: t('billing.coupons.value'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: couponValueText,
    },
    {
      key: 'valid',
      header: t('billing.coupons.validity'),
      render: (coupon) =>
        coupon.validUntil
          ? t('billing.coupons.validBetween', {
              from: formatDay(coupon.validFrom),
              until: formatDay(coupon.validUntil),
            })
          : t('billing.coupons.validSince', { from: formatDay(coupon.validFrom) }),
    },
    {
      key: 'uses',
      header: t('billing.coupons.uses'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (coupon) =>
        coupon.maxRedemptions === null
          ? t('billing.coupons.usesUnlimited', { used: formatNumber(coupon.redemptions) })
          : `${formatNumber(coupon.redemptions)} / ${formatNumber(coupon.maxRedemptions)}`,
    },
    { key: 'owner', header: t('billing.coupons.owner'), render: ownerOf },
    {
      key: 'status',
      header: t('billing.plans.status'),
      render: (coupon) => (
        <Badge color={coupon.active ? 'green' : 'gray'} variant="light" tt="none">
          {coupon.active ? t('billing.coupons.active') : t('billing.coupons.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.coupons')}</Title>
          <Text c="dimmed" size="sm">
            {t('billing.coupons.intro')}
          </Text>
        </Stack>
        <Button onClick={() => setIsAdding(true)}>{t('billing.coupons.add')}</Button>
      </Group>

      <ListResult
        query={coupons}
        rows={coupons.data}
        errorTitle={t('billing.coupons.loadError')}
        empty={t('billing.coupons.empty')}
      >
        <DataTable
          columns={columns}
          rows={coupons.data}
          getRowKey={(coupon) => coupon.couponId}
          caption={t('billing.coupons.caption', { count: coupons.data?.length ?? 0 })}
          minWidth={900}
        />
      </ListResult>

      <CouponAddDialog
        opened={isAdding}
        partners={isSite ? (partners.data ?? []) : null}
        onClose={() => setIsAdding(false)}
      />
    </Stack>
  );
}
