import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  BOARD_PROTOCOL_IDS,
  boardBodySchema,
  type Board,
  type BoardBody,
  type BoardProtocolId,
} from '@vayu/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../app/notifications';
import { NumberField, SelectField, SwitchField, TextField, RecordFormFrame } from '../../components/form';
import { useBoards, useBoardStates, useSaveBoard, useStatutoryOfState } from './api';
import { boardPath, protocolLabel, regulatorMessage, translatedResolver } from './regulator-text';
import { showRegulatorSaveError } from './save-errors';

/** What the form holds: selects as text; the domain's schema turns them into the body. */
export interface BoardFormValues {
  name: string;
  stateCode: string | null;
  /** The select's value (text); the checked body's is the number. */
  statutoryId: string | number | null;
  config: {
    protocol: BoardProtocolId;
    /** Empty: no server (nothing is sent). */
    baseUrl: string | null;
    timeoutMs: number | null;
    pushEnabled: boolean;
  };
  version?: number | undefined;
}

const FIELDS = [
  'name',
  'stateCode',
  'statutoryId',
  'config.protocol',
  'config.baseUrl',
  'config.timeoutMs',
  'config.pushEnabled',
] as const satisfies readonly FieldPath<BoardFormValues>[];

function formOf(board: Board | null): BoardFormValues {
  return {
    name: board?.name ?? '',
    stateCode: board?.stateCode ?? null,
    statutoryId: board ? String(board.statutoryId) : null,
    config: {
      protocol: board?.config.protocol ?? 'cpcb-v1',
      baseUrl: board?.config.baseUrl ?? '',
      timeoutMs: board?.config.timeoutMs ?? 30_000,
      pushEnabled: board?.config.pushEnabled ?? true,
    },
    version: board?.version,
  };
}

/** An empty server address is none: the schema takes null, not ''. */
const prepare = (values: BoardFormValues): BoardFormValues => ({
  ...values,
  config: { ...values.config, baseUrl: values.config.baseUrl?.trim() ? values.config.baseUrl : null },
});

interface BoardDialogProps {
  opened: boolean;
  /** null adds a board. */
  board: Board | null;
  onClose: () => void;
}

