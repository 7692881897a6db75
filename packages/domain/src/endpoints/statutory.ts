import { fromDigits } from '../fields.js';
import { z } from 'zod';
import { defineEndpoint, only } from '../endpoint.js';
import { statutoryAccountSchema, statutoryBodySchema } from '../masters.js';
import { idParamsSchema } from './common.js';

/** `POST /api/statutory/{id}`: id 0 creates a board account. */
export const statutorySaveParamsSchema = z.object({
  id: fromDigits(z.number().int().min(0)),
});

/** Statutory (pollution control board) accounts. */
export const statutoryEndpoints = {
  getStatutoryAccount: defineEndpoint({
    method: 'GET',
    path: '/api/statutory/:id',
    operationId: 'getStatutoryAccount',
    tag: 'statutory',
    summary: 'A statutory (board) account with the number of industries mapped to it',
    access: only(['site', 'statutory']),
    params: idParamsSchema,
    response: statutoryAccountSchema,
    owned: { param: 'id', kind: 'account' },
  }),
  saveStatutoryAccount: defineEndpoint({
    method: 'POST',
    path: '/api/statutory/:id',
    operationId: 'saveStatutoryAccount',
    tag: 'statutory',
    summary: 'Create (id 0) or update a statutory account',
    description:
      'Answers 201 with the new account when id is 0, and 200 with the account when it updates one (from the version the form started with).',
    access: only(['site'], ['admin']),
    params: statutorySaveParamsSchema,
    body: statutoryBodySchema,
    response: statutoryAccountSchema,
    errors: ['STALE_VERSION'],
    owned: { param: 'id', kind: 'account' },
  }),
};
