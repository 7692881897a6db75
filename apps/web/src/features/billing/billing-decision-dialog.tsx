import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { PaymentDecision } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';

/** What a site administrator decides on: an invoice or a payment awaiting approval. */
export interface DecisionTarget {
  decision: PaymentDecision;
  /** The question, naming the invoice or payment ("Approve the payment of invoice VY/2026-27/00042?"). */
  question: string;
  /** Sends the decision with the remark ('' for none); rejects with the API's error. */
  decide: (remark: string) => Promise<unknown>;
}

const REMARK_MAX = 300;

/**
 * Approve or reject, asked first, with an optional remark the industry will
 * read. "Payment status update successful." once the API has it.
 */
export function BillingDecisionDialog({
  target,
  onClose,
}: {
  target: DecisionTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        target?.decision === 'REJECTED'
          ? t('billing.decision.rejectTitle')
          : t('billing.decision.approveTitle')
      }
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {target && <DecisionForm target={target} onClose={onClose} />}
    </Modal>
  );
}

function DecisionForm({ target, onClose }: { target: DecisionTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isReject = target.decision === 'REJECTED';

  const submit = async () => {
    setIsPending(true);
    setFailure(null);
    try {
      await target.decide(remark.trim());
      notifySuccess(t('billing.decision.updated'));
      onClose();
    } catch (error) {
      const message = getErrorMessage(t, error);
      notifyFailure(message);
      setFailure(message);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{target.question}</Text>
        <Textarea
          label={t('billing.decision.remark')}
          description={t('billing.decision.remarkHelp')}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={REMARK_MAX}
          autosize
          minRows={2}
          data-autofocus
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" color={isReject ? 'red' : undefined} loading={isPending}>
            {isReject ? t('billing.decision.reject') : t('billing.decision.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
