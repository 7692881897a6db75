import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  EDGE_KEY_ALLOWED_MAX,
  edgeClientUpdateBodySchema,
  type EdgeClient,
  type EdgeClientUpdateBody,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { NumberField, StaleVersionAlert, TextField } from '../../components/form';
import { translatedResolver } from '../cameras';
import { useEdgeClient, useUpdateEdgeClient } from './api';
import { showEdgeClientSaveError } from './edge-client-form-errors';
import { edgeClientMessage } from './edge-client-text';

interface EditFormValues {
  id: number;
  emailId: string;
  keyAllowed: number | null;
  version?: number | undefined;
}

const FIELDS = ['emailId', 'keyAllowed'] as const;

const formOf = (client: EdgeClient): EditFormValues => ({
  id: client.id,
  emailId: client.emailId,
  keyAllowed: client.keyAllowed,
  version: client.version,
});

export interface EdgeClientEditDialogProps {
  /** The client being edited; null: closed. */
  client: EdgeClient | null;
  onClose: () => void;
}

/** Edit an edge client's e-mail and keys allowed (never fewer than it uses; its industry stays). */
export function EdgeClientEditDialog({ client, onClose }: EdgeClientEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={client !== null}
      onClose={onClose}
      title={t('edgeClients.editTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('edgeClients.close') }}
    >
      {client && <EditForm key={`${client.id}-${client.version}`} client={client} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ client, onClose }: { client: EdgeClient; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateEdgeClient();
  const stored = useEdgeClient(client.id);
  const [conflict, setConflict] = useState(false);
  const [keyUsed, setKeyUsed] = useState(client.keyUsed);
  const { control, handleSubmit, reset, setError } = useForm<EditFormValues, unknown, EdgeClientUpdateBody>({
    resolver: translatedResolver(
      zodResolver(edgeClientUpdateBodySchema) as Resolver<EditFormValues, unknown, EdgeClientUpdateBody>,
      (message) => edgeClientMessage(t, message),
    ),
    defaultValues: formOf(client),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await stored.refetch()).data;
    if (!latest) return;
    reset(formOf(latest));
    setKeyUsed(latest.keyUsed);
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('edgeClients.updated'));
        onClose();
      },
      onError: (error) =>
        showEdgeClientSaveError(error, setError, t, { fields: FIELDS, onConflict: () => setConflict(true) }),
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('edgeClients.conflictTitle')}
            message={t('edgeClients.conflict')}
            reloadLabel={t('edgeClients.reload')}
            onReload={() => void reload()}
            reloading={stored.isFetching}
          />
        )}
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('edgeClients.industry')}
          </Text>
          <Text size="sm">{client.tenant.name}</Text>
        </Stack>
        <TextField
          control={control}
          name="emailId"
          type="email"
          label={t('edgeClients.email')}
          description={t('edgeClients.emailHelp')}
          required
          maxLength={254}
          spellCheck={false}
          data-autofocus
        />
        <NumberField
          control={control}
          name="keyAllowed"
          label={t('edgeClients.keyAllowed')}
          description={t('edgeClients.keyAllowedKeep', { used: keyUsed })}
          min={1}
          max={EDGE_KEY_ALLOWED_MAX}
          allowDecimal={false}
          allowNegative={false}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('edgeClients.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('edgeClients.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
