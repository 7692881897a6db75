import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Switch } from '@mantine/core';
import {
  AUTH_TOKEN_MAX_LENGTH,
  AUTH_TOKEN_MIN_LENGTH,
  CAMERA_MESSAGES,
  cameraCreateBodySchema,
  cameraUpdateBodySchema,
  type Camera,
  type CameraBody,
  type CameraStatus,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useController, useForm, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import {
  handleSaveError,
  PasswordField,
  SelectField,
  StaleVersionAlert,
  TextField,
} from '../../components/form';
import { useCameraPoints, useSaveCamera } from './api';
import { translatedResolver } from './translated-resolver';

/** What the form holds: text as typed; the domain's schema turns it into the body. */
interface FormValues {
  name: string;
  /** The select's value (text); the checked body's is the number. */
  monitoringPointId: string | number | null;
  provisionId: string;
  viewerId: string | null;
  /** Always empty when the form opens: a saved token never comes back from the API. */
  authToken?: string | undefined;
  status: CameraStatus;
  version?: number | undefined;
}

function formOf(camera: Camera | null): FormValues {
  return {
    name: camera?.name ?? '',
    monitoringPointId: camera ? String(camera.monitoringPoint.id) : null,
    provisionId: camera?.provisionId ?? '',
    viewerId: camera?.viewerId ?? '',
    authToken: '',
    status: camera?.status ?? 'ENABLED',
    version: camera?.version,
  };
}

/** The fields a CAMERA_EXISTS answer may name, with their wording. */
const TAKEN_MESSAGES: Partial<
  Record<string, 'cameras.cameras.nameTaken' | 'cameras.cameras.provisionTaken'>
> = {
  name: 'cameras.cameras.nameTaken',
  provisionId: 'cameras.cameras.provisionTaken',
};

/** The camera schema's English rule texts in the user's language. */
function cameraMessage(t: TFunction, message: string): string {
  switch (message) {
    case CAMERA_MESSAGES.tokenLength:
      return t('cameras.cameras.messages.tokenLength', {
        min: AUTH_TOKEN_MIN_LENGTH,
        max: AUTH_TOKEN_MAX_LENGTH,
      });
    case CAMERA_MESSAGES.tokenSpaces:
      return t('cameras.cameras.messages.tokenSpaces');
    case CAMERA_MESSAGES.identifierSpaces:
      return t('cameras.cameras.messages.identifierSpaces');
    case CAMERA_MESSAGES.point:
      return t('cameras.cameras.messages.point');
    default:
      return message;
  }
}

export interface CameraDialogProps {
  opened: boolean;
  tenantId: number;
  /** The camera being edited; null adds one. */
  camera: Camera | null;
  onClose: () => void;
  /** Loads the latest list and returns the camera as now saved (after a conflict). */
  onReload: () => Promise<Camera | null>;
}

/** Add or edit a camera: its monitoring point, the vendor's ids and the auth token (write-only). */
export function CameraDialog(props: CameraDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.camera ? t('cameras.cameras.editTitle') : t('cameras.cameras.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('cameras.cameras.close') }}
    >
      {props.opened && (
        <CameraForm key={`${props.camera?.id ?? 'new'}-${props.camera?.version ?? 0}`} {...props} />
      )}
    </Modal>
  );
}

function CameraForm({ tenantId, camera, onClose, onReload }: CameraDialogProps) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const save = useSaveCamera(tenantId);
  const points = useCameraPoints(tenantId);
  const isEdit = camera !== null;
  // A new camera needs its token; an edit keeps the stored one when the field is left empty.
  const schema = isEdit ? cameraUpdateBodySchema : cameraCreateBodySchema;
  const { control, handleSubmit, reset, setError } = useForm<FormValues, unknown, CameraBody>({
    resolver: translatedResolver(
      zodResolver(schema) as Resolver<FormValues, unknown, CameraBody>,
      (message) => cameraMessage(t, message),
    ),
    defaultValues: formOf(camera),
    mode: 'onTouched',
  });

  const reload = async () => {
    setReloading(true);
    try {
      reset(formOf(await onReload()));
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      camera ? { id: camera.id, body } : { id: null, body: { ...body, authToken: body.authToken ?? '' } },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? t('cameras.cameras.updated') : t('cameras.cameras.created'));
          onClose();
        },
        onError: (error) => {
          // The industry is at its camera limit (plan, add-ons and what the site granted): nothing was
          // saved; the spec's text says to upgrade, in a dialog that stays until it is read.
          if (hasErrorCode(error, 'CAMERA_LIMIT_EXHAUSTED')) {
            void dialogs.notify({
              title: t('cameras.cameras.cameraLimitTitle'),
              message: getErrorMessage(t, error),
            });
            return;
          }
          // A name or provision id another camera has: said on that field, in the user's language.
          if (isApiError(error) && error.code === 'CAMERA_EXISTS') {
            const taken = error.details.filter((detail) => TAKEN_MESSAGES[detail.path]);
            taken.forEach((detail, index) =>
              setError(
                detail.path as 'name' | 'provisionId',
                { type: error.code, message: t(TAKEN_MESSAGES[detail.path]!) },
                { shouldFocus: index === 0 },
              ),
            );
            notifyFailure(t('cameras.cameras.saveError'));
            if (taken.length > 0) return;
          }
          handleSaveError(error, setError, t, {
            fields: [
              'name',
              'monitoringPointId',
              'provisionId',
              'viewerId',
              'authToken',
              'status',
            ] as FieldPath<FormValues>[],
            onConflict: () => setConflict(true),
            failureMessage: t('cameras.cameras.saveError'),
          });
        },
      },
    ),
  );

  const pointOptions = (points.data?.items ?? []).map((point) => ({
    value: String(point.id),
    label: point.name,
  }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('cameras.cameras.conflictTitle')}
            message={t('cameras.cameras.conflict')}
            reloadLabel={t('cameras.cameras.reload')}
            onReload={() => void reload()}
            reloading={reloading}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="name"
            label={t('cameras.cameras.name')}
            placeholder={t('cameras.cameras.namePlaceholder')}
            required
            maxLength={100}
            data-autofocus
          />
          <SelectField
            control={control}
            name="monitoringPointId"
            label={t('cameras.cameras.monitoringPoint')}
            placeholder={t('cameras.cameras.monitoringPointPlaceholder')}
            data={pointOptions}
            required
            searchable
            loadError={points.isError ? t('cameras.cameras.pointsLoadError') : undefined}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="provisionId"
            label={t('cameras.cameras.provisionId')}
            required
            maxLength={100}
            spellCheck={false}
          />
          <TextField
            control={control}
            name="viewerId"
            label={t('cameras.cameras.viewerId')}
            maxLength={100}
            spellCheck={false}
          />
        </SimpleGrid>
        <PasswordField
          control={control}
          name="authToken"
          label={t('cameras.cameras.authToken')}
          description={
            camera
              ? t('cameras.cameras.authTokenKeep', { hint: camera.authTokenHint })
              : t('cameras.cameras.authTokenNew')
          }
          required={!isEdit}
          maxLength={AUTH_TOKEN_MAX_LENGTH}
          // A browser must not offer a saved sign-in password here, nor keep this token as one.
          autoComplete="new-password"
          spellCheck={false}
        />
        <StatusSwitch control={control} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cameras.cameras.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('cameras.cameras.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatusSwitch({ control }: { control: Control<FormValues, unknown, CameraBody> }) {
  const { t } = useTranslation();
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ control, name: 'status' });
  return (
    <Switch
      ref={ref}
      name={name}
      label={t('cameras.cameras.isEnabled')}
      checked={value === 'ENABLED'}
      onChange={(event) => onChange(event.currentTarget.checked ? 'ENABLED' : 'DISABLED')}
      onBlur={onBlur}
    />
  );
}
