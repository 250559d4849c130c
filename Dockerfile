# One image for every role; APP_ROLE (api | worker | all) chooses what a container runs. Its command is npm run start:prod's:
# the built server alone, production even without NODE_ENV, so it refuses the committed placeholder secrets.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# The server needs no NODE_ENV to be production; libraries (the queue board's template cache) read it.
ENV NODE_ENV=production
ARG APP_COMMIT=""
ENV APP_COMMIT=$APP_COMMIT
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
USER node
EXPOSE 3000
CMD ["node", "dist/src/main.js"]
