import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { LoadingOverlay } from '../components/loading-overlay';

/**
 * The blocking overlay for tracked requests: running mutations, and queries
 * marked `meta: { blocking: true }` while they load for the first time.
 */
export function ActivityOverlay() {
  const mutating = useIsMutating({ predicate: (mutation) => mutation.options.meta?.blocking !== false });
  const loading = useIsFetching({
    predicate: (query) => query.meta?.blocking === true && query.state.data === undefined,
  });
  return <LoadingOverlay visible={mutating + loading > 0} />;
}
