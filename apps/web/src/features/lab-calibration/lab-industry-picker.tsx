import { useQuery } from '@tanstack/react-query';
import { tenantsEndpoints } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api-client';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { labCalibrationKeys } from './api';

/** The name of an industry taken from the URL. */
function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: [...labCalibrationKeys.all, 'industry', tenantId ?? 0] as const,
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

/** The industry of the calibration and lab report screens (searchable); one from the URL is named from the API. */
export function LabIndustryPicker({
  value,
  onChange,
  allowAll = false,
}: {
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  /** Whether "all industries" is a choice (the schedule), or one must be picked (lab reports). */
  allowAll?: boolean;
}) {
  const { t } = useTranslation();
  const named = useIndustryName(value);
  return (
    <IndustrySearchSelect
      value={value}
      onChange={onChange}
      valueLabel={named.data}
      width={360}
      texts={{
        label: t('labCalibration.industry'),
        placeholder: allowAll ? t('labCalibration.allIndustries') : t('labCalibration.chooseIndustry'),
        hint: t('labCalibration.industrySearchHint'),
        nothingFound: t('labCalibration.industryNothingFound'),
        searchError: t('labCalibration.industrySearchError'),
      }}
    />
  );
}
