import { Anchor, Button, Code, FileInput, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import {
  REGULATOR_KEY_EXTENSIONS,
  REGULATOR_KEY_KINDS,
  type RegulatorKeyFile,
  type RegulatorKeyKind,
  type RegulatorTenant,
} from '@vayu/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { describeFieldError } from '../../components/form';
import { regulatorKeyUrl, useUploadRegulatorKey } from './api';
import { formatMoment } from './regulator-text';

/** The file picker's filter: the extensions the API takes. */
export const KEY_ACCEPT = REGULATOR_KEY_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface KeyFilesDialogProps {
  /** The industry whose key files are shown; null: closed. */
  mapping: RegulatorTenant | null;
  canWrite: boolean;
  onClose: () => void;
}

/**
 * An industry's key files at its board: public, private, server and user,
 * each with its file name, fingerprint and upload time. Administrators upload
 * each (.pem or .ppk) and download the public, server and user files; a
 * private key is never offered back.
 */
export function KeyFilesDialog({ mapping, canWrite, onClose }: KeyFilesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={mapping !== null}
      onClose={onClose}
      title={mapping ? t('regulators.keys.title', { name: mapping.tenantName }) : ''}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {mapping && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('regulators.keys.intro')}
          </Text>
          {REGULATOR_KEY_KINDS.map((kind) => (
            <KeyFileCard
              key={kind}
              mappingId={mapping.id}
              kind={kind}
              file={mapping.keyFiles.find((file) => file.kind === kind) ?? null}
              canWrite={canWrite}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialogs.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface KeyFileCardProps {
  mappingId: number;
  kind: RegulatorKeyKind;
  file: RegulatorKeyFile | null;
  canWrite: boolean;
}

function KeyFileCard({ mappingId, kind, file, canWrite }: KeyFileCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const upload = useUploadRegulatorKey();
  const [chosen, setChosen] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const kindName = t(`regulators.keys.kinds.${kind}`);

  const send = () => {
    if (!chosen) {
      setFileError(t('regulators.keys.chooseFirst'));
      return;
    }
    upload.mutate(
      { id: mappingId, kind, file: chosen },
      {
        onSuccess: () => {
          notifySuccess(t('regulators.keys.uploaded', { kind: kindName }));
          setChosen(null);
          setFileError(null);
        },
        onError: (error) => {
          // The API says what is wrong with the file (its extension, its content) on the `file` field.
          const detail = isApiError(error) ? error.details.find((item) => item.path === 'file') : undefined;
          setFileError(detail ? describeFieldError(t, detail) : getErrorMessage(t, error));
          notifyFailure(t('regulators.keys.uploadError', { kind: kindName }));
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {kindName}
          </Title>
          {file && kind !== 'private' && canWrite && (
            <Anchor
              href={regulatorKeyUrl(mappingId, kind)}
              download={file.fileName}
              size="sm"
              aria-label={t('regulators.keys.downloadNamed', { kind: kindName, file: file.fileName })}
            >
              {t('regulators.keys.download')}
            </Anchor>
          )}
        </Group>
        {file ? (
          <Stack gap={4}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('regulators.keys.fileName')}:{' '}
              </Text>
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.fileName}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {t('regulators.keys.fingerprint')}:
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {file.fingerprint}
            </Code>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('regulators.keys.uploadedAt')}:{' '}
              </Text>
              {formatMoment(t, file.uploadedAt)}
            </Text>
            {kind === 'private' && (
              <Text size="xs" c="dimmed">
                {t('regulators.keys.privateNote')}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {kind === 'private' ? t('regulators.keys.privateMissing') : t('regulators.keys.none')}
          </Text>
        )}
        {canWrite && (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <FileInput
              label={t('regulators.keys.fileInput', { kind: kindName })}
              placeholder={t('regulators.keys.filePlaceholder')}
              accept={KEY_ACCEPT}
              clearable
              value={chosen}
              onChange={(next) => {
                setChosen(next);
                setFileError(null);
              }}
              error={fileError ?? undefined}
              style={{ flex: '1 1 240px', minWidth: 0 }}
            />
            <Button
              mt={24}
              variant="light"
              onClick={send}
              loading={upload.isPending}
              aria-label={t('regulators.keys.uploadNamed', { kind: kindName })}
            >
              {t('regulators.keys.upload')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
