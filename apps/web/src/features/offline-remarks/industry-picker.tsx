import { useTranslation } from 'react-i18next';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { useIndustryName } from './api';

export interface IndustryPickerProps {
  /** The chosen industry, or undefined for all the user may see. */
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
}

/** The industry of the remarks screen; one taken from the URL is named from the API. */
export function IndustryPicker({ value, onChange }: IndustryPickerProps) {
  const { t } = useTranslation();
  const named = useIndustryName(value);
  return (
    <IndustrySearchSelect
      value={value}
      onChange={onChange}
      valueLabel={named.data}
      width={360}
      texts={{
        label: t('cameras.remarks.industry'),
        placeholder: t('cameras.remarks.allIndustries'),
        hint: t('cameras.remarks.industrySearchHint'),
        nothingFound: t('cameras.remarks.industryNothingFound'),
        searchError: t('cameras.remarks.industrySearchError'),
      }}
    />
  );
}
