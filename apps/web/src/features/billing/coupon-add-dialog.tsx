import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { couponBodySchema, PRICE_MAX_PAISE, todayInIndia, type CouponKind } from '@vayu/domain';
import { useId, useMemo } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { NumberField, SelectField, TextField } from '../../components/form';
import { SegmentedChoice } from '../../components/segmented-choice';
import { useCreateCoupon } from './api';
import { candidateResolver, showBillingSaveError } from './billing-form';
import { billingMessage, rupeesToPaise } from './billing-text';

interface CouponFormValues {
  couponCode: string;
  couponName: string;
  kind: CouponKind;
  /** A percentage (up to two decimals) or rupees; the API takes basis points or paise. */
  value: number | null;
  validFrom: string;
  validUntil: string;
  maxRedemptions: number | null;
  partnerId: string | null;
}

const FIELDS = [
  'couponCode',
  'couponName',
  'kind',
  'value',
  'validFrom',
  'validUntil',
  'maxRedemptions',
  'partnerId',
] as const;

/** A percentage as basis points (12.5 % → 1250), rupees as paise. */
function valueForApi(kind: CouponKind, value: number | null): unknown {
  if (value === null) return value;
  return kind === 'PERCENT' ? Math.round(value * 100) : rupeesToPaise(value);
}

function bodyCandidate(values: CouponFormValues): Record<string, unknown> {
  return {
    couponCode: values.couponCode,
    couponName: values.couponName,
    kind: values.kind,
    value: valueForApi(values.kind, values.value),
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    maxRedemptions: values.maxRedemptions ?? '',
    partnerId: values.partnerId ?? '',
  };
}

export interface CouponAddDialogProps {
  opened: boolean;
  /** Site users may give the coupon to one partner (for its industries); null: not offered. */
  partners: { id: number; name: string }[] | null;
  onClose: () => void;
}

/** Add a coupon: its code and name, percent or fixed, its validity and how many times it may be used. */
export function CouponAddDialog({ opened, partners, onClose }: CouponAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('billing.coupons.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {opened && <CouponForm partners={partners} onClose={onClose} />}
    </Modal>
  );
}

function CouponForm({ partners, onClose }: Omit<CouponAddDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateCoupon();
  const resolver = useMemo(
    () => candidateResolver<CouponFormValues>(couponBodySchema, bodyCandidate, t),
    [t],
  );
  const { control, handleSubmit, setError } = useForm<CouponFormValues>({
    resolver,
    defaultValues: {
      couponCode: '',
      couponName: '',
      kind: 'PERCENT',
      value: null,
      validFrom: todayInIndia(),
      validUntil: '',
      maxRedemptions: null,
      partnerId: null,
    },
    mode: 'onTouched',
  });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit((values) =>
    create.mutate(couponBodySchema.parse(bodyCandidate(values)), {
      onSuccess: (coupon) => {
        notifySuccess(t('billing.coupons.created', { code: coupon.couponCode }));
        onClose();
      },
      onError: (error) =>
        showBillingSaveError(error, setError, t, {
          fields: FIELDS,
          codeFields: { COUPON_EXISTS: 'couponCode' },
          onConflict: () => undefined,
          failureMessage: t('billing.coupons.saveError'),
        }),
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="couponCode"
            label={t('billing.coupons.code')}
            description={t('billing.coupons.codeHelp')}
            maxLength={30}
            spellCheck={false}
            required
            styles={{ input: { textTransform: 'uppercase' } }}
            data-autofocus
          />
          <TextField
            control={control}
            name="couponName"
            label={t('billing.coupons.name')}
            maxLength={80}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <KindField control={control} />
          {kind === 'PERCENT' ? (
            <NumberField
              key="percent"
              control={control}
              name="value"
              label={t('billing.coupons.percent')}
              description={t('billing.coupons.percentHelp')}
              min={0.01}
              max={100}
              decimalScale={2}
              allowNegative={false}
              suffix=" %"
              required
            />
          ) : (
            <NumberField
              key="fixed"
              control={control}
              name="value"
              label={t('billing.coupons.amount')}
              description={t('billing.coupons.amountHelp')}
              min={0.01}
              max={PRICE_MAX_PAISE / 100}
              decimalScale={2}
              allowNegative={false}
              required
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField
            control={control}
            name="validFrom"
            type="date"
            label={t('billing.coupons.validFrom')}
            required
          />
          <TextField
            control={control}
            name="validUntil"
            type="date"
            label={t('billing.coupons.validUntil')}
            description={t('billing.coupons.validUntilHelp')}
          />
          <NumberField
            control={control}
            name="maxRedemptions"
            label={t('billing.coupons.maxUses')}
            description={t('billing.coupons.maxUsesHelp')}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>
        {partners && (
          <SelectField
            control={control}
            name="partnerId"
            label={t('billing.coupons.partner')}
            description={t('billing.coupons.partnerHelp')}
            placeholder={t('billing.coupons.platformCoupon')}
            data={partners.map((partner) => ({ value: String(partner.id), label: partner.name }))}
            translateError={(message) => message && billingMessage(t, message)}
            clearable
            searchable
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('billing.coupons.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Percent or fixed: a pair of radio buttons. */
function KindField({ control }: { control: Control<CouponFormValues> }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { field } = useController({ control, name: 'kind' });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('billing.coupons.kind')}
      </Text>
      <SegmentedChoice<CouponKind>
        aria-labelledby={labelId}
        value={field.value}
        onChange={field.onChange}
        data={[
          { value: 'PERCENT', label: t('billing.coupons.kinds.PERCENT') },
          { value: 'FIXED', label: t('billing.coupons.kinds.FIXED') },
        ]}
      />
    </Stack>
  );
}
