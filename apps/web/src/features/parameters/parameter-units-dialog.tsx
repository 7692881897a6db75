import { Alert, Badge, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { Parameter } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';
import { useParameterUnits } from './api/get-parameter-units';

/** Enough digits for ppm ↔ mg/Nm³ factors without showing float noise. */
const formatFactor = (value: number) => String(Number(value.toPrecision(6)));

/**
 * A parameter's standard unit, the units the CPCB and state boards take it in,
 * and every unit its readings may arrive in with the factor to the standard unit.
 */
export function ParameterUnitsDialog({
  parameter,
  onClose,
}: {
  parameter: Parameter | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const units = useParameterUnits(parameter?.id ?? null);
  const data = units.data;

  return (
    <Modal
      opened={parameter !== null}
      onClose={onClose}
      title={t('parameters.units.title', { label: parameter?.label ?? '' })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {units.isPending ? (
        // A loader is a picture: the words say what loads, and aria-busy marks the wait.
        <Group justify="center" gap="xs" p="lg" role="status" aria-busy>
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('parameters.units.loading')}</Text>
        </Group>
      ) : units.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('parameters.units.loadError')}
        </Alert>
      ) : data && data.units.length === 0 ? (
        <Text size="sm">{t('parameters.units.noUnit')}</Text>
      ) : data ? (
        <Stack gap="sm">
          <Text size="sm">
            {data.molecularWeight !== null
              ? t('parameters.units.molecularWeight', { value: formatNumber(data.molecularWeight) })
              : t('parameters.units.noMolecularWeight')}
          </Text>
          <Table striped withTableBorder>
            <Table.Caption>{t('parameters.units.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('parameters.units.unit')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('parameters.units.factor', { unit: data.units.find((u) => u.isStandard)?.label ?? '' })}
                </Table.Th>
                <Table.Th scope="col">{t('parameters.units.usedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.units.map((unit) => (
                <Table.Tr key={unit.code}>
                  <Table.Th scope="row" fw={unit.isStandard ? 600 : 400}>
                    {unit.label}
                  </Table.Th>
                  <Table.Td ta="right" ff="monospace">
                    {formatFactor(unit.toStandard)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {unit.isStandard && <Badge size="sm">{t('parameters.units.standard')}</Badge>}
                      {unit.isCpcb && (
                        <Badge size="sm" variant="light" color="teal">
                          CPCB
                        </Badge>
                      )}
                      {unit.isSpcb && (
                        <Badge size="sm" variant="light" color="grape">
                          SPCB
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Modal>
  );
}
