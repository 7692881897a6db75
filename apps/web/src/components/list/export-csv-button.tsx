import { Button } from '@mantine/core';
import { isApiErrorCode, type EndpointDefinition } from '@vayu/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_BASE,
  ApiError,
  buildApiUrl,
  buildRequestHeaders,
  isApiError,
  readErrorEnvelope,
  type QueryParams,
} from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';

/** The file name of a `Content-Disposition` answer (`filename*` first), if it has one. */
export function fileNameOfDisposition(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

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

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: worded by its status below.
  }
  const envelope = readErrorEnvelope(body);
  return envelope
    ? new ApiError(
        response.status,
        isApiErrorCode(envelope.code) ? envelope.code : 'HTTP_ERROR',
        envelope.message,
        envelope.details ?? [],
        envelope.requestId,
        envelope.params ?? {},
      )
    : new ApiError(
        response.status,
        'HTTP_ERROR',
        response.statusText || `Request failed with status ${response.status}`,
      );
}

/**
 * Downloads an export as a file. It is fetched with the console's headers
 * (the industry acted for in manage mode, the module, the cross-site marker),
 * which a plain link could not send, and saved under the name the server gave.
 */
export async function downloadExport(
  endpoint: EndpointDefinition,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(buildApiUrl(endpoint.path.slice(API_BASE.length), query), {
      method: endpoint.method,
      headers: buildRequestHeaders({ Accept: 'text/csv, application/json' }),
      credentials: 'same-origin',
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  if (!response.ok) throw await errorOf(response);
  const blob = new Blob([await response.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
  const fallback = `${endpoint.operationId}.csv`;
  return { blob, fileName: fileNameOfDisposition(response.headers.get('content-disposition')) ?? fallback };
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface ExportCsvButtonProps {
  /** The list's export endpoint (`exportsEndpoints.exportTenants`, …). */
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
