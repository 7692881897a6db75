import { Code, Container, Divider, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  PUBLIC_DASHBOARD_CACHE_SECONDS,
  publicDashboardsEndpoints,
  type EndpointDefinition,
  type PublicDashboardView,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';

/** A description written for OpenAPI (Markdown): its `code` spans shown as code, the rest as text. */
function Described({ text }: { text: string }) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part));
}

/** The public API, as its definitions in the domain give it. */
const PUBLIC_ENDPOINTS: readonly EndpointDefinition[] = Object.values(publicDashboardsEndpoints).filter(
  (endpoint) => endpoint.access.kind === 'public',
);

const EXAMPLE_ID = 'q3Vh0Xb1-9mYcWkR2tZp_LsA';

const EXAMPLE_RESPONSE: PublicDashboardView = {
  industryName: 'Shree Cement Works',
  showCharts: true,
  generatedAt: '2026-11-27T10:45:12.000Z',
  points: [
    {
      name: 'Kiln stack 1',
      lastDataAt: '2026-11-27T10:44:00.000Z',
      freshness: 'LIVE',
      parameters: [
        {
          key: 'so2',
          label: 'SO2',
          unit: 'mg/Nm3',
          latest: { t: '2026-11-27T10:30:00.000Z', value: 41.5 },
          lastDataAt: '2026-11-27T10:44:00.000Z',
          freshness: 'LIVE',
          series: [
            { t: '2026-11-26T10:45:00.000Z', value: 39.2 },
            { t: '2026-11-26T11:00:00.000Z', value: 40.1 },
          ],
        },
      ],
    },
  ],
};

/** The query parameters of an endpoint, with their descriptions, from its schema. */
function queryParametersOf(endpoint: EndpointDefinition) {
  const shape = (
    endpoint.query as
      | { shape?: Record<string, { description?: string; safeParse: (v: unknown) => { success: boolean } }> }
      | undefined
  )?.shape;
  return Object.entries(shape ?? {}).map(([name, schema]) => ({
    name,
    description: schema.description ?? '',
    required: !schema.safeParse(undefined).success,
  }));
}

/**
 * `/public/api/details`: the public API documented for integrators — its
 * endpoints (from their definitions), parameters, an example, errors, rate
 * limits and caching. Open to anyone, without the console around it.
 */
export function PublicApiDetailsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('publicDashboard.api.title')} · ${t('common.appName')}`);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('publicDashboard.api.title')}</Title>
          <Text c="dimmed">{t('publicDashboard.api.intro')}</Text>
        </Stack>

        <Title order={2} size="h3">
          {t('publicDashboard.api.endpoints')}
        </Title>
        {PUBLIC_ENDPOINTS.map((endpoint) => (
          <Paper key={endpoint.operationId} withBorder radius="md" p="md" component="section">
            <Stack gap="sm">
              <Title order={3} size="h4">
                <Code fz="inherit">
                  {endpoint.method} {endpoint.path}
                </Code>
              </Title>
              <Text fw={500}>{endpoint.summary}</Text>
              {endpoint.description && (
                <Text size="sm">
                  <Described text={endpoint.description} />
                </Text>
              )}
              <Title order={4} size="h5">
                {t('publicDashboard.api.parameters')}
              </Title>
              <Table.ScrollContainer minWidth={420}>
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('publicDashboard.api.parameter')}</Table.Th>
                      <Table.Th>{t('publicDashboard.api.required')}</Table.Th>
                      <Table.Th>{t('publicDashboard.api.description')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {queryParametersOf(endpoint).map((parameter) => (
                      <Table.Tr key={parameter.name}>
                        <Table.Td>
                          <Code>{parameter.name}</Code>
                        </Table.Td>
                        <Table.Td>{parameter.required ? t('publicDashboard.api.yes') : ''}</Table.Td>
                        <Table.Td>
                          <Described text={parameter.description} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Title order={4} size="h5">
                {t('publicDashboard.api.example')}
              </Title>
              <Text size="sm" fw={500}>
                {t('publicDashboard.api.exampleRequest')}
              </Text>
              <Code block>{`curl '${origin}${endpoint.path}?publicTenantId=${EXAMPLE_ID}'`}</Code>
              <Text size="sm" fw={500}>
                {t('publicDashboard.api.exampleResponse')}
              </Text>
              <Code block style={{ maxHeight: 360, overflow: 'auto' }}>
                {JSON.stringify(EXAMPLE_RESPONSE, null, 2)}
              </Code>
            </Stack>
          </Paper>
        ))}

        <Divider />
        <Stack gap="xs" component="section">
          <Title order={2} size="h3">
            {t('publicDashboard.api.errors')}
          </Title>
          <Text size="sm">
            <Described text={t('publicDashboard.api.errorsText')} />
          </Text>
        </Stack>
        <Stack gap="xs" component="section">
          <Title order={2} size="h3">
            {t('publicDashboard.api.limits')}
          </Title>
          <Text size="sm">{t('publicDashboard.api.limitsText')}</Text>
        </Stack>
        <Stack gap="xs" component="section">
          <Title order={2} size="h3">
            {t('publicDashboard.api.caching')}
          </Title>
          <Text size="sm">
            <Described
              text={t('publicDashboard.api.cachingText', { seconds: PUBLIC_DASHBOARD_CACHE_SECONDS })}
            />
          </Text>
          <Text size="sm" c="dimmed">
            {t('publicDashboard.api.openApi')}
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
