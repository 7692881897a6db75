import type {
  Make,
  MakeBody,
  MakeType,
  Model,
  ModelBody,
  ModelParameter,
  ModelType,
  ModelTypeBody,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, fieldError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  findActiveParameterIds,
  findMake,
  findMakes,
  findModel,
  findModelParameters,
  findModelsOfMake,
  findModelType,
  findModelTypeName,
  findModelTypes,
  insertMake,
  insertModel,
  insertModelType,
  lockMake,
  setModelParameters,
  updateMake,
  updateModel,
  updateModelType,
  type ModelValues,
} from './makes.repository.js';

const MAKE_EXISTS = 'A make of this type with this name already exists.';
const MODEL_EXISTS = 'This make already has a model with this name.';
const MODEL_TYPE_EXISTS = 'A model type with this name already exists.';

/** The error of a write that hit a unique index: the record's name is taken. */
const taken = (code: 'MAKE_EXISTS' | 'MODEL_EXISTS' | 'MODEL_TYPE_EXISTS', message: string, path: string) =>
  new AppError(code, message, [{ path, message, code: 'FIELD_TAKEN' }]);

/** Runs a write; a unique index refusing it is `error`. */
async function withUniqueCheck<T>(write: () => Promise<T>, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (caught) {
    if (isUniqueViolation(caught)) throw error();
    throw caught;
  }
}

const makeTaken = () => taken('MAKE_EXISTS', MAKE_EXISTS, 'name');
const modelTaken = () => taken('MODEL_EXISTS', MODEL_EXISTS, 'name');
const modelTypeTaken = () => taken('MODEL_TYPE_EXISTS', MODEL_TYPE_EXISTS, 'type');

/**
 * Makes, models and model types describe products, not customers: every
 * signed-in user reads them; the endpoints let only site users write them.
 * Each write is audited in its transaction.
 */
export function createMakesService({ db }: { db: Database }) {
  async function existingMake(exec: Executor, id: number) {
    const make = await findMake(exec, id);
    if (!make) throw notFound('Make');
    return make;
  }

  async function existingModel(exec: Executor, id: number) {
    const model = await findModel(exec, id);
    if (!model) throw notFound('Model');
    return model;
  }

  async function existingModelType(exec: Executor, id: number) {
    const modelType = await findModelType(exec, id);
    if (!modelType) throw notFound('Model type');
    return modelType;
  }

  /** The model's values once its make, model type and parameters are checked against what is stored. */
  async function modelValuesOf(exec: Executor, body: ModelBody): Promise<ModelValues> {
    if (!(await lockMake(exec, body.makeId))) throw fieldError('makeId', 'Choose a make that exists.');
    let modelType: string | null = null;
    if (body.modelType !== null) {
      const stored = await findModelTypeName(exec, body.modelType);
      if (!stored) throw fieldError('modelType', 'Choose a model type that exists.');
      modelType = stored;
    }
    const found = new Set(await findActiveParameterIds(exec, body.parameterIds));
    const missing = body.parameterIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw fieldError(
        'parameterIds',
        `${missing.length === 1 ? 'This parameter does' : 'These parameters do'} not exist in the catalogue: ${missing.join(', ')}.`,
      );
    }
    return { name: body.name, makeId: body.makeId, modelType };
  }

  return {
    listMakes(_ctx: RequestContext, type?: MakeType): Promise<Make[]> {
      return findMakes(db, type);
    },

    getMake(_ctx: RequestContext, id: number): Promise<Make> {
      return existingMake(db, id);
    },

    async createMake(ctx: RequestContext, body: MakeBody): Promise<Make> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const id = await insertMake(tx, body);
            const make = (await findMake(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'make',
              entityId: id,
              action: 'CREATE',
              oldValue: null,
              newValue: make,
            });
            return make;
          }),
        makeTaken,
      );
    },

    async updateMake(ctx: RequestContext, id: number, body: MakeBody & { version: number }): Promise<Make> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const current = await existingMake(tx, id);
            if (!(await updateMake(tx, id, body.version, body))) throw staleVersion();
            const make = (await findMake(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'make',
              entityId: id,
              action: 'UPDATE',
              oldValue: current,
              newValue: make,
            });
            return make;
          }),
        makeTaken,
      );
    },

    async listModelsOfMake(_ctx: RequestContext, makeId: number): Promise<Model[]> {
      await existingMake(db, makeId);
      return findModelsOfMake(db, makeId);
    },

    async createModel(ctx: RequestContext, body: ModelBody): Promise<Model> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const id = await insertModel(tx, await modelValuesOf(tx, body));
            await setModelParameters(tx, id, body.parameterIds);
            const model = (await findModel(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'model',
              entityId: id,
              action: 'CREATE',
              oldValue: null,
              newValue: model,
            });
            return model;
          }),
        modelTaken,
      );
    },

    async updateModel(
      ctx: RequestContext,
      id: number,
      body: ModelBody & { version: number },
    ): Promise<Model> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const current = await existingModel(tx, id);
            const values = await modelValuesOf(tx, body);
            if (!(await updateModel(tx, id, body.version, values))) throw staleVersion();
            await setModelParameters(tx, id, body.parameterIds);
            const model = (await findModel(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'model',
              entityId: id,
              action: 'UPDATE',
              oldValue: current,
              newValue: model,
            });
            return model;
          }),
        modelTaken,
      );
    },

    async listModelParameters(_ctx: RequestContext, modelId: number): Promise<ModelParameter[]> {
      await existingModel(db, modelId);
      return findModelParameters(db, modelId);
    },

    listModelTypes(_ctx: RequestContext): Promise<ModelType[]> {
      return findModelTypes(db);
    },

    async createModelType(ctx: RequestContext, body: ModelTypeBody): Promise<ModelType> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const id = await insertModelType(tx, body);
            const modelType = (await findModelType(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'model_type',
              entityId: id,
              action: 'CREATE',
              oldValue: null,
              newValue: modelType,
            });
            return modelType;
          }),
        modelTypeTaken,
      );
    },

    async updateModelType(
      ctx: RequestContext,
      id: number,
      body: ModelTypeBody & { version: number },
    ): Promise<ModelType> {
      return withUniqueCheck(
        () =>
          db.transaction(async (tx) => {
            const current = await existingModelType(tx, id);
            if (!(await updateModelType(tx, current, body.version, body))) throw staleVersion();
            const modelType = (await findModelType(tx, id))!;
            await recordAudit(tx, ctx, {
              entity: 'model_type',
              entityId: id,
              action: 'UPDATE',
              oldValue: current,
              newValue: modelType,
            });
            return modelType;
          }),
        modelTypeTaken,
      );
    },
  };
}

export type MakesService = ReturnType<typeof createMakesService>;
