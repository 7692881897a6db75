import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

const unitSchema = z.object({ code: z.string(), label: z.string() });
export type UnitOption = z.infer<typeof unitSchema>;

// The list may come bare or wrapped in `items`; both carry the same units.
const unitListSchema = z
  .union([z.array(unitSchema), z.object({ items: z.array(unitSchema) })])
  .transform((value) => (Array.isArray(value) ? value : value.items));

/** `GET /api/units`: the units readings may be stored in. */
export function getUnits(signal?: AbortSignal): Promise<UnitOption[]> {
  return apiClient.get('/units', { schema: unitListSchema, signal });
}

export const unitsQueryOptions = () =>
  queryOptions({
    queryKey: parameterKeys.units,
    queryFn: ({ signal }) => getUnits(signal),
    staleTime: Infinity,
  });

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
