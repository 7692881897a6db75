import {
  Button,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  DOCUMENT_FIELDS,
  MAX_DOCUMENTS_PER_DEVICE,
  type DeviceDocuments,
  type DocumentFile,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, DataTableError, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton } from '../../components/list';
import { useDeleteDocumentFile, useDeviceDocuments } from './api';
import { DocumentsForm } from './documents-form';
import { contentTypeLabel, formatFileSize, formatMoment } from './record-format';
import { useDocumentOpener, type DocumentPreview } from './use-document-opener';

export interface DeviceRecordsDialogProps {
  deviceId: number;
  deviceName: string;
  /** Whether the user may change the device's records (an admin of its industry, its partner or the platform). */
  canEdit: boolean;
  opened: boolean;
  onClose: () => void;
}

type DocumentsTab = 'view' | 'update';

/**
 * A device's supporting documents: the instrument's details and its files
 * (view, download, and for those who may change the device, delete), and
 * a tab to update the details and upload files.
 */
export function DeviceDocumentsDialog({
  deviceId,
  deviceName,
  canEdit,
  opened,
  onClose,
}: DeviceRecordsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('deviceRecords.documents.title', { name: deviceName })}
      size="70rem"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <DocumentsContent deviceId={deviceId} canEdit={canEdit} />}
    </Modal>
  );
}

const isEmpty = (documents: DeviceDocuments) =>
  documents.files.length === 0 && Object.values(documents.fields).every((value) => value === null);

function DocumentsContent({ deviceId, canEdit }: { deviceId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const documents = useDeviceDocuments(deviceId);
  const [tab, setTab] = useState<DocumentsTab>('view');

  if (documents.isError) {
    return <DataTableError title={t('deviceRecords.documents.loadError')} query={documents} />;
  }
  if (!documents.data) {
    return (
      <Stack gap="sm" aria-busy>
        <Text size="sm">{t('common.loading')}</Text>
        <Skeleton height={18} />
        <Skeleton height={18} />
        <Skeleton height={18} />
      </Stack>
    );
  }
  const view = (
    <DocumentsView documents={documents.data} canEdit={canEdit} onUpdate={() => setTab('update')} />
  );
  if (!canEdit) return view;
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab(value === 'update' ? 'update' : 'view')}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="view">{t('deviceRecords.documents.tabs.view')}</Tabs.Tab>
        <Tabs.Tab value="update">{t('deviceRecords.documents.tabs.update')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="view">{view}</Tabs.Panel>
      <Tabs.Panel value="update">
        <DocumentsForm deviceId={deviceId} documents={documents.data} onSaved={() => setTab('view')} />
      </Tabs.Panel>
    </Tabs>
  );
}

function DocumentsView({
  documents,
  canEdit,
  onUpdate,
}: {
  documents: DeviceDocuments;
  canEdit: boolean;
  onUpdate: () => void;
}) {
  const { t } = useTranslation();
  const opener = useDocumentOpener();
  const remove = useDeleteDocumentFile(documents.deviceId);

  if (isEmpty(documents)) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          <Text ta="center" c="dimmed">
            {t('deviceRecords.documents.empty')}
          </Text>
          {canEdit && <Button onClick={onUpdate}>{t('deviceRecords.documents.tabs.update')}</Button>}
        </Stack>
      </Paper>
    );
  }

  const columns: DataTableColumn<DocumentFile>[] = [
    {
      key: 'name',
      header: t('deviceRecords.documents.columns.name'),
      cellProps: { fw: 500 },
      render: (file) => file.fileName,
    },
    {
      key: 'type',
      header: t('deviceRecords.documents.columns.type'),
      render: (file) => contentTypeLabel(file.contentType),
    },
    {
      key: 'size',
      header: t('deviceRecords.documents.columns.size'),
      align: 'right',
      render: (file) => formatFileSize(t, file.size),
    },
    {
      key: 'uploadedBy',
      header: t('deviceRecords.documents.columns.uploadedBy'),
      render: (file) => file.uploadedBy ?? t('common.notSet'),
    },
    {
      key: 'uploadedAt',
      header: t('deviceRecords.documents.columns.uploadedAt'),
      render: (file) => formatMoment(file.uploadedAt),
    },
    {
      key: 'actions',
      header: t('deviceRecords.documents.columns.actions'),
      render: (file) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void opener.view(file)}
            loading={opener.pendingPath === file.pathName}
            aria-label={t('deviceRecords.documents.viewNamed', { name: file.fileName })}
          >
            {t('deviceRecords.documents.view')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void opener.download(file)}
            disabled={opener.pendingPath === file.pathName}
            aria-label={t('deviceRecords.documents.downloadNamed', { name: file.fileName })}
          >
            {t('deviceRecords.documents.download')}
          </Button>
          {canEdit && (
            <ConfirmDeleteButton
              label={t('deviceRecords.documents.delete')}
              accessibleName={t('deviceRecords.documents.deleteNamed', { name: file.fileName })}
              confirmMessage={t('deviceRecords.documents.deleteConfirm', { name: file.fileName })}
              onDelete={() => remove.mutateAsync(file.id)}
              successMessage={t('deviceRecords.documents.deleted')}
              failureMessage={t('deviceRecords.documents.deleteError')}
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <section aria-labelledby="device-document-details">
        <Title order={3} size="h5" mb="xs" id="device-document-details">
          {t('deviceRecords.documents.detailsTitle')}
        </Title>
        <Table withTableBorder variant="vertical" layout="fixed">
          <Table.Tbody>
            {DOCUMENT_FIELDS.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" w="45%">
                  {t(`deviceRecords.documents.fields.${field}`)}
                </Table.Th>
                <Table.Td>
                  {documents.fields[field] ?? (
                    <Text span c="dimmed" size="sm">
                      {t('deviceRecords.documents.notGiven')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <section aria-labelledby="device-document-files">
        <Title order={3} size="h5" mb="xs" id="device-document-files">
          {t('deviceRecords.documents.filesTitle')}
        </Title>
        {documents.files.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('deviceRecords.documents.noFiles')}
          </Text>
        ) : (
          <DataTable
            columns={columns}
            rows={documents.files}
            getRowKey={(file) => file.id}
            caption={t('deviceRecords.documents.caption', {
              count: documents.files.length,
              limit: MAX_DOCUMENTS_PER_DEVICE,
            })}
            minWidth={760}
          />
        )}
      </section>
      {opener.preview && <PreviewPanel preview={opener.preview} onClose={opener.closePreview} />}
    </Stack>
  );
}

/** An image document shown in the dialog. */
export function PreviewPanel({ preview, onClose }: { preview: DocumentPreview; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t('deviceRecords.documents.preview', { name: preview.fileName });
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0} aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Text component="figcaption" size="sm" fw={500}>
          {title}
        </Text>
        <CloseButton onClick={onClose} aria-label={t('deviceRecords.documents.closePreview')} />
      </Group>
      <Image src={preview.url} alt={title} fit="contain" mah={480} />
    </Paper>
  );
}
