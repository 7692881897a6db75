import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PUSH_SLOT_STATES, type ComplianceDay, type PushSlotState, type RegulatorTenant } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, DataTableError, type DataTableColumn } from '../../components/data-table';
import { formatNumber } from '../../i18n';
import { useComplianceTimeline } from './api';
import classes from './compliance-timeline.module.css';
import { formatDay, formatMoment, formatShare, formatSlotTime, SLOT_COLORS } from './regulator-text';

/** The days of the timeline: the boards' 7 days. */
const DAYS = 7;

/** The day's slots by state, in the order the bar stacks them. */
const DAY_COUNTS: { state: PushSlotState; count: (day: ComplianceDay) => number }[] = [
  { state: 'delivered', count: (day) => day.delivered },
  { state: 'refused', count: (day) => day.refused },
  { state: 'pending', count: (day) => day.pending },
  { state: 'no_data', count: (day) => day.noData },
  { state: 'expired', count: (day) => day.expired },
];

/**
 * An industry's compliance at its board: each of the last 7 days (newest
 * first) by what became of its slots, with the share delivered, and the last
 * 24 hours slot by slot. Asked again each minute while shown.
 */
export function ComplianceTimeline({ mapping }: { mapping: RegulatorTenant }) {
  const { t } = useTranslation();
  const timeline = useComplianceTimeline(mapping.id, DAYS);
  const data = timeline.data;

  const columns: DataTableColumn<ComplianceDay>[] = [
    {
      key: 'day',
      header: t('regulators.timeline.day'),
      cellProps: { fw: 500, style: { whiteSpace: 'nowrap' } },
      render: (day) => formatDay(day.day),
    },
    {
      key: 'share',
      header: t('regulators.timeline.share'),
      render: (day) => (
        <Group gap="sm" wrap="nowrap">
          <DayBar day={day} />
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatShare(day.deliveredShare)}
          </Text>
        </Group>
      ),
    },
    ...DAY_COUNTS.map(({ state, count }) => ({
      key: state,
      header: t(`regulators.slotStates.${state}`),
      align: 'right' as const,
      render: (day: ComplianceDay) => formatNumber(count(day)),
    })),
    {
      key: 'expected',
      header: t('regulators.timeline.expected'),
      align: 'right',
      render: (day) => formatNumber(day.expected),
    },
  ];

  return (
    <Stack gap="lg" component="section" aria-labelledby="timeline-title">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="timeline-title">
            {t('regulators.timeline.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.timeline.intro')}
            {timeline.dataUpdatedAt > 0 &&
              ` ${t('regulators.timeline.updatedAt', {
                time: formatMoment(t, new Date(timeline.dataUpdatedAt).toISOString()),
              })}`}
          </Text>
        </Stack>
        <Button variant="default" onClick={() => void timeline.refetch()} loading={timeline.isFetching}>
          {t('regulators.timeline.refresh')}
        </Button>
      </Group>
      {timeline.isError && !data ? (
        <DataTableError title={t('regulators.timeline.loadError')} query={timeline} />
      ) : (
        <>
          <LastDay slots={data?.slots} />
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('regulators.timeline.byDay')}
            </Title>
            <DataTable
              columns={columns}
              rows={data?.days}
              getRowKey={(day) => day.day}
              caption={t('regulators.timeline.daysCaption', { count: data?.days.length ?? 0 })}
              minWidth={760}
              skeletonRows={DAYS}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** A day's slots as one bar, each state its share of the day (the numbers are in the row's cells). */
function DayBar({ day }: { day: ComplianceDay }) {
  const total = Math.max(day.expected, 1);
  return (
    <div className={classes.bar} aria-hidden style={{ flex: '1 1 120px' }}>
      {DAY_COUNTS.map(({ state, count }) => {
        const share = count(day) / total;
        return share > 0 ? (
          <div key={state} style={{ width: `${share * 100}%`, backgroundColor: SLOT_COLORS[state] }} />
        ) : null;
      })}
    </div>
  );
}

/** The last 24 hours, slot by slot, with a legend counting each state. */
function LastDay({
  slots,
}: {
  slots: { slot: string; state: PushSlotState; boardCode: string | null }[] | undefined;
}) {
  const { t } = useTranslation();
  if (!slots) {
    return <Skeleton height={90} aria-hidden />;
  }
  // Oldest on the left, as time reads.
  const ordered = [...slots].sort((a, b) => Date.parse(a.slot) - Date.parse(b.slot));
  const counts = new Map<PushSlotState, number>(PUSH_SLOT_STATES.map((state) => [state, 0]));
  for (const slot of ordered) counts.set(slot.state, (counts.get(slot.state) ?? 0) + 1);
  const describe = (slot: { slot: string; state: PushSlotState; boardCode: string | null }) =>
    slot.boardCode
      ? t('regulators.timeline.slotWithCode', {
          time: formatSlotTime(slot.slot),
          state: t(`regulators.slotStates.${slot.state}`),
          code: slot.boardCode,
        })
      : t('regulators.timeline.slot', {
          time: formatSlotTime(slot.slot),
          state: t(`regulators.slotStates.${slot.state}`),
        });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id="timeline-last-day">
          {t('regulators.timeline.lastDay')}
        </Title>
        <Group
          gap="md"
          wrap="wrap"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('regulators.timeline.legend')}
        >
          {DAY_COUNTS.map(({ state }) => (
            <Group key={state} gap={6} wrap="nowrap" component="li" data-state={state}>
              <span className={classes.swatch} style={{ backgroundColor: SLOT_COLORS[state] }} aria-hidden />
              <Text size="sm">
                {t('regulators.timeline.legendItem', {
                  state: t(`regulators.slotStates.${state}`),
                  number: formatNumber(counts.get(state) ?? 0),
                })}
              </Text>
            </Group>
          ))}
        </Group>
        {ordered.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('regulators.timeline.noSlots')}
          </Text>
        ) : (
          <>
            <ol className={classes.strip} aria-labelledby="timeline-last-day">
              {ordered.map((slot) => (
                <li
                  key={slot.slot}
                  className={classes.cell}
                  style={{ backgroundColor: SLOT_COLORS[slot.state] }}
                  title={describe(slot)}
                  data-state={slot.state}
                >
                  <VisuallyHidden>{describe(slot)}</VisuallyHidden>
                </li>
              ))}
            </ol>
            <Group justify="space-between" aria-hidden>
              <Text size="xs" c="dimmed">
                {formatSlotTime(ordered[0]!.slot)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatSlotTime(ordered[ordered.length - 1]!.slot)}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
