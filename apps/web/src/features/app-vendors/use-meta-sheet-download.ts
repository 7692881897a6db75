import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { fetchMetaSheet } from './api';

/** Saves an object URL's bytes under a file name, as a link with `download` would. */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads an industry's meta sheet; `pendingTenantId` is the one on its way.
 * The files' object URLs are released when the screen goes.
 */
export function useMetaSheetDownload() {
  const { t } = useTranslation();
  const [pendingTenantId, setPendingTenantId] = useState<number | null>(null);
  const urls = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current = [];
    },
    [],
  );

  const download = useCallback(
    async (tenant: { id: number; name: string }) => {
      setPendingTenantId(tenant.id);
      try {
        const sheet = await fetchMetaSheet(tenant.id, tenant.name);
        const url = URL.createObjectURL(sheet.blob);
        urls.current.push(url);
        saveAs(url, sheet.fileName);
      } catch (error) {
        const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
        notifyFailure(isExplained ? getErrorMessage(t, error) : t('appVendors.metaSheet.error'));
      } finally {
        setPendingTenantId(null);
      }
    },
    [t],
  );

  return { download, pendingTenantId };
}
