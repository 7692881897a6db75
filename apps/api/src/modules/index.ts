import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { FileStore } from '../lib/file-store.js';
import type { Mailer } from '../lib/mailer.js';
import { partnersRoutes } from './accounts/partners.routes.js';
import { createPartnersService } from './accounts/partners.service.js';
import type { AuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { homeRoutes } from './home/home.routes.js';
import { createHomeService } from './home/home.service.js';
import { healthRoutes } from './system/health.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';

/** What the modules are built from. Each service takes only the parts it uses. */
export interface ModuleDeps {
  database: DatabaseHandle;
  db: Database;
  config: Config;
  auth: AuthService;
  mailer: Mailer;
  files: FileStore;
}

/** Every business area registers its routes here, one line each. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { db, config } = deps;
  await app.register(healthRoutes, { database: deps.database });
  await app.register(authRoutes, { auth: deps.auth, config });
  await app.register(usersRoutes, { users: createUsersService({ db }) });
  await app.register(homeRoutes, { home: createHomeService({ db }) });
  await app.register(partnersRoutes, { partners: createPartnersService({ db }) });
}