/** Add or edit a state's board: its state, board account, name and push settings. */
export function BoardDialog({ opened, board, onClose }: BoardDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={board ? t('regulators.boardForm.editTitle') : t('regulators.boardForm.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <BoardForm key={board?.statId ?? 'new'} board={board} onClose={onClose} />}
    </Modal>
  );
}

function BoardForm({ board, onClose }: { board: Board | null; onClose: () => void }) {
  const { t } = useTranslation();
  const states = useBoardStates();
  const boards = useBoards();
  const save = useSaveBoard();
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError, setValue } = useForm<BoardFormValues, unknown, BoardBody>({
    resolver: translatedResolver(
      zodResolver(boardBodySchema) as unknown as Resolver<BoardFormValues, unknown, BoardBody>,
      (message) => regulatorMessage(t, message),
      prepare,
    ),
    defaultValues: formOf(board),
    mode: 'onTouched',
  });
  const stateCode = useWatch({ control, name: 'stateCode' });
  const accounts = useStatutoryOfState(stateCode);

  // Another state has other board accounts: the one chosen goes with its state.
  const shownState = useRef(stateCode);
  useEffect(() => {
    if (shownState.current === stateCode) return;
    shownState.current = stateCode;
    setValue('statutoryId', null);
  }, [stateCode, setValue]);

  const reload = async () => {
    const latest = (await boards.refetch()).data?.items.find((item) => item.statId === board?.statId);
    if (!latest) return;
    shownState.current = latest.stateCode;
    reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { statId: board?.statId ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(board ? t('regulators.boardForm.updated') : t('regulators.boardForm.created'));
          onClose();
        },
        onError: (error) =>
          showRegulatorSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { BOARD_EXISTS: 'stateCode' },
            onConflict: () => setConflict(true),
            fieldFailure: t('regulators.boardForm.saveError'),
            ...(board ? {} : { otherFailure: t('regulators.boardForm.createFailed') }),
          }),
      },
    ),
  );

  const stateItems = states.data?.items ?? [];
  const hasOtherBoard = (item: { statId: number | null }) =>
    item.statId !== null && item.statId !== board?.statId;
  const stateOptions = stateItems.map((item) => ({
    value: item.code,
    label: hasOtherBoard(item) ? t('regulators.boardForm.stateHasBoard', { name: item.name }) : item.name,
  }));
  const chosenState = stateItems.find((item) => item.code === stateCode);
  const takenBy = chosenState && hasOtherBoard(chosenState) ? chosenState : null;
  const accountOptions = (accounts.data?.items ?? []).map((account) => ({
    value: String(account.id),
    label:
      account.status === 'ENABLED'
        ? account.name
        : t('regulators.boardForm.accountWithStatus', {
            name: account.name,
            status: t(`statuses.${account.status as 'ENABLED' | 'DISABLED' | 'DELETED'}`, {
              defaultValue: account.status,
            }),
          }),
  }));
  const noAccounts = stateCode !== null && accounts.isSuccess && accountOptions.length === 0;

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={boards.isFetching}
      saving={save.isPending}
      submitLabel={board ? t('regulators.save') : t('regulators.boards.add')}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="name"
        label={t('regulators.boardForm.name')}
        placeholder={t('regulators.boardForm.namePlaceholder')}
        required
        maxLength={150}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="stateCode"
          label={t('regulators.boardForm.state')}
          placeholder={t('regulators.boardForm.statePlaceholder')}
          data={stateOptions}
          searchable
          required
          loadError={states.isError ? t('regulators.boardForm.statesFailed') : undefined}
        />
        <SelectField
          control={control}
          name="statutoryId"
          label={t('regulators.boardForm.account')}
          placeholder={
            stateCode === null
              ? t('regulators.boardForm.accountChooseState')
              : t('regulators.boardForm.accountPlaceholder')
          }
          data={accountOptions}
          searchable
          required
          disabled={stateCode === null}
          loadError={accounts.isError ? t('regulators.boardForm.accountsFailed') : undefined}
        />
      </SimpleGrid>
      {takenBy && (
        <Alert color="orange" variant="light" title={t('regulators.boardForm.stateTakenTitle')}>
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('regulators.boardForm.stateTaken', { name: takenBy.name })}</Text>
            {takenBy.statId !== null && (
              <Anchor component={Link} to={boardPath(takenBy.statId)} size="sm" onClick={onClose}>
                {t('regulators.boardForm.openExisting', {
                  name: takenBy.boardAbbreviation ?? takenBy.name,
                })}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {noAccounts && (
        <Alert color="blue" variant="light">
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('regulators.boardForm.accountNone')}</Text>
            <Anchor component={Link} to="/new/tenants/statutory/0" size="sm">
              {t('regulators.boardForm.addAccount')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="config.protocol"
          label={t('regulators.boardForm.protocol')}
          data={BOARD_PROTOCOL_IDS.map((id) => ({ value: id, label: protocolLabel(t, id) }))}
          required
        />
        <NumberField
          control={control}
          name="config.timeoutMs"
          label={t('regulators.boardForm.timeout')}
          description={t('regulators.boardForm.timeoutHelp')}
          min={1000}
          max={120_000}
          step={1000}
          allowDecimal={false}
          thousandSeparator=","
          required
        />
      </SimpleGrid>
      <TextField
        control={control}
        name="config.baseUrl"
        type="url"
        label={t('regulators.boardForm.baseUrl')}
        placeholder="https://cems.example.gov.in"
        description={t('regulators.boardForm.baseUrlHelp')}
        maxLength={500}
        spellCheck={false}
      />
      <SwitchField
        control={control}
        name="config.pushEnabled"
        label={t('regulators.boardForm.pushEnabled')}
        description={t('regulators.boardForm.pushHelp')}
      />
    </RecordFormFrame>
  );
}
