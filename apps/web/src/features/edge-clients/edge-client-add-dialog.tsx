import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  EDGE_KEY_ALLOWED_MAX,
  edgeClientCreateBodySchema,
  type EdgeClientCreateBody,
  type EdgeClientDetail,
} from '@vayu/domain';
import { useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { NumberField, TextField } from '../../components/form';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { translatedResolver } from '../cameras';
import { useCreateEdgeClient } from './api';
import { showEdgeClientSaveError } from './edge-client-form-errors';
import { edgeClientMessage } from './edge-client-text';

/** What the form holds; the domain's schema checks it and turns it into the body. */
interface AddFormValues {
  emailId: string;
  tenantId: number | null;
  keyAllowed: number | null;
}

const FIELDS = ['emailId', 'tenantId', 'keyAllowed'] as const;

export interface EdgeClientAddDialogProps {
  opened: boolean;
  /** The industry the client is for when the user has only one (an industry's own admin). */
  ownIndustry: { id: number; name: string } | null;
  /** The industry chosen in the list's filter, offered first. */
  suggestedIndustry: { id: number; name: string | undefined } | null;
  onClose: () => void;
  onCreated: (client: EdgeClientDetail) => void;
}

/** Add an edge client: its e-mail, its industry and how many keys it may hold. */
export function EdgeClientAddDialog(props: EdgeClientAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('edgeClients.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('edgeClients.close') }}
    >
      {props.opened && <AddForm {...props} />}
    </Modal>
  );
}

function AddForm({ ownIndustry, suggestedIndustry, onClose, onCreated }: EdgeClientAddDialogProps) {
  const { t } = useTranslation();
  const create = useCreateEdgeClient();
  const { control, handleSubmit, setError } = useForm<AddFormValues, unknown, EdgeClientCreateBody>({
    resolver: translatedResolver(
      zodResolver(edgeClientCreateBodySchema) as Resolver<AddFormValues, unknown, EdgeClientCreateBody>,
      (message) => edgeClientMessage(t, message),
    ),
    defaultValues: {
      emailId: '',
      tenantId: ownIndustry?.id ?? suggestedIndustry?.id ?? null,
      keyAllowed: 1,
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (client) => {
        notifySuccess(t('edgeClients.created'));
        onCreated(client);
      },
      onError: (error) =>
        showEdgeClientSaveError(error, setError, t, { fields: FIELDS, onConflict: () => undefined }),
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <TextField
          control={control}
          name="emailId"
          type="email"
          label={t('edgeClients.email')}
          placeholder={t('edgeClients.emailPlaceholder')}
          description={t('edgeClients.emailHelp')}
          required
          maxLength={254}
          spellCheck={false}
          data-autofocus
        />
        {ownIndustry ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('edgeClients.industry')}
            </Text>
            <Text size="sm">{ownIndustry.name}</Text>
          </Stack>
        ) : (
          <IndustryField control={control} suggestedName={suggestedIndustry?.name} />
        )}
        <NumberField
          control={control}
          name="keyAllowed"
          label={t('edgeClients.keyAllowed')}
          description={t('edgeClients.keyAllowedHelp', { max: EDGE_KEY_ALLOWED_MAX })}
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
          <Button type="submit" loading={create.isPending}>
            {t('edgeClients.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The industry, searched by name among those the user sees; what is wrong with it shows below it. */
function IndustryField({
  control,
  suggestedName,
}: {
  control: Control<AddFormValues, unknown, EdgeClientCreateBody>;
  suggestedName: string | undefined;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'tenantId' });
  return (
    <Stack gap={4}>
      <IndustrySearchSelect
        value={field.value ?? undefined}
        onChange={(tenantId) => field.onChange(tenantId ?? null)}
        valueLabel={suggestedName}
        width={400}
        texts={{
          label: t('edgeClients.industry'),
          placeholder: t('edgeClients.industryPlaceholder'),
          hint: t('edgeClients.industrySearchHint'),
          nothingFound: t('edgeClients.industryNothingFound'),
          searchError: t('edgeClients.industrySearchError'),
        }}
      />
      {fieldState.error?.message && (
        <Text size="xs" c="red" role="alert">
          {fieldState.error.message}
        </Text>
      )}
    </Stack>
  );
}
