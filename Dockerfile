# syntax=docker/dockerfile:1
# The Vayu console: the API serving the built web app on one port.
#   docker build -t vayu .
# See compose.yaml and docs/operations.md for running it with PostgreSQL.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: all dependencies, then the web app (apps/web/dist) and the API bundle (apps/api/dist)
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# No install scripts: every native part ships prebuilt (argon2, esbuild, rollup), as on the CI machines.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build

# --- production dependencies of the API only (the bundle keeps third-party packages external)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace apps/api --include-workspace-root=false \
  && npm cache clean --force

# --- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/vayu
WORKDIR /app
# The server finds its folder by apps/api/package.json, applies apps/api/drizzle at start and
# serves apps/web/dist (next to apps/api) unless WEB_DIST_DIR says otherwise.
COPY --from=deps /app/node_modules node_modules
COPY apps/api/package.json apps/api/
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR/files holds uploaded and generated files: a volume shared by every replica.
RUN mkdir -p /var/lib/vayu/files && chown -R node:node /var/lib/vayu
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/server.js"]
