import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ALL_ENDPOINTS, API_ERRORS, endpointKey } from '@vayu/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodesOf } from '../../lib/endpoints.js';
import { startTestApp, type TestContext } from '../../test/harness.js';

type Operation = {
  operationId?: string;
  responses: Record<
    string,
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  >;
};

let t: TestContext;
let document: { paths: Record<string, Record<string, Operation>>; servers?: unknown[] };
let source: string;

beforeAll(async () => {
  t = await startTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = response.json();
});

/** `/api/parameters/:id` as OpenAPI writes it: `/api/parameters/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The codes an operation documents for one status. */
function documentedCodes(operation: Operation, status: number): string[] {
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema as
    { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } | undefined;
  return schema?.properties?.error?.properties?.code?.enum ?? [];
}

describe('the OpenAPI document', () => {
  it('passes the recommended lint rules with no error and no operationId or 4xx warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    const named = problems.filter((problem) =>
      ['operation-operationId', 'operation-4xx-response', 'operation-operationId-unique'].includes(
        problem.ruleId,
      ),
    );
    const describe = (list: typeof problems) =>
      list.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(describe(errors)).toEqual([]);
    expect(describe(named)).toEqual([]);
  });

  it('names a server and gives every defined endpoint an operationId and its error codes', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    for (const endpoint of ALL_ENDPOINTS) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, endpointKey(endpoint)).toBeDefined();
      expect(operation!.operationId).toBe(endpoint.operationId);
      for (const code of errorCodesOf(endpoint)) {
        expect(documentedCodes(operation!, API_ERRORS[code]), `${endpointKey(endpoint)} ${code}`).toContain(
          code,
        );
      }
    }
  });

  it('documents the codes an endpoint has of its own, e.g. a duplicate parameter', () => {
    const create = document.paths['/api/parameters']!.post!;
    expect(documentedCodes(create, 409)).toEqual(['PARAMETER_EXISTS']);
    expect(documentedCodes(create, 400)).toEqual(['VALIDATION_FAILED']);
    expect(documentedCodes(create, 401)).toEqual(['UNAUTHENTICATED']);
  });
});
