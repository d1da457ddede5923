// What every app of the API starts from: request ids, the validation hook, the error envelope, the
// per-request services, and the data routes.
import { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../db/client";
import type { AppEnv } from "../env";
import { inProcess } from "../in-process";
import { errorResponse } from "../envelope";
import { serverTiming } from "../middleware/server-timing";
import { validationHook } from "../middleware/validation";
import { withRequestId } from "../log";
import { MemoRouter } from "./memo-router";
import { registerCategories } from "./catalogue/categories";
import { registerDatasets } from "./catalogue/datasets";
import { registerPlatforms } from "./products/platforms";
import { registerProducts } from "./products/products";
import { registerPage } from "./page/page";
import { registerProductHistory } from "./products/history";
import { registerRecords } from "./catalogue/records";
import { registerRecordHistory } from "./catalogue/history";
import { registerManageDatasets } from "./catalogue/manage";
import { registerRefreshState } from "./catalogue/refresh-state";
import { registerSearch } from "./catalogue/search";
import { registerTravel } from "./travel/search";
import { registerTravelHotel } from "./travel/hotel";
import { registerTravelHotelByUrl } from "./travel/hotel-by-url";
import { registerTravelHotelsByUrl } from "./travel/hotels-by-url";
import { registerTravelHotelHistory } from "./travel/history";
import { registerTravelPlatforms } from "./travel/platforms";
import { registerUsage } from "./account/usage";

export const newRequestId = () => `req_${crypto.randomUUID().replaceAll("-", "")}`;

/**
 * The routes that read data (and manage an account's own datasets beside them). Products come last: `/v1/{platform}` would otherwise shadow every
 * one-segment route registered after it.
 */
export function registerDataRoutes(app: OpenAPIHono<AppEnv>) {
  registerDatasets(app);
  registerRecords(app);
  registerRecordHistory(app);
  registerManageDatasets(app);
  registerRefreshState(app);
  registerSearch(app);
  registerCategories(app);
  registerUsage(app);
  registerPlatforms(app);
  registerTravelPlatforms(app);
  registerTravel(app);
  registerTravelHotel(app);
  registerTravelHotelByUrl(app);
  registerTravelHotelsByUrl(app);
  registerTravelHotelHistory(app);
  registerProductHistory(app);
  registerPage(app);
  registerProducts(app);
}

/**
 * An app that answers in the envelope, with `Server-Timing` and an `X-Request-Id` on every answer
 * and the per-request services on the context (`c.get`).
 */
export function createBaseApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new MemoRouter() });
  app.use(serverTiming());
  // Always a new id of ours: hono's requestId middleware would adopt a client's `X-Request-Id`,
  // letting a caller write what our answers and log lines are traced by. A client's id is not kept.
  app.use(function ourRequestId(c, next) {
    const id = newRequestId();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    return withRequestId(id, next);
  });
  const local = inProcess(app);
  app.use(async function services(c, next) {
    c.set("db", database(c.env.DB));
    c.set("inProcess", local);
    await next();
  });
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
