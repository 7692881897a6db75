import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  APP_TENANT_CHOICES,
  APP_TENANTS_PER_REQUEST,
  appVendorTenantsBodySchema,
  MULTISELECT_DEBOUNCE_MS,
  type AvailableTenant,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useAddAppVendorTenants, useAvailableTenants } from './api';
import { appVendorMessage } from './app-vendor-text';

export interface AppTenantsAddDialogProps {
  opened: boolean;
  app: { id: number; appName: string };
  onClose: () => void;
}

/** Add industries to an app, chosen with a searchable multi-select of those not added yet. */
export function AppTenantsAddDialog(props: AppTenantsAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('appVendors.tenants.addTitle', { name: props.app.appName })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('appVendors.close') }}
    >
      {props.opened && <AddTenantsForm {...props} />}
    </Modal>
  );
}

const labelOf = (tenant: AvailableTenant) =>
  [tenant.name, tenant.city, tenant.partnerName].filter((part) => part).join(' · ');

function AddTenantsForm({ app, onClose }: AppTenantsAddDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<AvailableTenant[]>([]);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Closed after each pick, so that the list does not cover the dialog's buttons; typing or a click opens it.
  const [isListOpen, setIsListOpen] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), MULTISELECT_DEBOUNCE_MS);
  const available = useAvailableTenants(app.id, debounced, true);
  const add = useAddAppVendorTenants(app.id);

  const found = available.data?.items ?? [];
  const byId = new Map<number, AvailableTenant>([...chosen, ...found].map((tenant) => [tenant.id, tenant]));
  const options = [...byId.values()].map((tenant) => ({ value: String(tenant.id), label: labelOf(tenant) }));
  const isCut = available.data !== undefined && found.length >= available.data.limit;

  const submit = () => {
    const checked = appVendorTenantsBodySchema.safeParse({
      listOftenantIds: chosen.map((tenant) => tenant.id),
    });
    if (!checked.success) {
      setError(appVendorMessage(t, checked.error.issues[0]?.message ?? ''));
      return;
    }
    add.mutate(checked.data.listOftenantIds, {
      onSuccess: () => {
        notifySuccess(t('appVendors.notices.tenantsAdded'));
        onClose();
      },
      onError: (failure) =>
        notifyFailure(
          isApiError(failure) && failure.status < 500
            ? getErrorMessage(t, failure)
            : t('appVendors.tenants.addError'),
        ),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <MultiSelect
          label={t('appVendors.tenants.choose')}
          placeholder={chosen.length === 0 ? t('appVendors.tenants.choosePlaceholder') : undefined}
          description={
            isCut
              ? t('appVendors.tenants.chooseHintCut', { count: APP_TENANT_CHOICES })
              : t('appVendors.tenants.chooseHint')
          }
          data={options}
          value={chosen.map((tenant) => String(tenant.id))}
          onChange={(values) => {
            setChosen(
              values.map((value) => byId.get(Number(value))).filter((tenant) => tenant !== undefined),
            );
            setError(null);
          }}
          searchable
          searchValue={search}
          onSearchChange={(text) => {
            setSearch(text);
            if (text) setIsListOpen(true);
          }}
          dropdownOpened={isListOpen}
          onDropdownOpen={() => setIsListOpen(true)}
          onDropdownClose={() => setIsListOpen(false)}
          onOptionSubmit={() => setIsListOpen(false)}
          // The server already filtered by the text.
          filter={({ options: all }) => all}
          maxValues={APP_TENANTS_PER_REQUEST}
          hidePickedOptions
          clearable
          nothingFoundMessage={
            available.isFetching ? t('common.loading') : t('appVendors.tenants.nothingFound')
          }
          error={error ?? (available.isError ? t('appVendors.tenants.searchError') : undefined)}
          required
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          {t('appVendors.tenants.chosenCount', { count: chosen.length, max: APP_TENANTS_PER_REQUEST })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('appVendors.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('appVendors.tenants.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
