# The product in one image: the same build and the same Node as `npm start` (docs/deploy.md).
#
# Base: node:24-slim, not a bare Debian slim. npm needs a Node to run before the project's own
# Node 24 (the npm package `node`, which `npm ci` installs) exists, and Debian's packaged
# nodejs is older than the engines the dependencies ask for. The server itself runs on the
# pinned Node from node_modules/.bin (PATH below). Not Alpine: that pinned Node, sharp and
# the bundled FFmpeg are glibc builds.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    PATH=/app/node_modules/.bin:$PATH \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What the server and `npm start` read at run time, and the TypeScript that `npm run backup` /
# `npm run restore` run through Node's type stripping. tests/e2e/server/production-install.spec.ts
# installs exactly these COPY lines in a clean folder and starts it: add a path here, not there.
COPY --from=build /app/build ./build
COPY scripts ./scripts
COPY src ./src

# Files stay root's: the server can write only to /data (and /tmp). The folders exist in the
# image so that volumes mounted on them (compose.yaml) start out owned by the server's user.
RUN mkdir -p /data/uploads /data/backups && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server command of `npm start` (its build check is moot here: the build is in the image),
# run directly so that SIGTERM reaches the server itself, not npm (about 70 MB less per instance
# too). The production-install test holds this line and ENV MALLOC_ARENA_MAX to the start script.
CMD ["node", "--max-semi-space-size=8", "--v8-pool-size=1", "build/app/main.js"]
