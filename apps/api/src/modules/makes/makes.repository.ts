import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Make, MakeBody, MakeType, Model, ModelParameter, ModelType, ModelTypeBody } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { makes, modelParameters, models, modelTypes, parameters } from '../../db/schema/index.js';

const DELETED = 'DELETED';

// ---------------------------------------------------------------------------
// Makes
// ---------------------------------------------------------------------------

const makeColumns = {
  id: makes.id,
  name: makes.name,
  type: makes.type,
  // A make has a few dozen models at most: counted with the make's row. (Written out: in a query of
  // one table drizzle leaves its columns unqualified, which the subquery would take for its own.)
  modelCount: sql<number>`(select count(*)::int from "models" m where m."make_id" = "makes"."id" and m."status" <> 'DELETED')`,
  version: makes.version,
};

/** Makes not deleted, by name; only those of `type` when given. */
export async function findMakes(exec: Executor, type?: MakeType): Promise<Make[]> {
  return exec
    .select(makeColumns)
    .from(makes)
    .where(and(ne(makes.status, DELETED), type === undefined ? undefined : eq(makes.type, type)))
    .orderBy(asc(sql`lower(${makes.name})`), asc(makes.type), asc(makes.id));
}

/** A make not deleted. */
export async function findMake(exec: Executor, id: number): Promise<Make | undefined> {
  const [row] = await exec
    .select(makeColumns)
    .from(makes)
    .where(and(eq(makes.id, id), ne(makes.status, DELETED)));
  return row;
}

/** A make not deleted, its row locked for the rest of the transaction (models are added to it). */
export async function lockMake(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .select({ id: makes.id })
    .from(makes)
    .where(and(eq(makes.id, id), ne(makes.status, DELETED)))
    .for('update');
  return rows.length > 0;
}

export async function insertMake(exec: Executor, values: Omit<MakeBody, 'version'>): Promise<number> {
  const [row] = await exec
    .insert(makes)
    .values({ name: values.name, type: values.type })
    .returning({ id: makes.id });
  return row!.id;
}

/** Changes the make when it is still at `version`; false when it is not (or is gone). */
export async function updateMake(
  exec: Executor,
  id: number,
  version: number,
  values: Omit<MakeBody, 'version'>,
): Promise<boolean> {
  const rows = await exec
    .update(makes)
    .set({
      name: values.name,
      type: values.type,
      version: sql`${makes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(makes.id, id), eq(makes.version, version), ne(makes.status, DELETED)))
    .returning({ id: makes.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------

const modelColumns = {
  id: models.id,
  name: models.name,
  modelType: models.modelType,
  makeId: makes.id,
  makeName: makes.name,
  makeType: makes.type,
  parameterIds: sql<
    number[]
  >`coalesce((select array_agg(${modelParameters.parameterId} order by ${modelParameters.parameterId}) from ${modelParameters} where ${modelParameters.modelId} = ${models.id}), '{}')`,
  version: models.version,
};

type ModelRow = Omit<Model, 'make'> & { makeId: number; makeName: string; makeType: Model['make']['type'] };

const toModel = ({ makeId, makeName, makeType, ...row }: ModelRow): Model => ({
  ...row,
  parameterIds: row.parameterIds.map(Number),
  make: { id: makeId, name: makeName, type: makeType },
});

async function selectModels(exec: Executor, where: SQL | undefined): Promise<Model[]> {
  const rows = await exec
    .select(modelColumns)
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(ne(models.status, DELETED), ne(makes.status, DELETED), where))
    .orderBy(asc(sql`lower(${models.name})`), asc(models.id));
  return rows.map(toModel);
}

/** The models of a make not deleted, by name. */
export function findModelsOfMake(exec: Executor, makeId: number): Promise<Model[]> {
  return selectModels(exec, eq(models.makeId, makeId));
}

/** A model not deleted, of a make not deleted. */
export async function findModel(exec: Executor, id: number): Promise<Model | undefined> {
  const [model] = await selectModels(exec, eq(models.id, id));
  return model;
}

export interface ModelValues {
  name: string;
  makeId: number;
  modelType: string | null;
}

export async function insertModel(exec: Executor, values: ModelValues): Promise<number> {
  const [row] = await exec.insert(models).values(values).returning({ id: models.id });
  return row!.id;
}

/** Changes the model when it is still at `version`; false when it is not (or is gone). */
export async function updateModel(
  exec: Executor,
  id: number,
  version: number,
  values: ModelValues,
): Promise<boolean> {
  const rows = await exec
    .update(models)
    .set({ ...values, version: sql`${models.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(models.id, id), eq(models.version, version), ne(models.status, DELETED)))
    .returning({ id: models.id });
  return rows.length > 0;
}

/** Replaces the parameters the model measures. */
export async function setModelParameters(exec: Executor, modelId: number, parameterIds: readonly number[]) {
  await exec.delete(modelParameters).where(eq(modelParameters.modelId, modelId));
  if (parameterIds.length > 0) {
    await exec.insert(modelParameters).values(parameterIds.map((parameterId) => ({ modelId, parameterId })));
  }
}

/** The catalogue parameters (not deleted) a model measures, by label. */
export async function findModelParameters(exec: Executor, modelId: number): Promise<ModelParameter[]> {
  return exec
    .select({
      id: parameters.id,
      name: parameters.name,
      label: parameters.label,
      mtype: parameters.mtype,
      stdUnit: parameters.stdUnit,
      isCounter: parameters.isCounter,
    })
    .from(modelParameters)
    .innerJoin(parameters, eq(parameters.id, modelParameters.parameterId))
    .where(and(eq(modelParameters.modelId, modelId), ne(parameters.status, DELETED)))
    .orderBy(asc(sql`lower(${parameters.label})`), asc(parameters.id));
}

/** Of `ids`, the parameters of the catalogue not deleted (locked against a delete until the transaction ends). */
export async function findActiveParameterIds(exec: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: parameters.id })
    .from(parameters)
    .where(and(inArray(parameters.id, [...ids]), ne(parameters.status, DELETED)))
    .for('share');
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------
// Model types
// ---------------------------------------------------------------------------

