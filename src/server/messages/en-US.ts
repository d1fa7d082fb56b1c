/**
 * What the API says to a shopper, in English: the reference catalogue. Its keys are the message
 * ids (zh-CN.ts must have exactly these), its `{{name}}` placeholders the values each id takes
 * (checked by type when an error is raised), `_one`/`_other` endings plural forms picked by
 * `count`. Where the specification or a shared rule fixes the wording, the text is taken from
 * there rather than typed again.
 */
import { ACCOUNT_ANSWERS } from '../../domain/account.model.ts';
import { FIELD_MESSAGES } from '../../domain/field-messages.ts';
import type { Locale } from '../../domain/locale.ts';
import { ORDER_STATUS_NAMES } from '../../domain/order-status-names.ts';
import type { OrderStatus } from '../../domain/orders.model.ts';

type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}${K}`]: T[K] };

function prefixed<P extends string, T extends Record<string, string>>(prefix: P, table: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [`${prefix}${key}`, text])) as Prefixed<P, T>;
}

/** The states' one table of names (domain/order-status-names.ts) as `order.status.<state>` messages. */
export function orderStatusMessages(locale: Locale): Prefixed<'order.status.', Record<OrderStatus, string>> {
  return prefixed('order.status.', ORDER_STATUS_NAMES[locale]);
}

export const enUS = {
  // What a field of a shared schema says (domain/field-messages.ts): the wording is the schemas'.
  ...prefixed('field.', FIELD_MESSAGES),

  // Requests the API cannot take as they are.
  'request.invalid': 'Invalid request',
  'request.invalidFields': 'Invalid request: {{issues}}',
  'request.unknownKeys_one': 'Unrecognized key: {{keys}}',
  'request.unknownKeys_other': 'Unrecognized keys: {{keys}}',
  'request.invalidValue': 'invalid value',
  'request.malformedJson': 'Malformed JSON body',
  'request.unsupportedMediaType': 'Unsupported content type: send application/json',
  'request.tooLarge': 'Request body is too large',
  'request.badContentLength': 'Invalid Content-Length',
  'request.badAddress': 'Invalid address: the path is not correctly encoded',
  'request.timeout': 'The request did not arrive in time',
  'request.headersTooLarge': 'Request headers are too large',
  'request.tooMany': 'Too many requests, please slow down',
  'request.noEndpoint': 'No such endpoint: {{method}} {{path}}',
  'request.internal': 'An error occurred (request {{requestId}})',
  'server.shuttingDown': 'Shutting down',
  'server.databaseDown': 'The database does not answer',
  'server.migrationsPending': 'The database is not migrated: {{migrations}} not applied (run `npm run db:migrate`)',

  // Waits, for the throttling messages below.
  'wait.seconds_one': '{{count}} second',
  'wait.seconds_other': '{{count}} seconds',
  'wait.minutes_one': '{{count}} minute',
  'wait.minutes_other': '{{count}} minutes',
  'throttle.register': 'Too many registrations from your network, please try again in {{wait}}',
  'throttle.login': 'Too many failed sign-in attempts, please try again in {{wait}}',
  'throttle.codeCheck': 'Too many attempts, please try again in {{wait}}',
  'throttle.codeNotSent': `${ACCOUNT_ANSWERS.codeNotSent}: please wait {{wait}} before asking for another code`,
  'throttle.emailChange': 'Too many email changes, please try again in {{wait}}',
  'throttle.currentPassword': 'Too many failed attempts, please try again in {{wait}}',
  'throttle.newsletter': 'Too many sign-ups from your network, please try again in {{wait}}',
  'throttle.vitals': 'Too many performance reports from your network, please try again in {{wait}}',

  // Sessions (codes 9999, 8888, 8889, 7777; docs/api.md) and roles.
  'session.loginRequired': 'Please log in',
  'session.accessTokenExpired': 'Access token expired',
  'session.ended': 'Your session has ended, please log in again',
  'session.refreshTokenReused': 'This sign-in was used elsewhere, please log in again',
  'session.accountDisabled': ACCOUNT_ANSWERS.accountDisabled,
  'session.forbidden': 'You do not have permission to do this',

  // Accounts (docs/api.md).
  'account.loginFailed': ACCOUNT_ANSWERS.loginFailed,
  'account.resetFailed': ACCOUNT_ANSWERS.resetFailed,
  'account.codeSent': ACCOUNT_ANSWERS.codeSent,
  'account.resetSucceeded': ACCOUNT_ANSWERS.resetSucceeded,
  'account.editSucceeded': ACCOUNT_ANSWERS.editSucceeded,
  'account.registered': ACCOUNT_ANSWERS.registered,
  'account.subscribed': ACCOUNT_ANSWERS.subscribed,
  'account.disabled': 'This account is disabled, please contact us',
  'account.currentPasswordWrong': 'The current password is incorrect',
  'account.emailUnavailable': 'This Email cannot be used, please choose another one',
  'address.bookFull': 'Your address book is full ({{max}} addresses)',

  // Things looked up by id or number.
  'notFound.address': 'Address not found',
  'notFound.cartItem': 'Cart item not found',
  'notFound.country': 'Country not found',
  'notFound.image': 'Image not found',
  'notFound.order': 'Order not found',
  'notFound.payment': 'Payment not found',
  'notFound.product': 'Product not found',
  'notFound.review': 'Review not found',
  'notFound.user': 'User not found',
  'notFound.guest': 'No guest orders with this email',
  'notFound.team': 'Team not found',
  'notFound.mail': 'No such message waiting or failed (it may have been sent meanwhile)',
  'notFound.player': 'Player not found',
  'notFound.patch': 'Patch not found',
  'notFound.navItem': 'Navigation entry not found',
  'notFound.subscriber': 'Subscriber not found',
  'notFound.coupon': 'Coupon not found',

  // Cart lines.
  'cart.soldOut': 'Size {{size}} is sold out',
  'cart.onlyLeft': 'Only {{stock}} left in size {{size}}',
  'cart.sizeNotOffered': 'Size {{size}} is not offered for this product',
  'cart.notPrintable': 'This product cannot be printed with a name and number',
  'cart.playerNotInSquad': "That player is not in this team's squad list",
  'cart.patchNotFitting': 'A chosen patch does not fit this product',
  'cart.addonNotOffered': 'A chosen add-on is not offered with this product',
  'cart.lineQuantityMax': 'At most {{max}} of one item per order',
  'cart.full': 'Your cart is full ({{max}} different items)',
  'cart.lineLimit': 'At most {{max}} of this item in your cart',

  // Coupons, by the reason in data.reason (domain/coupons.schema.ts COUPON_PROBLEMS).
  'coupon.unknown': 'This coupon code does not exist',
  'coupon.personalised-excluded': 'This coupon does not apply to personalised items',
  'coupon.inactive': 'This coupon is no longer available',
  'coupon.not-started': 'This coupon is not valid yet',
  'coupon.expired': 'This coupon has expired',
  'coupon.min-spend': 'Your order does not reach the minimum spend for this coupon',
  'coupon.used-up': 'This coupon has been used up',
  'coupon.customer-limit': 'You have already used this coupon',
  'coupon.codeTaken': 'Another coupon has this code',
  'coupon.limitBelowUses': 'The coupon has been used {{used}} times already; the limit cannot be lower',

  // Checkout.
  'checkout.itemNotSold': 'An item in your cart is no longer sold; remove it to continue',
  'checkout.cartEmpty': 'Your cart is empty',
  'checkout.nothingToPay': 'This order has nothing to pay',
  'checkout.idempotencyKeyReused': 'This Idempotency-Key was already used for a different order; use a new key for a new order',
  'checkout.guestNeedsVisitorId': 'Invalid request: a guest checkout needs the X-Visitor-Id the cart was made with',
  'checkout.personalisedTerms': 'Please confirm that personalised items cannot be returned or cancelled and take 1-2 more business days',
  'checkout.soldOut': '{{name}}: size {{size}} is sold out',
  'checkout.onlyLeft': '{{name}}: only {{available}} left in size {{size}}',

  // Payments.
  'payment.declined': 'The payment was declined. Please try again with another card or PayPal account.',
  'payment.alreadyPaid': 'This order is already paid',
  'payment.orderCancelled': 'This order was cancelled and can no longer be paid',
  'payment.orderCancelledRefunded': 'This order was cancelled and can no longer be paid; the payment was refunded',
  'payment.orderExpired': 'The time to pay this order has run out; please check out again',
  'payment.underReview': 'The payment of this order is being reviewed by PayPal',
  'payment.paypalRefusedOrder': 'PayPal could not take this order; please try again later',
  'payment.paypalUnavailable': 'PayPal did not answer; please try again',
  'payment.otherOrder': 'This PayPal payment was made for another order',
  'payment.mismatch': 'This payment does not match the order',
  'payment.notApproved': 'The payment has not been approved at PayPal yet',
  'payment.refused': 'PayPal refused the payment',
  'payment.refundStatus': 'PayPal answered the refund with {{status}}',
  'webhook.notAnEvent': 'Invalid request: not a PayPal webhook event',
  'webhook.signatureMissing': 'Invalid request: the PayPal signature headers are missing',
  'webhook.signatureInvalid': 'Invalid request: the webhook signature could not be verified',

  // Order states (the back office moves them).
  'order.personalisedNoCancel': 'Personalised items cannot be cancelled or refunded once in production, unless a super admin overrides with a reason',
  'order.cannotMove': 'An order cannot move from {{from}} to {{to}}',
  // A state named in a message, as the back office shows it.
  ...orderStatusMessages('en-US'),
  // The shop's own shipment events (orders.ts writes them; a carrier's scan typed by staff stays as typed).
  'shipment.handedTo': 'Handed to {{carrier}}',
  'shipment.delivered': 'Delivered',
  // The order mails (mail/templates.ts, mail/order-mails.ts): what they say around the lines and amounts.
  'mail.greeting': 'Hello {{firstName}},',
  'mail.order.confirmed': 'Order {{orderNo}} confirmed',
  'mail.order.thanks': 'Thank you for your order! We have received the payment for order {{orderNo}}.',
  'mail.order.items': 'Items',
  'mail.order.tierDiscount': 'Multi-buy discount ({{percent}}%)',
  'mail.order.coupon': 'Coupon {{code}}',
  'mail.order.freeShipping': 'Free',
  'mail.order.total': 'Total',
  'mail.order.taxIncluded': 'incl. {{tax}}',
  'mail.order.importTaxes': 'Import taxes and duties are not included: they are paid on delivery.',
  'mail.order.shipTo': 'Shipping to:',
  'mail.order.delivery': 'Expected delivery: {{min}}-{{max}} business days.',
  'mail.order.personalised': 'Your order has personalised items: printing adds 1-2 business days, and personalised items cannot be returned or cancelled.',
  'mail.order.follow': 'See your order and follow its delivery:',
  'mail.order.see': 'See your order',
  'mail.merchant.subject': 'New order {{orderNo}}: {{total}}',
  'mail.merchant.paid': 'Order {{orderNo}} was paid: {{items}} item(s), {{total}}.',
  'mail.merchant.paidPersonalised': 'Order {{orderNo}} was paid: {{items}} item(s), {{total}}, with personalised printing.',
  'mail.merchant.customer': 'Customer: {{email}} ({{country}})',
  'mail.merchant.open': 'Open the order in the back office',
  'mail.merchant.taxIncluded': 'Tax included: {{amount}} ({{rates}})',
  'mail.merchant.taxAdded': 'Tax added: {{amount}} ({{rates}})',
  'mail.merchant.importTaxes': 'Import taxes and duties: paid by the buyer on delivery',
  // A tax's name and rate (mail, documents): "VAT 19%", "GST 5%".
  'tax.rate.VAT': 'VAT {{rate}}%',
  'tax.rate.GST': 'GST {{rate}}%',
  'tax.rate.HST': 'HST {{rate}}%',
  'tax.rate.QST': 'QST {{rate}}%',
  'tax.rate.PST': 'PST {{rate}}%',
  'tax.rate.RST': 'RST {{rate}}%',
  'tax.rate.salesTax': 'Sales tax {{rate}}%',
  // An order line in mail (mail/order-lines.ts): its size and the rows of its print.
  'mail.line.size': 'size',
  'mail.line.name': 'Name {{name}}',
  'mail.line.number': 'Number {{number}}',
  // Each premium lettering choice of a print (domain LETTERING_PARTS): `mail.line.lettering.<part>`.
  'mail.line.lettering.name': 'Name print: {{option}}',
  'mail.line.lettering.number': 'Number print: {{option}}',
  'mail.line.patch': 'Patch: {{name}}',
  'mail.line.addon': 'Add-on: {{name}}',
  'order.onlyCaptureMarksPaid': 'Only a verified PayPal capture marks an order paid',
  'order.beingPaid': 'The order is being paid right now; try again in a moment',
  'order.changedMeanwhile': 'The order changed meanwhile; reload it and try again',
  'order.notShipped': 'The order has not shipped yet',
  // The back office.
  'staff.emailTaken': 'This email already has an account; give it a role instead',
  'staff.ownSuper': 'You cannot revoke your own R_SUPER role',
  'staff.disableSelf': 'You cannot disable your own account',
  'staff.lastSuper': 'The shop needs at least one active R_SUPER account',
  'team.numberTaken': 'Another player of this team already wears number {{number}}',
  'nav.tagTaken': 'The tag "{{tag}}" is already used by another navigation entry',
  'nav.hasChildren': 'This entry still has {{count}} entries under it; move or remove them first',
  'nav.hasProducts': '{{count}} products still sit under this entry; move them to another entry first',
  'nav.tooDeep': 'The navigation has at most three levels (sport, league, team)',
  'nav.cycle': 'An entry cannot move under itself or under one of its own entries',
  'nav.movesProducts': '{{count}} products sit under this entry; it can be reordered among its siblings but not moved to another parent',
  'customer.isStaff': 'This is a staff account: manage it on the staff screen',
  'customer.confirmMismatch': 'The email typed does not match the account; nothing was erased',
  'customer.eraseSelf': 'You cannot erase your own account',
  'admin.export.subscriberEmail': 'Email',
  'admin.export.subscriberSource': 'Source',
  'admin.export.subscribedAt': 'Subscribed at',
  'admin.export.subscriberAccount': 'Account id',
  'admin.exportTooLarge': 'The filter matches {{matched}} orders; narrow it to at most {{max}} to export',
  'admin.export.orderNo': 'Order number',
  'admin.export.createdAt': 'Placed at',
  'admin.export.paidAt': 'Paid at',
  'admin.export.status': 'Status',
  'admin.export.paymentState': 'Payment',
  'admin.export.email': 'Email',
  'admin.export.customerName': 'Ship-to name',
  'admin.export.country': 'Country',
  'admin.export.currency': 'Currency',
  'admin.export.total': 'Total',
  'admin.export.totalEur': 'Total (EUR)',
  'admin.export.itemCount': 'Items',
  'admin.export.personalised': 'Personalised',

  // Refunds (the back office; payments/refund-desk.ts).
  'refund.notPaid': 'Only a paid order can be refunded',
  'refund.unknownLine': 'Line {{id}} is not a line of this order',
  'refund.tooMany': 'Line {{id}} has only {{left}} left to refund',
  'refund.exceeds': 'At most {{left}} can still be refunded',
  'refund.nothingLeft': 'Nothing is left to refund on this order',
  'refund.refused': 'PayPal refused the refund ({{reason}})',
  'refund.failedBefore': 'This refund failed earlier; start a new one',
  'refund.keyReused': 'This idempotency key was used for another refund of this order (other lines or another amount); start a new refund to pay back something else',
  'refund.underWay': 'A refund of this order is under way at PayPal; try again once it has ended',
  // Products in the back office (catalogue/product-desk.ts, image-desk.ts).
  'product.stale': 'This product was changed by someone else since you opened it; reload it, then make your change again',
  'product.unknownTeam': 'Team {{id}} does not exist',
  'product.unknownTags': 'Unknown navigation tags: {{tags}}',
  'product.compareAtTooLow': 'The compare-at price must be higher than the price',
  'product.priceOutOfRange': 'The change would take the price of products {{ids}} outside EUR {{min}} to {{max}}; nothing was changed',
  'product.notFoundIds': 'Products not found: {{ids}}',
  'product.stockCsvInvalid': 'The stock file has {{count}} wrong lines; nothing was changed',
  'product.csv.header': 'The header must name the columns product_id, size and stock',
  'product.csv.empty': 'There are no stock lines',
  'product.csv.tooMany': 'Too many lines (at most 20,000)',
  'product.csv.columns': 'This line has a different number of fields than the header',
  'product.csv.productId': '"{{value}}" is not a product id',
  'product.csv.size': '"{{value}}" is not a size (XS, S, M, L, XL, 2XL, 3XL, 4XL)',
  'product.csv.stock': '"{{value}}" is not a stock (a whole number from 0 to 99999)',
  'product.csv.duplicate': 'Product and size {{value}} appear on an earlier line too',
  'product.csv.noProduct': 'Product {{value}} does not exist',
  'product.csv.noSize': 'Product {{value}} is not offered in this size',
  'product.image.type': 'The file is not a JPEG, PNG or WebP image',
  'product.image.tooLarge': 'The image is larger than 5 MB',
  'product.image.unreadable': 'The image could not be read',
  'product.image.tooManyPixels': 'The image is {{width}} x {{height}} pixels; at most {{megapixels}} megapixels are accepted',
  'product.image.tooMany': 'A product carries at most {{max}} images',
  'product.image.order': 'Give every image of the product once',
} as const;
