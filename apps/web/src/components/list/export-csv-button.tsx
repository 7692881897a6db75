import { Button } from '@mantine/core';
import type { EndpointDefinition } from '@vayu/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type QueryParams } from '../../app/api-client';
import { fetchFile, saveFile, type FetchedFile } from '../../app/file-download';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';

/**
 * The filters of a list's query that its export takes: the export's own
 * query fields (paging and sorting it has no use for are left out).
 */
export function exportQueryOf(endpoint: EndpointDefinition, query: object): QueryParams {
  const schema = endpoint.query as { shape?: Record<string, unknown> } | undefined;
  const fields = schema?.shape ? new Set(Object.keys(schema.shape)) : undefined;
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (fields && !fields.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params[key] = value;
  }
  return params;
}

/**
 * Downloads an export as a file. It is fetched with the console's headers
 * (the industry acted for in manage mode, the module, the cross-site marker),
 * which a plain link could not send, and saved under the name the server gave.
 */
export function downloadExport(
  endpoint: EndpointDefinition,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<FetchedFile> {
  return fetchFile(endpoint.path, {
    method: endpoint.method,
    query,
    accept: 'text/csv',
    type: 'text/csv;charset=utf-8',
    fallbackName: `${endpoint.operationId}.csv`,
    ...(signal ? { signal } : {}),
  });
}

export interface ExportCsvButtonProps {
  /** The list's export endpoint (`exportTenantsEndpoint`, …). */
  endpoint: EndpointDefinition;
  /** The list's current query (its URL state); paging is left out. */
  query: object;
}

/**
 * "Export CSV" in a list's toolbar: every row of the list under its current
 * filters, as a CSV file the server streams. The button shows that the file
 * is on its way; a refusal is worded from its code.
 */
export function ExportCsvButton({ endpoint, query }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const [isPending, setIsPending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const onExport = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setIsPending(true);
    try {
      const file = await downloadExport(endpoint, exportQueryOf(endpoint, query), current.signal);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      if (current.signal.aborted) return;
      const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
      notifyFailure(isExplained ? getErrorMessage(t, error) : t('listExport.failed'));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setIsPending(false);
      }
    }
  }, [endpoint, query, t]);

  return (
    <Button variant="default" onClick={() => void onExport()} loading={isPending} aria-busy={isPending}>
      {t('listExport.button')}
    </Button>
  );
}
