# The forwarder back office as one container: API, hub and web client on $PORT.
# Configured only through the variables of .env.example (docker-compose.yml passes them).
# Three stages: `build` compiles with every dependency; `deps` installs the production dependencies alone;
# the image takes the built output and those, and nothing else (no sources, no dev tools, no embedded
# PostgreSQL: the container always runs on DATABASE_URL). docs/operations.md, "The image", gives its size.

# --- build: the three workspaces, with dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /app
# what `npm ci`'s postinstall needs (Prisma client, the domain package, the API types), before the rest
COPY package.json package-lock.json prisma.config.ts ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages packages
COPY scripts scripts
COPY prisma prisma
COPY openapi openapi
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: production dependencies of the server only. --omit=optional leaves out the embedded PostgreSQL's
# binaries (optional dependencies of embedded-postgres); --ignore-scripts: the postinstall builds, done above
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund -w backend -w @forwarder/domain \
 && npm cache clean --force

# --- the image
FROM node:20-bookworm-slim
# PostgreSQL's client tools for db:backup and db:restore (pg_dump 15: the compose database is PostgreSQL 15)
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads BACKUP_DIR=/data/backups MASTER_KEY_FILE=/data/keys/master.key WEB_DIR=/app/frontend/dist
# the server's process settings of scripts/lib/server-runtime.mjs (RSS at rest after load: docs/orders.md)
ENV MALLOC_ARENA_MAX=2
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts scripts
COPY prisma prisma
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/package.json frontend/
COPY --from=build /app/frontend/dist frontend/dist
RUN mkdir -p /data/uploads /data/backups /data/keys && chmod 700 /data/keys && chown -R node:node /data
USER node
EXPOSE 3000
VOLUME ["/data/uploads", "/data/backups", "/data/keys"]
# ready: the database answers, migrations applied, uploads writable (docs/monitoring.md); the first start
# migrates and loads the demo data, hence the long start period
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "--expose-gc", "scripts/start.mjs"]
