/** The footer's subscription (src/stores/newsletter.ts): quiet call, each outcome named for the footer. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/errors.ts';

vi.mock('../../../src/client/shop.ts', () => ({ subscribeNewsletter: vi.fn() }));

const { subscribeNewsletter } = await import('../../../src/client/shop.ts');
const { subscribeToNewsletter } = await import('../../../src/stores/newsletter.ts');

const failure = (code: string, msg: string) => new ApiError({ code, msg, requestId: 'r' });

beforeEach(() => vi.mocked(subscribeNewsletter).mockReset());

describe('subscribing from the footer', () => {
  it('sends the address quietly (the footer shows the answer itself)', async () => {
    vi.mocked(subscribeNewsletter).mockResolvedValue({ subscribed: true });
    await expect(subscribeToNewsletter('fan@example.com')).resolves.toEqual({ ok: true });
    expect(subscribeNewsletter).toHaveBeenCalledWith('fan@example.com', { silent: true });
  });

  it('tells an address the server finds invalid from other refusals and from no answer', async () => {
    vi.mocked(subscribeNewsletter).mockRejectedValueOnce(failure('1001', 'Invalid request: body.email: The Email is invalid'));
    await expect(subscribeToNewsletter('a@b.c')).resolves.toEqual({ ok: false, reason: 'invalid' });
    vi.mocked(subscribeNewsletter).mockRejectedValueOnce(failure('1429', 'Too many sign-ups from your network, please try again in 5 minutes'));
    await expect(subscribeToNewsletter('fan@example.com')).resolves.toEqual({ ok: false, reason: 'refused', message: 'Too many sign-ups from your network, please try again in 5 minutes' });
    vi.mocked(subscribeNewsletter).mockRejectedValueOnce(failure('NETWORK', 'Could not reach the server'));
    await expect(subscribeToNewsletter('fan@example.com')).resolves.toEqual({ ok: false, reason: 'failed' });
  });
});