const modelTypeColumns = {
  id: modelTypes.id,
  type: modelTypes.type,
  description: modelTypes.description,
  modelCount: sql<number>`(select count(*)::int from "models" m where lower(m."model_type") = lower("model_types"."type") and m."status" <> 'DELETED')`,
  status: modelTypes.status,
  version: modelTypes.version,
};

/** Model types not deleted, by type. */
export async function findModelTypes(exec: Executor): Promise<ModelType[]> {
  return exec
    .select(modelTypeColumns)
    .from(modelTypes)
    .where(ne(modelTypes.status, DELETED))
    .orderBy(asc(sql`lower(${modelTypes.type})`), asc(modelTypes.id));
}

/** A model type not deleted. */
export async function findModelType(exec: Executor, id: number): Promise<ModelType | undefined> {
  const [row] = await exec
    .select(modelTypeColumns)
    .from(modelTypes)
    .where(and(eq(modelTypes.id, id), ne(modelTypes.status, DELETED)));
  return row;
}

/** The model type (not deleted) named `type` whatever its case: its name as stored. */
export async function findModelTypeName(exec: Executor, type: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ type: modelTypes.type })
    .from(modelTypes)
    .where(and(eq(sql`lower(${modelTypes.type})`, type.toLowerCase()), ne(modelTypes.status, DELETED)))
    .for('share');
  return row?.type;
}

export async function insertModelType(
  exec: Executor,
  values: Omit<ModelTypeBody, 'version'>,
): Promise<number> {
  const [row] = await exec
    .insert(modelTypes)
    .values({ type: values.type, description: values.description })
    .returning({ id: modelTypes.id });
  return row!.id;
}

/**
 * Changes the model type when it is still at `version` (false otherwise); a
 * new name is carried to the models of the old one in the same transaction.
 */
export async function updateModelType(
  exec: Executor,
  current: Pick<ModelType, 'id' | 'type'>,
  version: number,
  values: Omit<ModelTypeBody, 'version'>,
): Promise<boolean> {
  const rows = await exec
    .update(modelTypes)
    .set({
      type: values.type,
      description: values.description,
      version: sql`${modelTypes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(modelTypes.id, current.id), eq(modelTypes.version, version), ne(modelTypes.status, DELETED)),
    )
    .returning({ id: modelTypes.id });
  if (rows.length === 0) return false;
  if (values.type !== current.type) {
    await exec
      .update(models)
      .set({ modelType: values.type, version: sql`${models.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(eq(sql`lower(${models.modelType})`, current.type.toLowerCase()), ne(models.status, DELETED)),
      );
  }
  return true;
}
