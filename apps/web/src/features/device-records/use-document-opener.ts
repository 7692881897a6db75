import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { fetchDocument } from './api';

/** A stored file as a record names it. */
export interface OpenableFile {
  pathName: string;
  fileName: string;
}

/** Saves an object URL's bytes under the file's own name. */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** An image shown inside the dialog. */
export interface DocumentPreview {
  url: string;
  fileName: string;
}

/**
 * Views and downloads stored files. The bytes come from `POST /api/documentById`
 * and are shown through an object URL: an image in the dialog, anything else
 * (a PDF, a CSV) in a new tab. The URLs are released when the dialog goes.
 */
export function useDocumentOpener() {
  const { t } = useTranslation();
  const urls = useRef<string[]>([]);
  const [preview, setPreview] = useState<DocumentPreview | null>(null);
  const [pendingPath, setPendingPath] = useState<string | null>(null);

  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current = [];
    },
    [],
  );

  const load = useCallback(async (file: OpenableFile) => {
    const fetched = await fetchDocument(file.pathName);
    const url = URL.createObjectURL(fetched.blob);
    urls.current.push(url);
    return { url, contentType: fetched.contentType };
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
      notifyFailure(isExplained ? getErrorMessage(t, error) : t('deviceRecords.documents.openError'));
    },
    [t],
  );

  const view = useCallback(
    async (file: OpenableFile) => {
      // The tab is opened within the click, so that no pop-up blocker stops it; the file follows.
      const isImage = /\.(png|jpe?g)$/i.test(file.fileName);
      const tab = isImage ? null : window.open('', '_blank');
      setPendingPath(file.pathName);
      try {
        const { url, contentType } = await load(file);
        if (contentType.startsWith('image/')) {
          tab?.close();
          setPreview({ url, fileName: file.fileName });
        } else if (tab) {
          tab.location.href = url;
        } else {
          // No new tab (a blocker refused it): the file is saved instead.
          saveAs(url, file.fileName);
        }
      } catch (error) {
        tab?.close();
        fail(error);
      } finally {
        setPendingPath(null);
      }
    },
    [fail, load],
  );

  const download = useCallback(
    async (file: OpenableFile) => {
      setPendingPath(file.pathName);
      try {
        const { url } = await load(file);
        saveAs(url, file.fileName);
      } catch (error) {
        fail(error);
      } finally {
        setPendingPath(null);
      }
    },
    [fail, load],
  );

  return { view, download, preview, closePreview: () => setPreview(null), pendingPath };
}
