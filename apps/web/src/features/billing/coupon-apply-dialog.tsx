import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Discount } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useApplyCoupon, useCoupons } from './api';
import { couponValueText } from './coupon-list';

export interface CouponApplyDialogProps {
  accountId: number;
  /** The plan the coupon is for; null: closed. */
  discount: Discount | null;
  onClose: () => void;
}

/**
 * Apply a coupon to one plan of a partner or an industry: "Coupon Code
 * applied successful", or "Coupon Code not applied. Try again!" with why
 * (an unknown, expired, used-up or someone else's coupon, by the reason code).
 */
export function CouponApplyDialog({ accountId, discount, onClose }: CouponApplyDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={discount !== null}
      onClose={onClose}
      title={t('billing.discounts.applyTitle', { plan: discount?.planName ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {discount && (
        <ApplyForm key={discount.planCode} accountId={accountId} discount={discount} onClose={onClose} />
      )}
    </Modal>
  );
}

function ApplyForm({
  accountId,
  discount,
  onClose,
}: {
  accountId: number;
  discount: Discount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const apply = useApplyCoupon();
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const options = (coupons.data ?? [])
    .filter((coupon) => coupon.active)
    .map((coupon) => ({
      value: coupon.couponCode,
      label: `${coupon.couponCode} — ${coupon.couponName} (${couponValueText(coupon)})`,
    }));

  const submit = () => {
    if (!couponCode) {
      setMissing(true);
      return;
    }
    setFailure(null);
    apply.mutate(
      { accountId, planCode: discount.planCode, couponCode },
      {
        onSuccess: () => {
          notifySuccess(t('billing.discounts.applied'));
          onClose();
        },
        onError: (error) => {
          const reason = getErrorMessage(t, error);
          notifyFailure(reason, t('billing.discounts.notApplied'));
          setFailure(reason);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {discount.discount && (
          <Text size="sm">{t('billing.discounts.replaces', { code: discount.discount.couponCode })}</Text>
        )}
        <Select
          label={t('billing.discounts.coupon')}
          placeholder={t('billing.discounts.couponPlaceholder')}
          data={options}
          value={couponCode}
          onChange={(value) => {
            setCouponCode(value);
            setMissing(false);
          }}
          required
          description={coupons.data && options.length === 0 ? t('billing.discounts.noCoupons') : undefined}
          error={
            coupons.isError
              ? t('billing.discounts.couponsError')
              : missing
                ? t('billing.discounts.chooseCoupon')
                : undefined
          }
          data-autofocus
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('billing.discounts.notApplied')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" loading={apply.isPending}>
            {t('billing.discounts.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
