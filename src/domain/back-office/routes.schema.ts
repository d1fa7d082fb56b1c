/** The dynamic route mode's request (isRouteExist of domain/api/admin/route.ts); the routes are in routes.model.ts. */
import { z } from 'zod';

export const routeExistRequestSchema = z.strictObject({ routeName: z.string().min(1).max(60) });
