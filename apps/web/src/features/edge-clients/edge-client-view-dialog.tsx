import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canIssueEdgeKey, type EdgeClientDetail, type EdgeKey } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { formatNumber } from '../../i18n';
import { useEdgeClient, useIssueEdgeKey, useRevokeEdgeKey } from './api';
import { formatMoment } from './edge-client-text';
import { EdgeKeyIssuedDialog } from './edge-key-issued-dialog';

export interface EdgeClientViewDialogProps {
  /** The client shown; null: closed. */
  clientId: number | null;
  /** Whether the user may generate and revoke keys (the API decides for each client too). */
  canWrite: boolean;
  onClose: () => void;
}

/** An edge client with its keys: generate one (shown once), revoke one. */
export function EdgeClientViewDialog({ clientId, canWrite, onClose }: EdgeClientViewDialogProps) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<{ token: string; emailId: string } | null>(null);
  return (
    <>
      <Modal
        opened={clientId !== null && issued === null}
        onClose={onClose}
        title={t('edgeClients.viewTitle')}
        centered
        size={920}
        closeButtonProps={{ 'aria-label': t('edgeClients.close') }}
      >
        {clientId !== null && <ClientView clientId={clientId} canWrite={canWrite} onIssued={setIssued} />}
      </Modal>
      <EdgeKeyIssuedDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}

function ClientView({
  clientId,
  canWrite,
  onIssued,
}: {
  clientId: number;
  canWrite: boolean;
  onIssued: (issued: { token: string; emailId: string }) => void;
}) {
  const { t } = useTranslation();
  const client = useEdgeClient(clientId);
  const issue = useIssueEdgeKey();

  const generate = () =>
    issue.mutate(clientId, {
      onSuccess: (answer) => {
        notifySuccess(t('edgeClients.detail.generated'));
        onIssued({ token: answer.token, emailId: answer.client.emailId });
        // The key stays in the dialog that shows it, not in the mutation's memory.
        issue.reset();
      },
      onError: (error) =>
        notifyFailure(
          isApiError(error) && error.status < 500
            ? getErrorMessage(t, error)
            : t('edgeClients.generateError'),
        ),
    });

  if (client.isError) return <DataTableError title={t('edgeClients.detailLoadError')} query={client} />;
  if (!client.data) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  const detail = client.data;
  const isFull = !canIssueEdgeKey(detail);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('edgeClients.email')} value={detail.emailId} />
        <Fact label={t('edgeClients.industry')} value={detail.tenant.name} />
        <Fact
          label={t('edgeClients.keysColumn')}
          value={`${formatNumber(detail.keyUsed)} / ${formatNumber(detail.keyAllowed)}`}
        />
      </SimpleGrid>

      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {t('edgeClients.detail.keysTitle')}
        </Title>
        {canWrite && (
          <Button onClick={generate} loading={issue.isPending} disabled={isFull}>
            {t('edgeClients.detail.generate')}
          </Button>
        )}
      </Group>
      {canWrite && isFull && (
        <Alert color="gray" variant="light">
          {t('edgeClients.detail.full', { count: detail.keyAllowed })}
        </Alert>
      )}
      {!canWrite && (
        <Text size="sm" c="dimmed">
          {t('edgeClients.detail.readOnly')}
        </Text>
      )}
      <KeysTable client={detail} canWrite={canWrite} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function KeysTable({ client, canWrite }: { client: EdgeClientDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const revoke = useRevokeEdgeKey();

  const onRevoke = async (key: EdgeKey) => {
    const confirmed = await dialogs.confirm({
      message: t('edgeClients.detail.revokeConfirm', { hint: key.hint }),
      confirmLabel: t('edgeClients.detail.revoke'),
      destructive: true,
    });
    if (!confirmed) return;
    revoke.mutate(
      { clientId: client.id, keyId: key.id },
      {
        onSuccess: () => notifySuccess(t('edgeClients.detail.revoked')),
        onError: (error) =>
          notifyFailure(
            isApiError(error) && error.status < 500
              ? getErrorMessage(t, error)
              : t('edgeClients.revokeError'),
          ),
      },
    );
  };

  if (client.keys.length === 0) return <DataTableEmpty>{t('edgeClients.detail.noKeys')}</DataTableEmpty>;

  const columns: DataTableColumn<EdgeKey>[] = [
    {
      key: 'key',
      header: t('edgeClients.detail.key'),
      render: (key) => (
        <Text span ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {key.hint}
        </Text>
      ),
    },
    {
      key: 'created',
      header: t('edgeClients.detail.created'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (key) => formatMoment(key.createdAt),
    },
    {
      key: 'by',
      header: t('edgeClients.detail.createdBy'),
      render: (key) => key.createdBy ?? t('common.notSet'),
    },
    {
      key: 'lastUsed',
      header: t('edgeClients.detail.lastUsed'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (key) => (key.lastUsedAt ? formatMoment(key.lastUsedAt) : t('edgeClients.detail.neverUsed')),
    },
    {
      key: 'state',
      header: t('edgeClients.detail.state'),
      render: (key) =>
        key.revokedAt ? (
          <Stack gap={2} align="flex-start">
            <Badge variant="light" color="gray">
              {t('edgeClients.detail.revokedState')}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatMoment(key.revokedAt)}
              {key.revokedBy && ` · ${t('edgeClients.detail.revokedBy', { name: key.revokedBy })}`}
            </Text>
          </Stack>
        ) : (
          <Badge variant="light" color="teal">
            {t('edgeClients.detail.live')}
          </Badge>
        ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('edgeClients.actions'),
            render: (key: EdgeKey) =>
              key.revokedAt ? null : (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => void onRevoke(key)}
                  loading={revoke.isPending && revoke.variables?.keyId === key.id}
                  aria-label={t('edgeClients.detail.revokeNamed', { hint: key.hint })}
                >
                  {t('edgeClients.detail.revoke')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      columns={columns}
      rows={client.keys}
      getRowKey={(key) => key.id}
      caption={t('edgeClients.detail.keysCaption', { email: client.emailId })}
      minWidth={720}
    />
  );
}
