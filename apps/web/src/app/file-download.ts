import {
  API_BASE,
  ApiError,
  buildApiUrl,
  buildRequestHeaders,
  toApiError,
  type QueryParams,
} from './api-client';

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

export interface FetchedFile {
  blob: Blob;
  /** The name the server gave (`Content-Disposition`), or the fallback. */
  fileName: string;
}

/**
 * Fetches a file the API answers (a CSV export, a meta sheet, a log file)
 * with the console's headers (the industry acted for in manage mode, the
 * module, the cross-site marker), which a plain link could not send. Rejects
 * with an ApiError worded from the answer's code, as every call does.
 */
export async function fetchFile(
  path: string,
  options: {
    method?: string;
    query?: QueryParams;
    accept: string;
    /** The media type the bytes are kept as. */
    type: string;
    fallbackName: string;
    signal?: AbortSignal;
  },
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path.slice(API_BASE.length), options.query), {
      method: options.method ?? 'GET',
      headers: buildRequestHeaders({ Accept: `${options.accept}, application/json` }),
      credentials: 'same-origin',
      cache: 'no-store',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: worded by its status.
    }
    throw toApiError(response.status, body, response.statusText);
  }
  const blob = new Blob([await response.arrayBuffer()], { type: options.type });
  return {
    blob,
    fileName: fileNameOfDisposition(response.headers.get('content-disposition')) ?? options.fallbackName,
  };
}

/** Hands a file to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the address is let go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
