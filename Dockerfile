# syntax=docker/dockerfile:1
#
# One image for every Node process of the platform (gateway and the five services); the
# command is chosen per container, e.g. `node services/auth/dist/main.js` (see
# docker-compose.yml). The web app is built here too and served by the gateway from web/dist.
#
#   docker build -t bakery-wholesale .
#   docker run --rm bakery-wholesale node services/catalog/dist/main.js

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- manifests: only package.json files, the lock file and .npmrc -----------------------------
# `npm ci` needs every workspace's package.json, and listing them one by one in COPY would break
# whenever a workspace is added. So copy the whole context and delete everything else: this stage
# reruns on any change, but its output only changes when dependencies do, so the `npm ci` layers
# below stay cached across source edits.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -mindepth 1 -depth -type d -empty -delete

# ---- build: all dependencies, then `nx run-many -t build` over the whole workspace -------------
FROM ${NODE_IMAGE} AS build
# No Nx daemon or Nx Cloud inside a one-shot image build.
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    CI=true
WORKDIR /src
COPY --from=manifests /src ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build
# Gather just the build outputs (dist of every workspace that has one, including web/dist), laid
# out like the repository, so the runtime stage copies them in one step.
RUN mkdir /out \
 && for ws in libs/* services/* gateway web tools/*; do \
      if [ -d "$ws/dist" ]; then mkdir -p "/out/$ws" && cp -R "$ws/dist" "/out/$ws/"; fi; \
    done \
 && find /out -name '*.tsbuildinfo' -delete

# ---- runtime: production dependencies + compiled output, as the non-root `node` user ----------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# A fresh `npm ci --omit=dev` rather than pruning the build stage's node_modules: no compilers,
# Nx, Vite or test tools end up in the image. npm recreates the workspace links
# (node_modules/@bakery/* -> libs/*, tools/*, ...), which is why the manifests come first.
COPY --from=manifests /src ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev
COPY --from=build /out ./
# The app files stay owned by root (read-only for the process); only /data is writable, for the
# gateway's local object storage (OBJECT_STORAGE_DRIVER=local, OBJECT_STORAGE_DIR=/data/objects).
# A named volume mounted there inherits this ownership.
RUN mkdir -p /data/objects && chown -R node:node /data
USER node
# The gateway's port; the services only talk to NATS and Postgres.
EXPOSE 3000
CMD ["node", "gateway/dist/main.js"]
