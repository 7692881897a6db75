import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in the address (`?tab=`), so that back, reload and a
 * shared link open the same tab. The first tab is the page without the
 * parameter; choosing a tab drops the other parameters (each tab starts at
 * its first page).
 */
export function useTabParam<const T extends readonly [string, ...string[]]>(tabs: T) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const first = tabs[0];
  const tab: T[number] = requested !== null && tabs.includes(requested) ? requested : first;
  const choose = (value: string | null) => {
    if (value === null || !tabs.includes(value) || value === tab) return;
    setParams(value === first ? new URLSearchParams() : new URLSearchParams({ tab: value }));
  };
  return [tab, choose] as const;
}
