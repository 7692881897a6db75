import { Group, Progress, Stack, Text } from '@mantine/core';
import { ADDON_ORDER, type UnitUsage } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';

/** Red at the limit, orange from 80 %, blue below. */
function colorOf(used: number, limit: number): string {
  if (limit <= 0 || used >= limit) return used > 0 || limit <= 0 ? 'red' : 'blue';
  return used / limit >= 0.8 ? 'orange' : 'blue';
}

/**
 * What an industry uses of each limited unit against its limit, with where the
 * limit comes from (included by the plan, bought, granted by the site).
 */
export function UsageBars({ usage }: { usage: readonly UnitUsage[] }) {
  const { t } = useTranslation();
  const rows = [...usage].sort((a, b) => ADDON_ORDER[a.addOnUnit] - ADDON_ORDER[b.addOnUnit]);
  return (
    <Stack gap="md">
      {rows.map((row) => {
        const unit = t(`billing.units.${row.addOnUnit}`);
        const percent = row.limit > 0 ? Math.min(100, (row.used / row.limit) * 100) : row.used > 0 ? 100 : 0;
        const usedText = t('billing.usage.usedOf', {
          used: formatNumber(row.used),
          limit: formatNumber(row.limit),
        });
        return (
          <Stack key={row.addOnUnit} gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {unit}
              </Text>
              <Text size="sm">{usedText}</Text>
            </Group>
            <Progress
              value={percent}
              color={colorOf(row.used, row.limit)}
              size="md"
              aria-label={t('billing.usage.barLabel', { unit, used: usedText })}
            />
            <Text size="xs" c="dimmed">
              {t('billing.usage.sources', {
                included: formatNumber(row.included),
                purchased: formatNumber(row.purchased),
                granted: formatNumber(row.granted),
              })}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
