# The exchange image: API (serving the built web client) and workers share it.
FROM node:20-bookworm-slim
WORKDIR /app
# pg_dump and pg_restore for `npm run ops -- backup` and `restore:drill`: Debian bookworm's client is version 15,
# the version of the compose file's Postgres.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
COPY . .
RUN npm ci --no-audit --no-fund --include=dev && npm run build
EXPOSE 8080
CMD ["npm", "start"]
