// The account's control plane: API keys, webhooks (with their deliveries) and price watches, and
// the month's usage. Creating one is not retried (a repeat would make a second); reads are.
import { type Core, unwrap } from "./core.js";
import { type Options, splitCall, toQuery } from "./options.js";
import type { Body, Query } from "./query-types.js";
import type { CallOptions } from "./transport.js";

export type DeliveriesOptions = Options<Query<"/v1/webhooks/{id}/deliveries">> & CallOptions;

export function accountMethods(core: Core) {
  const { api, fetchFor } = core;
  const id = (value: string) => ({ params: { path: { id: value } } });

  const keys = {
    /** `GET /v1/keys`: the account's keys (never their secrets). */
    list: async (call: CallOptions = {}) => unwrap(await api.GET("/v1/keys", { fetch: fetchFor(call) })),
    /** `POST /v1/keys`: a new key; its `secret` is shown in this answer only. */
    create: async (body: Body<"/v1/keys"> = {}, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/keys", { body, fetch: fetchFor(call) })),
    revoke: async (keyId: string, call: CallOptions = {}) =>
      unwrap(await api.DELETE("/v1/keys/{id}", { ...id(keyId), fetch: fetchFor(call) })),
    rotate: async (keyId: string, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/keys/{id}/rotate", { ...id(keyId), fetch: fetchFor(call) })),
  };

  const webhooks = {
    list: async (call: CallOptions = {}) => unwrap(await api.GET("/v1/webhooks", { fetch: fetchFor(call) })),
    /** `POST /v1/webhooks`: `{ url, event_types }`; the signing `secret` is shown in this answer only. */
    create: async (body: Body<"/v1/webhooks">, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/webhooks", { body, fetch: fetchFor(call) })),
    get: async (webhookId: string, call: CallOptions = {}) =>
      unwrap(await api.GET("/v1/webhooks/{id}", { ...id(webhookId), fetch: fetchFor(call) })),
    delete: async (webhookId: string, call: CallOptions = {}) =>
      unwrap(await api.DELETE("/v1/webhooks/{id}", { ...id(webhookId), fetch: fetchFor(call) })),
    /** `POST /v1/webhooks/{id}/test`: a `webhook.test` event sent now. */
    test: async (webhookId: string, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/webhooks/{id}/test", { ...id(webhookId), fetch: fetchFor(call) })),
    rotate: async (webhookId: string, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/webhooks/{id}/rotate", { ...id(webhookId), fetch: fetchFor(call) })),
    deliveries: async (webhookId: string, options: DeliveriesOptions = {}) => {
      const [query, call] = splitCall(options);
      return unwrap(
        await api.GET("/v1/webhooks/{id}/deliveries", {
          params: { path: { id: webhookId }, query: toQuery(query) },
          fetch: fetchFor(call),
        }),
      );
    },
  };

  const watches = {
    list: async (call: CallOptions = {}) => unwrap(await api.GET("/v1/watches", { fetch: fetchFor(call) })),
    /** `POST /v1/watches`: a product or hotel checked on an interval, an event when its price crosses the threshold. */
    create: async (body: Body<"/v1/watches">, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/watches", { body, fetch: fetchFor(call) })),
    get: async (watchId: string, call: CallOptions = {}) =>
      unwrap(await api.GET("/v1/watches/{id}", { ...id(watchId), fetch: fetchFor(call) })),
    delete: async (watchId: string, call: CallOptions = {}) =>
      unwrap(await api.DELETE("/v1/watches/{id}", { ...id(watchId), fetch: fetchFor(call) })),
    /** `POST /v1/watches/{id}/check`: read the price now instead of at the next interval. */
    check: async (watchId: string, call: CallOptions = {}) =>
      unwrap(await api.POST("/v1/watches/{id}/check", { ...id(watchId), fetch: fetchFor(call) })),
  };

  /** `GET /v1/usage`: this month's units and this minute's requests. */
  const usage = async (call: CallOptions = {}) => unwrap(await api.GET("/v1/usage", { fetch: fetchFor(call) }));

  return { keys, webhooks, watches, usage };
}
