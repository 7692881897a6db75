import { parametersEndpoints, type Parameter } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

/** The current version of one parameter, e.g. after a conflict. */
export function getParameter(id: number, signal?: AbortSignal): Promise<Parameter> {
  return callEndpoint(parametersEndpoints.getParameter, { params: { id }, signal });
}
