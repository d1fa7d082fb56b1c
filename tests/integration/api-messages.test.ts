/**
 * Failures (and the successes that say something) in the shopper's language: Accept-Language
 * zh-CN gets Chinese, anything else English, and such answers vary on Accept-Language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestShop, newEmail, newIp, signUp, visitor, type Answer, type TestShop } from './harness.ts';
import { as, findStock, guestCart, headersFor, placeOrder, plainLine, setStock, ukAddress } from './orders-support.ts';

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const NO_PRODUCT = 2_000_000_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());

function variesOnLanguage(answer: Answer) {
  expect(String(answer.headers['vary'] ?? '').toLowerCase()).toContain('accept-language');
}

describe('localised successes', () => {
  it('a product answer is in the asked language and says it varies on Accept-Language (caches keep one per language)', async () => {
    const stock = await findStock(shop, 1);
    const zh = await call<{ title: string }>(shop.app, '/demo/ironProduct/queryProductDetail', { id: stock.productId }, { headers: ZH });
    const en = await call<{ title: string }>(shop.app, '/demo/ironProduct/queryProductDetail', { id: stock.productId });
    expect(zh.code).toBe('0000');
    expect(zh.data.title).not.toBe(en.data.title);
    variesOnLanguage(zh);
    variesOnLanguage(en);
  });
});

describe('a failure in zh-CN comes back in Chinese, and in English otherwise', () => {
  it('a wrong password', async () => {
    const account = await signUp(shop.app);
    const body = { username: account.email, password: 'Wrong-Pass1' };
    const zh = await call(shop.app, '/demo/permissionAuth/doLogin', body, { headers: ZH, ip: newIp() });
    expect(zh).toMatchObject({ status: 401, code: '1401', msg: '登录失败', data: null });
    variesOnLanguage(zh);
    const plain = await call(shop.app, '/demo/permissionAuth/doLogin', body, { ip: newIp() });
    expect(plain).toMatchObject({ status: 401, code: '1401', msg: 'Login failed' });
    variesOnLanguage(plain);
    // A language the shop does not speak gets English too.
    const french = await call(shop.app, '/demo/permissionAuth/doLogin', body, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' }, ip: newIp() });
    expect(french.msg).toBe('Login failed');
  });

  it('an unknown product', async () => {
    const zh = await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: NO_PRODUCT }, { headers: { 'accept-language': 'zh' } });
    expect(zh).toMatchObject({ status: 404, code: '1404', msg: '商品不存在' });
    variesOnLanguage(zh);
    expect((await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: NO_PRODUCT })).msg).toBe('Product not found');
  });

  it('an invalid body: the field messages in Chinese, the paths as they are, and the fields in data.issues', async () => {
    const zh = await call(shop.app, '/demo/permissionAuth/doLogin', { username: ' ', password: '' }, { headers: ZH, ip: newIp() });
    expect(zh).toMatchObject({ status: 400, code: '1001', msg: '请求无效：body.username: 请输入电子邮箱; body.password: 请输入密码' });
    expect(zh.data).toEqual({
      issues: [
        { path: 'body.username', message: '请输入电子邮箱' },
        { path: 'body.password', message: '请输入密码' },
      ],
    });
    variesOnLanguage(zh);
    const plain = await call(shop.app, '/demo/permissionAuth/doLogin', { username: ' ', password: '' }, { ip: newIp() });
    expect(plain.msg).toBe('Invalid request: body.username: Please enter the Email; body.password: Please enter the Password');
    expect(plain.data).toEqual({
      issues: [
        { path: 'body.username', message: 'Please enter the Email' },
        { path: 'body.password', message: 'Please enter the Password' },
      ],
    });

    const unknownField = await call(shop.app, '/demo/ironProduct/queryList', { current: 1, userId: 5 }, { headers: ZH });
    expect(unknownField.msg).toBe('请求无效：body: 未知字段："userId"');
    expect((await call(shop.app, '/demo/ironProduct/queryList', { current: 1, userId: 5, roles: [] })).msg).toBe('Invalid request: body: Unrecognized keys: "userId", "roles"');
    // A rule no form lets through keeps its technical English only in English.
    const technical = await call(shop.app, '/demo/ironProduct/queryList', { size: 2.5 }, { headers: ZH });
    expect(technical.msg).toBe('请求无效：body.size: 取值无效');
    expect((await call(shop.app, '/demo/ironProduct/queryList', { size: 2.5 })).msg).toMatch(/^Invalid request: body\.size: \w/);
  });

  it('a field the server checks itself (a birthday in the future), like the schema’s', async () => {
    const account = await signUp(shop.app);
    const profile = { email: account.email, firstName: 'Ada', lastName: 'Lovelace', birthday: { day: 1, month: 1, year: 2999 } };
    const zh = await call(shop.app, '/demo/ironUser/updateUser', profile, { headers: { ...account.auth.headers, ...ZH } });
    expect(zh).toMatchObject({ code: '1001', msg: '请求无效：body.birthday: 日期无效', data: { issues: [{ path: 'body.birthday', message: '日期无效' }] } });
    const plain = await call(shop.app, '/demo/ironUser/updateUser', profile, account.auth);
    expect(plain).toMatchObject({ code: '1001', msg: 'Invalid request: body.birthday: Invalid date' });
  });

  it('too many requests (429), with the wait in the language too', async () => {
    const email = newEmail('throttled');
    const ip = newIp();
    let answer: Answer | undefined;
    for (let i = 0; i < 6; i++) answer = await call(shop.app, '/demo/permissionAuth/doLogin', { username: email, password: 'Wrong-Pass1' }, { headers: ZH, ip });
    expect(answer).toMatchObject({ status: 429, code: '1429' });
    expect(answer!.msg).toMatch(/^登录失败次数过多，请在 \d+ 分钟后重试$/);
    expect(answer!.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    variesOnLanguage(answer!);
    const plain = await call(shop.app, '/demo/permissionAuth/doLogin', { username: email, password: 'Wrong-Pass1' }, { ip });
    expect(plain.msg).toMatch(/^Too many failed sign-in attempts, please try again in \d+ minutes$/);
  });

  it('out of stock, adding to the cart and placing the order', async () => {
    const stock = await findStock(shop, 3, 5);
    await setStock(shop, stock, 0);
    const line = [plainLine(stock)];
    const zhAdd = await call(shop.app, '/demo/ironCartItem/saveCartItemList', line, { headers: { ...as(visitor()).headers, ...ZH } });
    expect(zhAdd).toMatchObject({ code: '1410', msg: `${stock.size} 码已售罄` });
    const enAdd = await call(shop.app, '/demo/ironCartItem/saveCartItemList', line, as(visitor()));
    expect(enAdd).toMatchObject({ code: '1410', msg: `Size ${stock.size} is sold out` });

    await setStock(shop, stock, 2);
    const cart = await guestCart(shop, [plainLine(stock, 2)]);
    await setStock(shop, stock, 1);
    const body = { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email: 'guest@example.com', address: ukAddress, shippingMethod: 'standard' };
    const zhOrder = await call(shop.app, '/demo/checkout/placeOrder', body, { headers: { ...headersFor({ visitorId: cart.visitorId }).headers, ...ZH } });
    expect(zhOrder).toMatchObject({ status: 409, code: '1410', data: { productId: stock.productId, size: stock.size, available: 1 } });
    expect(zhOrder.msg).toMatch(new RegExp(`：${stock.size} 码仅剩 1 件$`));
    variesOnLanguage(zhOrder);
    const enOrder = await placeOrder(shop, { visitorId: cart.visitorId }, body);
    expect(enOrder.msg).toMatch(new RegExp(`: only 1 left in size ${stock.size}$`));
    await setStock(shop, stock, stock.stock);
  });

  it('a refused coupon, and what the quote says about it', async () => {
    const cart = await guestCart(shop, [plainLine(await findStock(shop, 5, 6))]);
    const zh = { headers: { ...as(cart.visitorId).headers, ...ZH } };
    expect(await call(shop.app, '/demo/ironCoupon/apply', { code: 'EXPIRED', currency: 'EUR' }, zh)).toMatchObject({ code: '1409', msg: '该优惠券已过期', data: { reason: 'expired' } });
    expect(await call(shop.app, '/demo/ironCoupon/apply', { code: 'EXPIRED', currency: 'EUR' }, as(cart.visitorId))).toMatchObject({ code: '1409', msg: 'This coupon has expired' });
    const quoted = await call(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', couponCode: 'EXPIRED' }, zh);
    expect(quoted.data).toMatchObject({ coupon: { valid: false, reason: 'expired', message: '该优惠券已过期' } });
  });

  it('no session, an unknown endpoint and malformed JSON', async () => {
    const signedOut = await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', headers: ZH });
    expect(signedOut).toMatchObject({ status: 401, code: '8888', msg: '请登录' });
    const nowhere = await call(shop.app, '/demo/nothing/here', {}, { headers: ZH });
    expect(nowhere).toMatchObject({ status: 404, code: '1404', msg: '没有这个接口：POST /api/demo/nothing/here' });
    variesOnLanguage(nowhere);
    const malformed = await shop.app.inject({ method: 'POST', url: '/api/demo/ironProduct/queryList', headers: { 'content-type': 'application/json', ...ZH }, payload: '{"current": 1,' });
    expect(malformed.json()).toEqual({ code: '1002', msg: 'JSON 请求体格式错误', data: null });
    expect(malformed.headers['vary']).toMatch(/accept-language/i);
  });
});

describe('a success that says something says it in the shopper’s language', () => {
  it('"Edit Success", "Thank you for registering"', async () => {
    const account = await signUp(shop.app);
    const pwd = { password: 'Blue-Shirt9', confirmPassword: 'Blue-Shirt9' };
    const zh = await call(shop.app, '/demo/ironUser/updatePwd', pwd, { headers: { ...account.auth.headers, ...ZH } });
    expect(zh).toMatchObject({ code: '0000', msg: '修改成功', data: null });
    variesOnLanguage(zh);
    const en = await call(shop.app, '/demo/ironUser/updatePwd', { password: 'Red-Shirt77', confirmPassword: 'Red-Shirt77' }, account.auth);
    expect(en).toMatchObject({ code: '0000', msg: 'Edit Success' });
    variesOnLanguage(en);

    const registered = await call(shop.app, '/demo/ironUser/registerUser', { email: newEmail(), password: 'Gr33n-Shirt', firstName: 'Li', lastName: 'Lei' }, { headers: ZH, ip: newIp() });
    expect(registered).toMatchObject({ code: '0000', msg: '感谢您的注册' });
  });

  it('a plain success keeps "success"', async () => {
    const answer = await call(shop.app, '/demo/ironNavItems/queryList', {}, { headers: ZH });
    expect(answer).toMatchObject({ code: '0000', msg: 'success' });
  });
});

describe("the API's own rate limit", () => {
  it('says "too many requests" in the language asked for', async () => {
    const limited = await createTestShop({ rateLimitPerMinute: 1 }, { seed: false });
    try {
      await call(limited.app, '/health', undefined, { method: 'GET', headers: ZH });
      const zh = await call(limited.app, '/health', undefined, { method: 'GET', headers: ZH });
      expect(zh).toMatchObject({ status: 429, code: '1429', msg: '请求过于频繁，请稍后再试' });
      const en = await call(limited.app, '/health', undefined, { method: 'GET' });
      expect(en).toMatchObject({ status: 429, msg: 'Too many requests, please slow down' });
    } finally {
      await limited.close();
    }
  });
});
