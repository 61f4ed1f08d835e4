# The exchange image: API (serving the built web client) and workers share it.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY . .
RUN npm ci --no-audit --no-fund --include=dev && npm run build
EXPOSE 8080
CMD ["npm", "start"]
