import { useTranslation } from 'react-i18next';
import { IndustrySearchSelect } from '../../components/industry-search-select';

export interface TenantSelectProps {
  /** The chosen industry (account id), or undefined for all. */
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  /** A name to show for `value` before any search has run (e.g. when the id came from the URL). */
  valueLabel?: string | null | undefined;
}

/** The audit screens' industry filter. */
export function TenantSelect(props: TenantSelectProps) {
  const { t } = useTranslation();
  return (
    <IndustrySearchSelect
      {...props}
      texts={{
        label: t('audit.filters.tenant'),
        placeholder: t('audit.filters.tenantPlaceholder'),
        hint: t('audit.filters.tenantSearchHint'),
        nothingFound: t('audit.filters.tenantNothingFound'),
        searchError: t('audit.filters.tenantSearchError'),
      }}
    />
  );
}
