import { Button, Group, Modal, Stack } from '@mantine/core';
import { reportEmailBodySchema, type Report } from '@vayu/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { useEmailReport } from './api';
import { reportResolver, showReportSaveError } from './report-form';
import { RecipientsField } from './recipients-field';

interface EmailValues {
  recipients: string[];
}

const toCandidate = (values: EmailValues) => ({ recipients: values.recipients });

/** Mails a report to up to ten e-mails: at once when it is ready, otherwise as soon as it is. */
export function ReportEmailDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={report ? t('reports.email.title', { id: report.id }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('reports.cancel') }}
    >
      {report && <EmailForm report={report} onClose={onClose} />}
    </Modal>
  );
}

function EmailForm({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useEmailReport();
  const resolver = useMemo(() => reportResolver<EmailValues>(reportEmailBodySchema, toCandidate, t), [t]);
  const { control, handleSubmit, setError } = useForm<EmailValues>({
    resolver,
    defaultValues: { recipients: [] },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(
      { id: report.id, recipients: reportEmailBodySchema.parse(toCandidate(values)).recipients },
      {
        onSuccess: (answer) => {
          notifySuccess(
            answer.status === 'DONE' ? t('reports.email.sent') : t('reports.email.sentWhenReady'),
          );
          onClose();
        },
        onError: (error) =>
          showReportSaveError(error, setError, t, ['recipients'], t('reports.email.failed')),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <RecipientsField control={control} autoFocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('reports.email.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
