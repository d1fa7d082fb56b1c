/**
 * The back office's dynamic route mode (the specification's `/route/*` calls): the same route
 * table the app's static mode reads (domain/back-office/routes.model.ts), filtered by the caller's roles.
 */
import type { z } from 'zod';
import type { AdminRoute } from '../../back-office/routes.model.ts';
import type { UserRoutes } from '../../back-office/routes.model.ts';
import type { routeExistRequestSchema } from '../../back-office/routes.schema.ts';
import { get, type NoRequest } from '../endpoint.ts';

export const routeApi = {
  constantRoutes: get<NoRequest, AdminRoute[]>('/route/getConstantRoutes'),
  userRoutes: get<NoRequest, UserRoutes>('/route/getUserRoutes'),
  isRouteExist: get<z.input<typeof routeExistRequestSchema>, boolean>('/route/isRouteExist'),
};
