import type { FastifyInstance } from 'fastify';
import { devicesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { DevicesService } from './devices.service.js';

export async function devicesRoutes(app: FastifyInstance, { devices }: { devices: DevicesService }) {
  registerEndpoints(app, devicesEndpoints, {
    listDevices: ({ query }, request) => devices.list(contextOf(request), query),
    getDevice: ({ params }, request) => devices.get(contextOf(request), params.id),
    createDevice: ({ body }, request) => devices.create(contextOf(request), body),
    updateDevice: ({ params, body }, request) => devices.update(contextOf(request), params.id, body),
    deleteDevice: ({ params, query }, request) =>
      devices.remove(contextOf(request), params.id, query.version),
    sensorIdRequired: ({ params }, request) => devices.sensorIdRequired(contextOf(request), params.id),
    checkSerialNumber: ({ body }, request) => devices.checkSerialNumber(contextOf(request), body),
    checkSensorId: ({ body }, request) => devices.checkSensorId(contextOf(request), body),
    listDeviceTypes: () => devices.deviceTypes(),
    listNdirTypes: ({ query }) => devices.ndirTypes(query.conversion),
    listDeviceVendors: () => devices.vendors(),
    createDeviceVendor: ({ body }, request) => devices.createVendor(contextOf(request), body.name),
    getUsage: ({ params }, request) => devices.usage(contextOf(request), params.tenantId),
  });
}
