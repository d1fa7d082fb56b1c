/**
 * A local HTTP stand-in of PayPal's REST API for tests of the shop's real-PayPal mode (sandbox or
 * live credentials): the simulator served over HTTP by its own plugin, on a port of its own, as
 * PayPal's API is at api-m.sandbox.paypal.com. The shop reaches it through PAYPAL_API_URL
 * (`paypal.apiBaseUrl`), over the network, with the same fetch transport it uses for PayPal.
 * Every request it receives is kept, so a test can see what the shop asked PayPal.
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET, SIM_WEBHOOK_ID, type PaypalConfig } from '../../src/server/config.ts';
import { PaypalSimulator, SIM_PREFIX, simulatorPlugin } from '../../src/server/modules/payments/index.ts';

export interface PaypalStandIn {
  simulator: PaypalSimulator;
  /** PayPal's REST base URL as the shop is given it (PAYPAL_API_URL). */
  apiBase: string;
  /** What reached it: method, path and parsed JSON body. */
  requests: { method: string; path: string; body: unknown }[];
  /** The shop's PayPal settings for `mode` against this stand-in. */
  config(mode: 'sandbox' | 'live', webhookId?: string): PaypalConfig;
  close(): Promise<void>;
}

export async function startPaypalStandIn(): Promise<PaypalStandIn> {
  // The port first: the simulator writes its own address into links and webhook cert URLs.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const apiBase = `http://127.0.0.1:${port}${SIM_PREFIX}`;
  const simulator = new PaypalSimulator(apiBase);
  simulator.setSwitches({ autoWebhooks: false });
  const requests: PaypalStandIn['requests'] = [];
  const app = Fastify({
    logger: false,
    serverFactory: (handler) => {
      server.on('request', handler);
      return server;
    },
  });
  // The plugin's routes take zod schemas, as in the shop.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preHandler', async (request) => {
    let body: unknown = request.body;
    if (typeof body === 'string' && body.startsWith('{')) body = JSON.parse(body) as unknown;
    requests.push({ method: request.method, path: request.url.slice(SIM_PREFIX.length), body });
  });
  await app.register(simulatorPlugin(simulator), { prefix: SIM_PREFIX });
  await app.ready();
  return {
    simulator,
    apiBase,
    requests,
    config: (mode, webhookId = SIM_WEBHOOK_ID) => ({ mode, clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, webhookId, apiBaseUrl: apiBase, timeoutMs: 5_000 }),
    close: async () => {
      await app.close();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
