import { createApp } from "./app";

export { RateLimiter } from "./durable/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    console.log(JSON.stringify({ event: "cron", cron: controller.cron, scheduled_time: controller.scheduledTime }));
  },
} satisfies ExportedHandler<Env>;
