/** Webhook endpoints in the back office (settings:edit, owners only: an endpoint receives every order's amounts). */
import { webhooksApi } from '../../../domain/api/admin/webhooks.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { webhookDeliveriesRequestSchema, webhookIdRequestSchema, webhookListRequestSchema, webhookSaveRequestSchema } from '../../../domain/back-office/webhooks.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import { splitPage } from '../../db/paging.ts';
import type { WebhookDesk } from './desk.ts';

export function webhookRoutes(desk: WebhookDesk, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.SETTINGS_EDIT], (edit) => {
    edit(webhooksApi.list, 'The webhook endpoints, with their newest delivery state and failures', webhookListRequestSchema, () => desk.list());
    edit(webhooksApi.save, 'Add an endpoint (its secret answered once) or change one; https only, no internal address in production; audited', webhookSaveRequestSchema, ({ body, actor }) => desk.save(actor, body));
    edit(webhooksApi.remove, 'Remove an endpoint and its delivery log; audited', webhookIdRequestSchema, ({ body, actor }) => desk.remove(actor, body.id));
    edit(webhooksApi.rotate, "Give an endpoint a new secret, answered once; audited", webhookIdRequestSchema, ({ body, actor }) => desk.rotate(actor, body.id));
    edit(webhooksApi.test, 'Queue a ping event to one endpoint; audited', webhookIdRequestSchema, ({ body, actor }) => desk.test(actor, body.id));
    edit(webhooksApi.deliveries, "An endpoint's deliveries, newest first", webhookDeliveriesRequestSchema, ({ body }) => {
      const [filter, page] = splitPage(body);
      return desk.deliveries(filter.endpointId, page);
    });
    edit(webhooksApi.redeliver, 'Send a delivery again now, attempts counted afresh; audited', webhookIdRequestSchema, ({ body, actor }) => desk.redeliver(actor, body.id));
  });
}
