# The forwarder back office as one container: API, hub and web client on $PORT.
# Configured only through the variables of .env.example (docker-compose.yml passes them).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages packages
COPY scripts scripts
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm install
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads WEB_DIR=/app/frontend/dist
# two glibc malloc arenas instead of one per thread and core: the server's RSS at rest after load ~40 MB lower
# (docs/orders.md, bench:orders); read by glibc when the process starts, so it is set here and not in start.mjs
ENV MALLOC_ARENA_MAX=2
COPY --from=build /app /app
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
VOLUME ["/data/uploads"]
CMD ["node", "scripts/start.mjs"]
