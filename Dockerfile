# The image: the folder `npm run release` makes (docs/operations.md), run by an unprivileged
# account with only /data writable. Its steps are the release script's, which
# src/server/release.built.test.ts runs outside a container the way this image runs it.

# ---- build: every dependency, the build, then the release folder ----
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release -- /release

# ---- runtime: the release folder only (build, migrations, production dependencies) ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /release /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1: it receives SIGTERM and drains (SHUTDOWN_DRAIN_SECONDS), no shell between.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
