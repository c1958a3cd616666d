# syntax=docker/dockerfile:1
# The site's production image, for Cloud Run or any container platform (docs/deploy.md).
# Build: docker build -t arena-site .   Run: docker run -p 8080:8080 --env-file .env arena-site

# --- build: every dependency, the site built, and the image's files with production dependencies only
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The one build step, which tests/e2e/production-image.test.ts runs too: builds, checks that the
# built server imports no devDependency, and copies what the image runs into /app.
RUN node scripts/build-production.mjs /app
WORKDIR /app
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- run: the build's output on a clean base, as an unprivileged user
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: only DATA_DIR (and a mounted CONTENT_DIR) is written.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/health-check.mjs"]
CMD ["node", "scripts/serve.mjs"]
