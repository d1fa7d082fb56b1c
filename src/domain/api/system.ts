/** Liveness, readiness and the shop's displayed facts. */
import type { HealthAnswer, ReadyAnswer, ShopConfig } from '../system.model.ts';
import { get, post, type NoRequest } from './endpoint.ts';

export const systemApi = {
  /** Touches nothing: a database outage must not make every instance look dead. */
  health: get<NoRequest, HealthAnswer>('/health'),
  /** The database answers. */
  ready: get<NoRequest, ReadyAnswer>('/ready'),
  /** What the storefront calls. */
  shopConfig: post<NoRequest, ShopConfig>('/demo/shop/config'),
  /** The same, for a browser's address bar or curl. */
  shopConfigRead: get<NoRequest, ShopConfig>('/demo/shop/config'),
};
