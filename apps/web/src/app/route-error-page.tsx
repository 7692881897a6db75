import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { FailureNotice } from './failure-notice';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return <FailureNotice />;
}
