# syntax=docker/dockerfile:1
# The shop's image: the compiled api (node dist/main.js) with the built SPA, on Node.js 24 LTS
# (the version .ci/run tests on). docs/deploy.md: environment, topology, upgrades.
#
#   docker build -t freshcart .
#   docker compose up --build          (docker-compose.yml: PostgreSQL, migrate, 2 api, Caddy)
#
# Network: the base image from its registry and packages from the npm registry, nothing else
# (no browser or binary downloads: pnpm runs no dependency's install scripts but esbuild's).

ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG PNPM_VERSION=10.34.9
RUN npm install --global --no-fund --no-audit --no-update-notifier "pnpm@${PNPM_VERSION}"
ENV PNPM_STORE_DIR=/pnpm/store \
    TURBO_TELEMETRY_DISABLED=1 \
    CI=true
WORKDIR /src

# 1. Dependencies, from the lockfile alone: this layer is reused until the lockfile changes, and
#    the pnpm store is a build cache shared by every build on the machine.
FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=freshcart-pnpm-store,target=/pnpm/store \
    pnpm fetch --store-dir /pnpm/store

# 2. The sources, installed offline from the store, then built: the api (apps/api/dist, the
#    workspace packages compiled in) and the SPA (apps/web/dist).
COPY . .
RUN --mount=type=cache,id=freshcart-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store
RUN pnpm build

# 3. The api's production dependencies only, beside its build (apps/api/package.json "files").
#    --legacy: the workspace links its packages instead of injecting them (pnpm 10).
RUN --mount=type=cache,id=freshcart-pnpm-store,target=/pnpm/store \
    pnpm --filter @shop/api deploy --prod --legacy --store-dir /pnpm/store /out

# 4. The runtime: node and the files above, nothing else; owned by root, run as `node`.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_DIST=/app/web \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /out/package.json ./package.json
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/dist ./dist
COPY --from=build /src/apps/web/dist ./web
# Only the embedded database (no DATABASE_URL; a demo) writes, and only here.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains and closes gracefully: main.ts.
# Memory (docs/benchmarks.md "Memory"): a young generation of at most 8 MB per semi-space (V8 sizes it
# from the machine's memory, 64–128 MB on a 24 GB host), and an old generation that grows by 20 %
# of what survived a full collection before the next one (V8 lets it grow up to 4×): no cap on the
# heap, so a large CSV import collects more often rather than running out of memory.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=20", "dist/main.js"]
