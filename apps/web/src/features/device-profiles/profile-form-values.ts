import type { DeviceProfile, ProfileType } from '@vayu/domain';

/** What the profile form holds; the domain's schema turns it into the body (ids, nulls, trimmed text). */
export interface ProfileFormValues {
  name: string;
  description: string | null;
  type: ProfileType;
  deviceType: string | null;
  /** The chosen model's id as the select holds it (a number once the schema has read it). */
  modelId: string | number | null;
  params: { parameterId: number; unit: string | null }[];
  status: 'ENABLED' | 'DISABLED';
  version?: number | undefined;
}

export function formValuesOf(profile: DeviceProfile | null): ProfileFormValues {
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    type: profile?.type ?? 'Analyser',
    deviceType: profile?.deviceType ?? null,
    modelId: profile?.model ? String(profile.model.id) : null,
    params: (profile?.params ?? []).map(({ parameterId, unit }) => ({ parameterId, unit })),
    status: profile?.status ?? 'ENABLED',
    version: profile?.version,
  };
}

/** The catalogue labels of a profile's parameters, by id. */
export const labelsOf = (profile: DeviceProfile | null) =>
  new Map((profile?.params ?? []).map((param) => [param.parameterId, param.label]));
