# syntax=docker/dockerfile:1
# The API server with the three web apps built in (docs/operations.md, docs/decisions/0049-image-and-compose.md).
# Node 24 runs the TypeScript sources directly (type stripping), so the image starts exactly what the tests start:
# `node apps/api/src/main.ts`. The project's own Node (the `node` devDependency) is not used here: the official
# image brings Node 24. Pin the tag to a digest in your registry for reproducible builds.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Every dependency, dev ones included, from the lock file. Only the manifests are copied first so that this layer
# is rebuilt only when a manifest or the lock changes. argon2 ships prebuilt binaries for linux x64/arm64 (glibc and
# musl), so no compiler is needed here.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/studio/package.json apps/studio/
COPY packages/brazil/package.json packages/brazil/
COPY packages/contract/package.json packages/contract/
COPY packages/fair/package.json packages/fair/
COPY packages/money/package.json packages/money/
COPY packages/slots/package.json packages/slots/
COPY packages/sports/package.json packages/sports/
RUN npm ci --no-audit --no-fund

# The player app, the back office and the slot studio (Vite), served by the API from apps/*/dist.
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: no Vite, Vitest, TypeScript, Biome, browsers or the `node` package.
FROM deps AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0
WORKDIR /app
# Owned by root and read-only to the server's user: the process cannot rewrite its own code.
# The whole /app of prod-deps: the manifests and every node_modules, the nested ones too (npm nests a workspace's
# dependency there when its version differs from the hoisted one, as apps/api/node_modules/@opentelemetry/*).
COPY --from=prod-deps /app ./
COPY packages packages
COPY apps/api/package.json apps/api/
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/studio/dist apps/studio/dist
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000 9464
# The process answers (liveness); readiness (/health/ready) is for the balancer, which stops sending while draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM goes straight to Node (no npm in between), which drains and closes (docs/operations.md).
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/src/main.ts"]
