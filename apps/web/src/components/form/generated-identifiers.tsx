import { Group, Paper, Text } from '@mantine/core';

export interface GeneratedIdentifier {
  term: string;
  value: string;
  /** Names the value for the tests (`generated-name`, `generated-key`, …). */
  testId?: string;
}

export interface GeneratedIdentifiersProps {
  /** The heading's element id, which labels the list. */
  id: string;
  title: string;
  items: GeneratedIdentifier[];
}

/**
 * The identifiers a form makes from what is typed (a parameter's name, key and
 * metric from its label), shown live as a term list under the field, with the
 * same function the server applies. Screen readers hear the changes.
 */
export function GeneratedIdentifiers({ id, title, items }: GeneratedIdentifiersProps) {
  return (
    <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
      <Text size="xs" c="dimmed" id={id}>
        {title}
      </Text>
      <dl aria-labelledby={id} aria-live="polite" style={{ margin: 0 }}>
        {items.map((item) => (
          <Group key={item.term} gap={6} wrap="nowrap">
            <Text component="dt" size="sm" fw={500}>
              {item.term}:
            </Text>
            <Text component="dd" size="sm" ff="monospace" m={0} data-testid={item.testId}>
              {item.value}
            </Text>
          </Group>
        ))}
      </dl>
    </Paper>
  );
}
