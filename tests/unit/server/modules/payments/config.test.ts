/** PayPal settings: the simulator without credentials, sandbox or live with them, clear errors otherwise. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../../src/server/config.ts';
import { paypalBrowserConfig } from '../../../../../src/server/modules/payments/routes.ts';

const credentials = { PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret' };

describe('PayPal configuration', () => {
  it('uses the local simulator without credentials, and tells the browser to load its SDK', () => {
    const config = loadConfig({});
    expect(config.paypal).toMatchObject({ mode: 'simulator', apiBaseUrl: null, timeoutMs: 10_000 });
    expect(config.paymentTimeoutMs).toBe(30 * 60_000);
    expect(config.reconcileIntervalMs).toBe(60_000);
    expect(paypalBrowserConfig(config.paypal)).toEqual({ mode: 'simulator', clientId: 'sim-client-id', sdkBaseUrl: '/paypal-sim/sdk/js', environment: 'sandbox', intent: 'capture' });
  });

  it('uses the sandbox with credentials, and live when told', () => {
    const sandbox = loadConfig({ ...credentials, PAYPAL_WEBHOOK_ID: 'WH-123456' });
    expect(sandbox.paypal).toMatchObject({ mode: 'sandbox', apiBaseUrl: 'https://api-m.sandbox.paypal.com', clientId: credentials.PAYPAL_CLIENT_ID, webhookId: 'WH-123456' });
    expect(paypalBrowserConfig(sandbox.paypal)).toMatchObject({ sdkBaseUrl: null, environment: 'sandbox' });
    const live = loadConfig({ ...credentials, PAYPAL_ENV: 'live' });
    expect(live.paypal).toMatchObject({ mode: 'live', apiBaseUrl: 'https://api-m.paypal.com' });
    expect(paypalBrowserConfig(live.paypal).environment).toBe('production');
  });

  it('refuses half the credentials, sandbox without them, and production without real PayPal', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: credentials.PAYPAL_CLIENT_ID })).toThrow(/set both/);
    expect(() => loadConfig({ PAYPAL_ENV: 'live' })).toThrow(ConfigError);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example', PUBLIC_SITE_URL: 'https://shop.example' };
    expect(() => loadConfig(production)).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ ...production, ...credentials })).toThrow(/PAYPAL_WEBHOOK_ID/);
    expect(loadConfig({ ...production, PAYPAL_ENV: 'simulator' }).paypal.mode).toBe('simulator');
    expect(() => loadConfig({ ORDER_PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/ORDER_PAYMENT_TIMEOUT_MINUTES/);
  });
});
