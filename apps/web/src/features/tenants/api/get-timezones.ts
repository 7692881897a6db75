import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints, TIME_ZONES, type TimeZoneOption } from '@vayu/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../app/api-client';
import { notifyFailure } from '../../../app/notifications';

/** The zones an account may use, labelled with today's offset. */
export function getTimeZones(signal?: AbortSignal): Promise<TimeZoneOption[]> {
  return callEndpoint(catalogueEndpoints.listTimeZones, { signal });
}

/**
 * Choices for a time-zone select. Until the list arrives, or when it cannot
 * be fetched ("Error fetching timezones."), the zone names alone are offered,
 * so the form still works.
 */
export function useTimeZoneOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const zones = useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => getTimeZones(signal),
    staleTime: 3_600_000,
  });
  useEffect(() => {
    if (zones.isError) notifyFailure(t('tenants.form.timeZonesError'));
  }, [zones.isError, t]);
  return useMemo(
    () =>
      zones.data
        ? zones.data.map((zone) => ({ value: zone.id, label: zone.label }))
        : TIME_ZONES.map((id) => ({ value: id, label: id })),
    [zones.data],
  );
}
