import {
  getParameterUnits,
  UNITS,
  type DeviceProfile,
  type FieldError,
  type ProfileBody,
  type ProfileType,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  deleteProfile,
  findActiveParameters,
  findModelTypeName,
  findProfile,
  findProfilesPage,
  findUsableModel,
  insertProfile,
  updateProfile,
  type ProfileValues,
} from './device-profiles.repository.js';

const PROFILE_EXISTS = 'A device profile with this name already exists.';
const KNOWN_UNITS = new Set<string>(UNITS.map((unit) => unit.code));

const profileTaken = () =>
  new AppError('PROFILE_EXISTS', PROFILE_EXISTS, [
    { path: 'name', message: PROFILE_EXISTS, code: 'FIELD_TAKEN' },
  ]);

/** Runs a write; the unique index on active names refusing it is PROFILE_EXISTS. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (caught) {
    if (isUniqueViolation(caught)) throw profileTaken();
    throw caught;
  }
}

/**
 * The profile's values once its model, device type, parameters and units are
 * checked against what is stored: every problem found is one field detail,
 * all of them in one 400.
 */
async function profileValuesOf(exec: Executor, body: ProfileBody): Promise<ProfileValues> {
  const details: FieldError[] = [];
  const wrong = (path: string, message: string) => details.push({ path, message, code: 'FIELD_INVALID' });

  if (body.modelId !== null) {
    const model = await findUsableModel(exec, body.modelId);
    if (!model) wrong('modelId', 'Choose a model that exists.');
    // A profile of a kind of make takes a model of that kind; a custom one any model.
    else if (body.type !== 'custom' && model.makeType !== body.type) {
      wrong('modelId', `Choose a model of a ${body.type} make.`);
    }
  }

  let deviceType: string | null = null;
  if (body.deviceType !== null) {
    const stored = await findModelTypeName(exec, body.deviceType);
    if (stored) deviceType = stored;
    else wrong('deviceType', 'Choose a device type of the model type master.');
  }

  const found = new Map(
    (
      await findActiveParameters(
        exec,
        body.params.map((row) => row.parameterId),
      )
    ).map((parameter) => [parameter.id, parameter]),
  );
  body.params.forEach((row, index) => {
    const parameter = found.get(row.parameterId);
    if (!parameter) {
      wrong(`params.${index}.parameterId`, `Parameter ${row.parameterId} does not exist in the catalogue.`);
      return;
    }
    if (row.unit === null) return;
    if (!KNOWN_UNITS.has(row.unit)) {
      wrong(`params.${index}.unit`, `"${row.unit}" is not a known unit.`);
      return;
    }
    // A parameter with a standard unit is read in the units that convert to it, and only those.
    const allowed = getParameterUnits(parameter).units.map((unit) => unit.code);
    if (allowed.length > 0 && !allowed.includes(row.unit)) {
      wrong(`params.${index}.unit`, `${parameter.label} is not measured in ${row.unit}.`);
    }
  });
  if (details.some((detail) => detail.path.startsWith('params.'))) {
    details.push({
      path: 'params',
      message: 'Some parameter rows name a parameter or unit that cannot be used.',
      code: 'FIELD_INVALID',
    });
  }

  if (details.length > 0) throw badRequest('The profile has invalid fields.', details);
  const { version: _version, ...values } = body;
  return { ...values, deviceType };
}

/**
 * Device profiles are platform masters: every signed-in user reads them, the
 * endpoints let only site users write them. Each write is audited in its
 * transaction.
 */
export function createDeviceProfilesService({ db }: { db: Database }) {
  async function existingProfile(exec: Executor, id: number) {
    const profile = await findProfile(exec, id);
    if (!profile) throw notFound('Device profile');
    return profile;
  }

  return {
    /** The `offset`th to the (offset + page size)th profile by name; empty past the end. */
    async listProfiles(_ctx: RequestContext, type: ProfileType | 'all', offset: number) {
      return { items: await findProfilesPage(db, type, offset), offset };
    },

    async createProfile(ctx: RequestContext, body: ProfileBody): Promise<DeviceProfile> {
      return withUniqueName(() =>
        db.transaction(async (tx) => {
          const id = await insertProfile(tx, await profileValuesOf(tx, body));
          const profile = (await findProfile(tx, id))!;
          await recordAudit(tx, ctx, {
            entity: 'device_profile',
            entityId: id,
            action: 'CREATE',
            oldValue: null,
            newValue: profile,
          });
          return profile;
        }),
      );
    },

    async updateProfile(
      ctx: RequestContext,
      id: number,
      body: ProfileBody & { version: number },
    ): Promise<DeviceProfile> {
      return withUniqueName(() =>
        db.transaction(async (tx) => {
          const current = await existingProfile(tx, id);
          const values = await profileValuesOf(tx, body);
          if (!(await updateProfile(tx, id, body.version, values))) throw staleVersion();
          const profile = (await findProfile(tx, id))!;
          await recordAudit(tx, ctx, {
            entity: 'device_profile',
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: profile,
          });
          return profile;
        }),
      );
    },

    /** Marks the profile deleted; with `version`, only when nobody changed it since. */
    async deleteProfile(ctx: RequestContext, id: number, version: number | undefined): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await existingProfile(tx, id);
        if (!(await deleteProfile(tx, id, version ?? current.version))) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'device_profile',
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: null,
        });
      });
    },
  };
}

export type DeviceProfilesService = ReturnType<typeof createDeviceProfilesService>;
