import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountStatus, TenantDetail } from '@vayu/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import { setTenantStatus } from './api/change-tenant-status';
import type { TenantPage } from './api/get-tenants';
import { tenantKeys } from './api/tenant-keys';

export interface ToggleableTenant {
  id: number;
  /** Named in the confirm, so the user sees which industry changes. */
  name: string;
  partnerId: number;
  status: AccountStatus;
}

/** Shows `status` for one industry in every cached list page and its detail. */
function showStatus(queryClient: QueryClient, tenantId: number, status: AccountStatus) {
  queryClient.setQueriesData<TenantPage>({ queryKey: tenantKeys.lists() }, (page) =>
    page
      ? { ...page, items: page.items.map((item) => (item.id === tenantId ? { ...item, status } : item)) }
      : page,
  );
  queryClient.setQueryData<TenantDetail>(tenantKeys.detail(tenantId), (detail) =>
    detail ? { ...detail, status } : detail,
  );
}

/**
 * The site user's enable/disable toggle (spec §4): the row shows the new status
 * at once, the confirm follows, and the old status comes back on cancel or on a
 * failed call. Enabling records the partner request first and then opens the
 * industry's subscription page.
 */
export function useTenantStatusToggle() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(new Set());

  const setPending = useCallback((id: number, pending: boolean) => {
    setPendingIds((current) => {
      const next = new Set(current);
      if (pending) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggle = useCallback(
    async (tenant: ToggleableTenant) => {
      const previous = tenant.status;
      const next = previous === 'ENABLED' ? 'DISABLED' : 'ENABLED';
      setPending(tenant.id, true);
      // A refetch landing now would overwrite the optimistic row.
      await queryClient.cancelQueries({ queryKey: tenantKeys.all });
      showStatus(queryClient, tenant.id, next);
      try {
        // The spec's "Disable/Enable" question, with the verb that applies (as the partner list asks).
        const confirmed = await dialogs.confirm({
          message:
            next === 'DISABLED'
              ? t('tenants.status.confirmDisable', { name: tenant.name })
              : t('tenants.status.confirmEnable', { name: tenant.name }),
          confirmLabel: next === 'ENABLED' ? t('tenants.status.enable') : t('tenants.status.disable'),
          destructive: next === 'DISABLED',
        });
        if (!confirmed) {
          showStatus(queryClient, tenant.id, previous);
          return;
        }
        try {
          await setTenantStatus({ tenantId: tenant.id, partnerId: tenant.partnerId, status: next });
        } catch {
          showStatus(queryClient, tenant.id, previous);
          notifyFailure(t('tenants.status.changeError'));
          return;
        }
        notifySuccess(t('tenants.status.changed'));
        void queryClient.invalidateQueries({ queryKey: tenantKeys.all });
        if (next === 'ENABLED') void navigate(`/subscription/${tenant.id}`);
      } finally {
        setPending(tenant.id, false);
      }
    },
    [navigate, queryClient, setPending, t],
  );

  return { toggle, pendingIds };
}
