import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { PROFILE_PAGE_SIZE, type DeviceProfile, type ProfileBody, type ProfileType } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { deviceProfiles, makes, models, modelTypes, parameters } from '../../db/schema/index.js';

const DELETED = 'DELETED';

/** What a profile's row stores: the body without its version, the model type's name as the master spells it. */
export type ProfileValues = Omit<ProfileBody, 'version'>;

const profileColumns = {
  id: deviceProfiles.id,
  name: deviceProfiles.name,
  description: deviceProfiles.description,
  type: deviceProfiles.type,
  deviceType: deviceProfiles.deviceType,
  params: deviceProfiles.params,
  status: deviceProfiles.status,
  version: deviceProfiles.version,
  updatedAt: deviceProfiles.updatedAt,
  modelId: models.id,
  modelName: models.name,
  makeId: makes.id,
  makeName: makes.name,
};

/**
 * Profiles not deleted with their model and make (a model deleted since still
 * names itself), in list order: by name whatever its case, then id.
 */
async function selectProfiles(
  exec: Executor,
  where: SQL | undefined,
  page?: { offset: number; limit: number },
): Promise<DeviceProfile[]> {
  const query = exec
    .select(profileColumns)
    .from(deviceProfiles)
    .leftJoin(models, eq(models.id, deviceProfiles.modelId))
    .leftJoin(makes, eq(makes.id, models.makeId))
    .where(and(ne(deviceProfiles.status, DELETED), where))
    .orderBy(asc(sql`lower(${deviceProfiles.name})`), asc(deviceProfiles.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;

  // The catalogue's names and labels of every parameter the rows list, in one query.
  const ids = [...new Set(rows.flatMap((row) => row.params.map((param) => param.parameterId)))];
  const catalogue = new Map(
    ids.length === 0
      ? []
      : (
          await exec
            .select({ id: parameters.id, name: parameters.name, label: parameters.label })
            .from(parameters)
            .where(inArray(parameters.id, ids))
        ).map((parameter) => [parameter.id, parameter]),
  );

  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    deviceType: row.deviceType,
    model:
      row.modelId === null || row.modelName === null || row.makeId === null || row.makeName === null
        ? null
        : { id: row.modelId, name: row.modelName, make: { id: row.makeId, name: row.makeName } },
    params: row.params.map((param) => {
      const found = catalogue.get(param.parameterId);
      return {
        parameterId: param.parameterId,
        name: found?.name ?? String(param.parameterId),
        label: found?.label ?? String(param.parameterId),
        unit: param.unit,
      };
    }),
    // Rows marked DELETED are never selected.
    status: row.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * One page of the profiles not deleted, of one type or all, by name: the
 * `PROFILE_PAGE_SIZE` after the first `offset`. Each list walks its own
 * partial index, (type, lower(name), id) or (lower(name), id).
 */
export function findProfilesPage(
  exec: Executor,
  type: ProfileType | 'all',
  offset: number,
): Promise<DeviceProfile[]> {
  return selectProfiles(exec, type === 'all' ? undefined : eq(deviceProfiles.type, type), {
    offset,
    limit: PROFILE_PAGE_SIZE,
  });
}

/** A profile not deleted. */
export async function findProfile(exec: Executor, id: number): Promise<DeviceProfile | undefined> {
  const [profile] = await selectProfiles(exec, eq(deviceProfiles.id, id));
  return profile;
}

/** A model not deleted of a make not deleted, with its make's type (locked against a change until the transaction ends). */
export async function findUsableModel(
  exec: Executor,
  id: number,
): Promise<{ id: number; makeType: string } | undefined> {
  const [row] = await exec
    .select({ id: models.id, makeType: makes.type })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(models.id, id), eq(models.status, 'ENABLED'), ne(makes.status, DELETED)))
    .for('share');
  return row;
}

/** The model type (not deleted) named `type` whatever its case: its name as the master spells it. */
export async function findModelTypeName(exec: Executor, type: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ type: modelTypes.type })
    .from(modelTypes)
    .where(and(eq(sql`lower(${modelTypes.type})`, type.toLowerCase()), ne(modelTypes.status, DELETED)))
    .for('share');
  return row?.type;
}

/** Of `ids`, the catalogue parameters not deleted, with what their units are worked out from. */
export async function findActiveParameters(exec: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: parameters.id,
      label: parameters.label,
      mtype: parameters.mtype,
      stdUnit: parameters.stdUnit,
    })
    .from(parameters)
    .where(and(inArray(parameters.id, [...ids]), ne(parameters.status, DELETED)))
    .for('share');
}

export async function insertProfile(exec: Executor, values: ProfileValues): Promise<number> {
  const [row] = await exec
    .insert(deviceProfiles)
    .values({
      name: values.name,
      description: values.description,
      type: values.type,
      deviceType: values.deviceType,
      modelId: values.modelId,
      params: values.params,
      status: values.status,
    })
    .returning({ id: deviceProfiles.id });
  return row!.id;
}

/** Changes the profile when it is still at `version`; false when it is not (or is gone). */
export async function updateProfile(
  exec: Executor,
  id: number,
  version: number,
  values: ProfileValues,
): Promise<boolean> {
  const rows = await exec
    .update(deviceProfiles)
    .set({
      name: values.name,
      description: values.description,
      type: values.type,
      deviceType: values.deviceType,
      modelId: values.modelId,
      params: values.params,
      status: values.status,
      version: sql`${deviceProfiles.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(deviceProfiles.id, id), eq(deviceProfiles.version, version), ne(deviceProfiles.status, DELETED)),
    )
    .returning({ id: deviceProfiles.id });
  return rows.length > 0;
}

/** Marks the profile deleted when it is still at `version`; false when it is not (or is gone). */
export async function deleteProfile(exec: Executor, id: number, version: number): Promise<boolean> {
  const rows = await exec
    .update(deviceProfiles)
    .set({ status: DELETED, version: sql`${deviceProfiles.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(deviceProfiles.id, id), eq(deviceProfiles.version, version), ne(deviceProfiles.status, DELETED)),
    )
    .returning({ id: deviceProfiles.id });
  return rows.length > 0;
}
