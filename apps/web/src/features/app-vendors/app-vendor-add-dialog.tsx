import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import {
  APP_ID_MAX_LENGTH,
  APP_NAME_MAX_LENGTH,
  appVendorCreateBodySchema,
  type AppVendorCreateBody,
  type AppVendorWithToken,
} from '@vayu/domain';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField } from '../../components/form';
import { translatedResolver } from '../cameras';
import { useCreateAppVendor } from './api';
import { appVendorMessage } from './app-vendor-text';

interface FormValues {
  appId: string;
  appName: string;
}

const FIELDS = ['appId', 'appName'] as const;

export interface AppVendorAddDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The app as added, with its first token (shown once by the list). */
  onCreated: (app: AppVendorWithToken) => void;
}

/** Add a push-data app: its app ID and name. The answer carries its first token. */
export function AppVendorAddDialog(props: AppVendorAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('appVendors.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('appVendors.close') }}
    >
      {props.opened && <AddForm {...props} />}
    </Modal>
  );
}

function AddForm({ onClose, onCreated }: AppVendorAddDialogProps) {
  const { t } = useTranslation();
  const create = useCreateAppVendor();
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, AppVendorCreateBody>({
    resolver: translatedResolver(
      zodResolver(appVendorCreateBodySchema) as Resolver<FormValues, unknown, AppVendorCreateBody>,
      (message) => appVendorMessage(t, message),
    ),
    defaultValues: { appId: '', appName: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (app) => {
        notifySuccess(t('appVendors.created'));
        onCreated(app);
      },
      onError: (error) => {
        // An app ID or name another app has: said under that field, in the user's language.
        if (isApiError(error) && error.code === 'APP_VENDOR_EXISTS') {
          const taken = error.details.filter((detail) => (FIELDS as readonly string[]).includes(detail.path));
          taken.forEach((detail, index) =>
            setError(
              detail.path as keyof FormValues,
              {
                type: error.code,
                message: t(detail.path === 'appName' ? 'appVendors.appNameTaken' : 'appVendors.appIdTaken'),
              },
              { shouldFocus: index === 0 },
            ),
          );
          notifyFailure(t('appVendors.saveError'));
          if (taken.length > 0) return;
        }
        const outcome = applyServerError(error, setError, t, { fields: FIELDS });
        notifyFailure(outcome.isShownOnField ? t('appVendors.saveError') : outcome.message);
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <TextField
          control={control}
          name="appId"
          label={t('appVendors.appId')}
          placeholder={t('appVendors.appIdPlaceholder')}
          description={t('appVendors.appIdHelp')}
          required
          maxLength={APP_ID_MAX_LENGTH}
          spellCheck={false}
          data-autofocus
        />
        <TextField
          control={control}
          name="appName"
          label={t('appVendors.appName')}
          placeholder={t('appVendors.appNamePlaceholder')}
          required
          maxLength={APP_NAME_MAX_LENGTH}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('appVendors.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('appVendors.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
