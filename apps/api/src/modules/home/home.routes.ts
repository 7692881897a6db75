import type { FastifyInstance } from 'fastify';
import { homeEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { HomeService } from './home.service.js';

export async function homeRoutes(app: FastifyInstance, { home }: { home: HomeService }) {
  registerEndpoints(app, homeEndpoints, {
    getHomeSummary: (_input, request) => home.getSummary(contextOf(request)),
    getHomeOverview: (_input, request) => home.getOverview(contextOf(request)),
  });
}
