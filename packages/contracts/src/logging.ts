import { z } from 'zod';

/**
 * Analytics events of the client (spec platform-shell section 5): a category and an action are
 * required, value is a number, the non-interaction flag a boolean, transport beacon, xhr or image.
 */
export const clientEvent = z.strictObject({
  category: z.string().trim().min(1).max(64),
  action: z.string().trim().min(1).max(64),
  label: z.string().max(256).optional(),
  value: z.number().finite().optional(),
  nonInteraction: z.boolean().optional(),
  transport: z.enum(['beacon', 'xhr', 'image']).optional(),
  screen: z
    .string()
    .max(64)
    .optional()
    .describe('Screen name, e.g. register, login, crypto_deposit'),
});
export type ClientEvent = z.infer<typeof clientEvent>;

export const clientEventsRequest = z.strictObject({
  events: z.array(clientEvent).min(1).max(50),
});
export type ClientEventsRequest = z.infer<typeof clientEventsRequest>;

export const clientEventsResponse = z.object({ accepted: z.number().int() });
