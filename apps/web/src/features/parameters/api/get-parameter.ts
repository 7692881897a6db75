import { parameterSchema, type Parameter } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';

/** `GET /api/parameters/{id}`: the current version of one parameter, e.g. after a conflict. */
export function getParameter(id: number, signal?: AbortSignal): Promise<Parameter> {
  return apiClient.get(`/parameters/${id}`, { schema: parameterSchema, signal });
}
